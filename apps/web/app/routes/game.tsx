import { FramePage } from "../features/page/frame-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/game";

const TITLE = "Game";
const EMPTY = "This game cannot be played yet.";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "games-id", TITLE);

export default function GamePage() {
  return <FramePage pageKey="games-id" title={TITLE} empty={EMPTY} />;
}
