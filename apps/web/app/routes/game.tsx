import type { GameDetail } from "@casino/contract/game";
import { useEffect } from "react";
import { GAME_RESTRICTED, GamePlayer } from "../features/games/game-player";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import { toApiError } from "../lib/api/api-error";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { pageMeta, pageText, rootDataOf } from "../lib/seo/page-meta";
import { useModals, useSite } from "../lib/site";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/game";

const TITLE = "Game";

type GameLoad = { slug: string; game: GameDetail | null; restricted: boolean };

/**
 * `/games/{id}`: the game by slug or numeric id (GET /api/game/games/{id}, GM-03). Unknown → the
 * 404 page; restricted in the request country (403/15020) → the page says so and opens
 * geo-restricted-game.
 */
async function load(env: LoaderEnv): Promise<GameLoad> {
  await guardPage(env);
  const slug = String(env.params.id ?? "").toLowerCase();
  if (!/^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/.test(slug)) notFound();
  const response = await env.api(`/api/game/games/${slug}`);
  if (response.ok) {
    const body = (await response.json()) as { data?: GameDetail };
    if (!body.data || typeof body.data.id !== "number") throw new Error("Unexpected game answer");
    return { slug: body.data.slug, game: body.data, restricted: false };
  }
  if (response.status === 404) notFound();
  const error = await toApiError(response);
  if (error.code === GAME_RESTRICTED) return { slug, game: null, restricted: true };
  throw error;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.game?.title ?? pageText(rootDataOf(args), "games-id", "title", TITLE),
    description: args.loaderData?.game
      ? `${args.loaderData.game.title} · ${args.loaderData.game.provider.name}`
      : undefined,
    image: args.loaderData?.game?.image ?? undefined,
  });

export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { game, slug, restricted } = loaderData;
  if (restricted || !game) return <RestrictedGame slug={slug} />;
  return <GamePlayer key={game.slug} slug={game.slug} initial={game} />;
}

function RestrictedGame({ slug }: { slug: string }) {
  const { t } = useSite();
  const { open } = useModals();
  useEffect(() => {
    open("geo-restricted-game", slug);
  }, [open, slug]);
  return (
    <PageFrame title={t("modals.geo-restricted-game.title", "Game not available")}>
      <EmptyState
        text={t("modals.geo-restricted-game.text", "This game is not available in your country.")}
      />
    </PageFrame>
  );
}
