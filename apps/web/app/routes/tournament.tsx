import { useParams } from "react-router";
import { FramePage } from "../features/page/frame-page";
import { TournamentView } from "../features/tournaments/tournament-view";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/tournament";

const TITLE = "Tournament";
const EMPTY = "This tournament is not available yet.";

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

export const meta: Route.MetaFunction = (args) =>
  framePageMeta(args, "tournaments-identity", TITLE);

/** One tournament: prizes, rules, join, and the leaderboard live over realtime. */
export default function TournamentPage() {
  const { identity = "" } = useParams();
  return (
    <FramePage pageKey="tournaments-identity" title={TITLE} empty={EMPTY}>
      <TournamentView key={identity} identity={identity} />
    </FramePage>
  );
}
