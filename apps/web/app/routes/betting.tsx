import { Sportsbook } from "../features/betting/sportsbook";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { isRouteAvailable } from "../lib/routing/route-filters";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/betting";

const TITLE = "Sports betting";

/** RT-06 RT-28: the sportsbook, when a client host, a client id and its catalogue game exist. */
async function load(env: LoaderEnv) {
  const { init } = await guardPage(env);
  if (!isRouteAvailable("betting", init.settings)) notFound();
  return null;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "betting", TITLE);

export default function BettingPage() {
  return <Sportsbook />;
}
