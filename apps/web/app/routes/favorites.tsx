import { useQuery } from "@tanstack/react-query";
import { GameGrid } from "../features/games/game-grid";
import { favoritesQuery } from "../features/games/games-api";
import { EmptyState } from "../features/page/empty-state";
import { FramePage } from "../features/page/frame-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/favorites";

const TITLE = "Favorite games";

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

/** The player's favorite games (GET /api/game/games/favorites, GM-05); guests are asked to sign in. */
export default function FavoritesPage() {
  return (
    <FramePage pageKey="favorites" title={TITLE} empty="" playersOnly>
      <Favorites />
    </FramePage>
  );
}

function Favorites() {
  const { t } = useSite();
  const favorites = useQuery(favoritesQuery);
  return (
    <GameGrid
      games={favorites.data}
      pending={favorites.isPending}
      label={t("global-components.pages.favorites.title", TITLE)}
      empty={
        <EmptyState
          text={t(
            "global-components.pages.favorites.empty",
            "You have no favorite games yet. Tap the heart on a game to keep it here.",
          )}
        />
      }
    />
  );
}
