import { FramePage } from "../features/page/frame-page";
import { LoyaltyPageBody } from "../features/retention/loyalty-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { isRouteAvailable } from "../lib/routing/route-filters";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/loyalty";

const TITLE = "Loyalty";
const EMPTY = "There are no loyalty levels yet.";

async function load(env: LoaderEnv) {
  const { init } = await guardPage(env);
  if (!isRouteAvailable("loyalty", init.settings)) notFound();
  return null;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "loyalty", TITLE);

/** Loyalty (RT-14, absent when loyalty is off: RT-29): account, levels, how to earn. */
export default function LoyaltyPage() {
  return (
    <FramePage pageKey="loyalty" title={TITLE} empty={EMPTY}>
      <LoyaltyPageBody />
    </FramePage>
  );
}
