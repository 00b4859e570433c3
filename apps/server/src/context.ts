import type { Config } from "./config";
import type { Db } from "./infra/db";
import type { CountryResolver } from "./infra/geo";

/** What route modules get from the app factory: configuration and infrastructure ports. */
export interface AppContext {
  config: Config;
  db: Db;
  resolveCountry: CountryResolver;
}
