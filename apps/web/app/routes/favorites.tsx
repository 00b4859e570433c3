import { FramePage } from "../features/page/frame-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/favorites";

const TITLE = "Favorite games";
const EMPTY = "Your favorite games will be listed here once games are available.";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "favorites", TITLE);

export default function FavoritesPage() {
  return <FramePage pageKey="favorites" title={TITLE} empty={EMPTY} playersOnly />;
}
