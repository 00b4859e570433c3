import { FramePage } from "../features/page/frame-page";
import { TournamentList } from "../features/tournaments/tournament-list";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/tournaments";

const TITLE = "Tournaments";
const EMPTY = "There are no tournaments yet.";

async function load(env: LoaderEnv) {
  await guardPage(env);
  return null;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "tournaments", TITLE);

/** Running, upcoming and finished tournaments (GET /api/retention/tournaments). */
export default function TournamentsPage() {
  return (
    <FramePage pageKey="tournaments" title={TITLE} empty={EMPTY}>
      <TournamentList />
    </FramePage>
  );
}
