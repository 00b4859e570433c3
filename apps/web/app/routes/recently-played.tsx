import { useQuery } from "@tanstack/react-query";
import { GameGrid } from "../features/games/game-grid";
import { playedQuery } from "../features/games/games-api";
import { EmptyState } from "../features/page/empty-state";
import { FramePage } from "../features/page/frame-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/recently-played";

const TITLE = "Recently played";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "recently-played", TITLE);

/** The games the player launched lately (GET /api/game/games/played, GM-07); guests are asked to sign in. */
export default function RecentlyPlayedPage() {
  return (
    <FramePage pageKey="recently-played" title={TITLE} empty="" playersOnly>
      <RecentlyPlayed />
    </FramePage>
  );
}

function RecentlyPlayed() {
  const { t } = useSite();
  const played = useQuery(playedQuery);
  return (
    <GameGrid
      games={played.data}
      pending={played.isPending}
      label={t("global-components.pages.recently-played.title", TITLE)}
      empty={
        <EmptyState
          text={t(
            "global-components.pages.recently-played.empty",
            "The games you play will be listed here.",
          )}
        />
      }
    />
  );
}
