import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useSite } from "../../lib/site";
import { GameCard, GameCardSkeleton } from "./game-card";
import { type Game, type GameFilters, gamePagesQuery } from "./games-api";
import { GameButton } from "./ui";

/** A grid of games, or skeleton cards while they load, or the empty text. */
export function GameGrid({
  games,
  pending,
  label,
  empty,
  skeletons = 12,
}: {
  games: readonly Game[] | undefined;
  pending: boolean;
  label: string;
  empty: ReactNode;
  skeletons?: number;
}) {
  if (pending) {
    return (
      <ul className="game-grid" aria-busy="true" aria-label={label}>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity (and keys no game id can take, so a card never reuses a placeholder's node)
          <li key={`placeholder-${i}`}>
            <GameCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (!games || games.length === 0) return <>{empty}</>;
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((game) => (
        <li key={game.id}>
          <GameCard game={game} />
        </li>
      ))}
    </ul>
  );
}

/** GET /api/game/games with filters, page after page behind a "Load more" button (GM-02). */
export function PagedGameGrid({
  filters,
  label,
  empty,
}: {
  filters: GameFilters;
  label: string;
  empty: ReactNode;
}) {
  const { t } = useSite();
  const pages = useInfiniteQuery(gamePagesQuery(filters));
  const games = pages.data?.pages.flatMap((page) => page.data);
  const total = pages.data?.pages[0]?.meta.total ?? 0;
  return (
    <div className="game-list">
      {pages.isError ? (
        <p className="game-list__error" role="alert">
          {t("global-components.games.loadFailed", "The games could not be loaded.")}
        </p>
      ) : (
        <GameGrid games={games} pending={pages.isPending} label={label} empty={empty} />
      )}
      {games && games.length > 0 ? (
        <p className="game-list__count">
          {t("global-components.games.shown", "{shown} of {total} games", {
            shown: games.length,
            total,
          })}
        </p>
      ) : null}
      {pages.hasNextPage ? (
        <GameButton
          variant="secondary"
          className="game-list__more"
          disabled={pages.isFetchingNextPage}
          aria-busy={pages.isFetchingNextPage || undefined}
          onClick={() => void pages.fetchNextPage()}
        >
          {t("global-components.games.loadMore", "Load more")}
        </GameButton>
      ) : null}
    </div>
  );
}
