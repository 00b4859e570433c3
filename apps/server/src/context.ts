import type { Config } from "./config";
import type { Db } from "./infra/db";
import type { DomainEvents } from "./infra/domain-events";
import type { CountryResolver } from "./infra/geo";
import type { JobRunner } from "./infra/jobs";
import type { MailPort } from "./infra/mail";
import type { PasswordHasher } from "./infra/passwords";
import type { RateLimitPort } from "./infra/rate-limit";
import type { SmsPort } from "./infra/sms";

/** What route modules get from the app factory: configuration and infrastructure ports. */
export interface AppContext {
  config: Config;
  db: Db;
  resolveCountry: CountryResolver;
  /** The current instant; tests pass a controllable clock instead of sleeping. */
  now: () => Date;
  mail: MailPort;
  sms: SmsPort;
  rateLimits: RateLimitPort;
  passwords: PasswordHasher;
  /** Background jobs on a timer (BACKGROUND_JOBS); modules add theirs at registration. */
  jobs: JobRunner;
  /**
   * Domain events (ADR 0009): `ctx.domainEvents.subscribe(consumer, types, handler)` at
   * registration; each delivery is handled once, in the dispatcher's transaction.
   */
  domainEvents: DomainEvents;
}
