// The game calls of spec §7 ("Bonuses and games") as TanStack Query options and plain functions
// (GM-01..GM-10). Types come from the contract as types only: no zod reaches the browser.
import type { Game, GameDetail, GameProvider, GameRound } from "@casino/contract/game";
import { apiRequest } from "../../lib/api/api-client";

export type { Game, GameDetail, GameProvider, GameRound };
/** A row of GET /api/game/spins/winners (contract GameWinner). */
export type Winner = {
  gameId: number;
  gameSlug: string;
  gameTitle: string;
  gameImage: string | null;
  nickname: string;
  amount: string;
  currency: string;
  wonAt: string;
};
/** The answer of POST /api/game/games/{id}/play (contract GameLaunch). */
export type GameLaunch = {
  url: string;
  mode: "real" | "demo";
  token: string;
  currency: string | null;
  expiresAt: string;
};
export type PageMeta = { page: number; perPage: number; total: number };
export type GamePage = { data: Game[]; meta: PageMeta };

export const GAMES_KEY = ["game", "games"] as const;
export const FAVORITES_KEY = ["game", "games", "favorites"] as const;
export const PLAYED_KEY = ["game", "games", "played"] as const;
export const ROUNDS_KEY = ["game", "rounds"] as const;

export type GameFilters = {
  collection?: string;
  provider?: string;
  search?: string;
  device?: "mobile" | "desktop";
  sort?: "popular" | "newest" | "title";
  perPage?: number;
};

/** GET /api/game/games with filters, one page (GM-02). */
export function fetchGames(filters: GameFilters, page: number): Promise<GamePage> {
  return apiRequest<GamePage>("/api/game/games", {
    query: { ...filters, search: filters.search || undefined, page },
  });
}

/** The first page of a filter (a rail, a search). */
export function gamesQuery(filters: GameFilters) {
  return {
    queryKey: [...GAMES_KEY, "list", filters] as const,
    queryFn: () => fetchGames(filters, 1),
    staleTime: 60_000,
  };
}

/** Every page of a filter, for grids with "load more" (useInfiniteQuery). */
export function gamePagesQuery(filters: GameFilters) {
  return {
    queryKey: [...GAMES_KEY, "pages", filters] as const,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchGames(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: GamePage) =>
      last.meta.page * last.meta.perPage < last.meta.total ? last.meta.page + 1 : undefined,
    staleTime: 60_000,
  };
}

/** GET /api/game/games/{id or slug} (GM-03); `viewer` keys the signed-in player's isFavorite. */
export function gameQuery(id: string, viewer: string | null) {
  return {
    queryKey: [...GAMES_KEY, "detail", id, viewer ?? "guest"] as const,
    queryFn: () =>
      apiRequest<{ data: GameDetail }>(`/api/game/games/${encodeURIComponent(id)}`).then(
        (body) => body.data,
      ),
    staleTime: 30_000,
  };
}

/** GET /api/game/games/favorites (GM-05). */
export const favoritesQuery = {
  queryKey: FAVORITES_KEY,
  queryFn: () =>
    apiRequest<{ data: Game[] }>("/api/game/games/favorites").then((body) => body.data),
  staleTime: 30_000,
};

/** GET /api/game/games/played (GM-07). */
export const playedQuery = {
  queryKey: PLAYED_KEY,
  queryFn: () => apiRequest<{ data: Game[] }>("/api/game/games/played").then((body) => body.data),
  staleTime: 10_000,
};

/** GET /api/game/providers/{id or slug} (GM-08). */
export function providerQuery(id: string) {
  return {
    queryKey: ["game", "providers", id] as const,
    queryFn: () =>
      apiRequest<{ data: GameProvider }>(`/api/game/providers/${encodeURIComponent(id)}`).then(
        (body) => body.data,
      ),
    staleTime: 5 * 60_000,
  };
}

/** GET /api/game/spins/winners (GM-10). */
export const winnersQuery = {
  queryKey: ["game", "winners"] as const,
  queryFn: () => apiRequest<{ data: Winner[] }>("/api/game/spins/winners").then((b) => b.data),
  staleTime: 15_000,
  refetchInterval: 30_000,
};

export type RoundFilters = {
  kind: "bets" | "spins";
  page: number;
  perPage: number;
  /** Bets only: "1" settled, "0" open, undefined all. */
  isSettled?: "0" | "1";
};

/** GET /api/game/bets?page&perPage&isSettled and /api/game/spins?page&perPage (GM-09). */
export function roundsQuery(filters: RoundFilters) {
  return {
    queryKey: [...ROUNDS_KEY, filters] as const,
    queryFn: () =>
      apiRequest<{ data: GameRound[]; meta: PageMeta }>(`/api/game/${filters.kind}`, {
        query: {
          page: filters.page,
          perPage: filters.perPage,
          isSettled: filters.kind === "bets" ? filters.isSettled : undefined,
        },
      }),
    staleTime: 10_000,
  };
}

/** POST /api/game/games/{id}/play (GM-04): a launch URL with a one-time game session token. */
export function launchGame(
  id: number | string,
  body: {
    mode: "real" | "demo";
    currency?: string;
    locale?: string;
    returnUrl?: string;
    platform?: 1 | 2;
  },
): Promise<GameLaunch> {
  return apiRequest<{ data: GameLaunch }>(`/api/game/games/${id}/play`, {
    method: "POST",
    body,
  }).then((answer) => answer.data);
}

/** POST (favorite) or DELETE (unfavorite) /api/game/games/{id}/favorite (GM-06). */
export function setFavorite(id: number | string, favorite: boolean): Promise<boolean> {
  return apiRequest<{ data: { isFavorite: boolean } }>(`/api/game/games/${id}/favorite`, {
    method: favorite ? "POST" : "DELETE",
  }).then((answer) => answer.data.isFavorite);
}
