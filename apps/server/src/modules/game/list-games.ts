import type { Game, GameCollection, GameListQuery } from "@casino/contract/game";
import type { PageMeta } from "@casino/contract/pagination";
import { type GameCatalogueRepository, publicGame } from "./repository";

/** GM-02, BE-32: a page of the games the request country may see, filtered and sorted. */
export async function listGames(
  repo: GameCatalogueRepository,
  collections: (country: string | null) => Promise<GameCollection[]>,
  query: GameListQuery,
  country: string | null,
): Promise<{ data: Game[]; meta: PageMeta }> {
  let collectionId: number | undefined;
  if (query.collection) {
    // Only a collection the country may see (the cached list); another lists nothing.
    const collection = (await collections(country)).find((item) => item.slug === query.collection);
    if (!collection)
      return { data: [], meta: { page: query.page, perPage: query.perPage, total: 0 } };
    collectionId = collection.id;
  }
  const { games, total } = await repo.listGames({
    country,
    collectionId,
    provider: query.provider,
    search: query.search,
    device: query.device,
    sort: query.sort,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return {
    data: games.map(publicGame),
    meta: { page: query.page, perPage: query.perPage, total },
  };
}

/**
 * Counts of catalogue filters kept for `ttlMs` (30 s; 0 in tests): counting every match is the
 * one part of a page that grows with the catalogue, and totals may lag an operator's edit.
 */
export function ttlCountCache(ttlMs: number, maxEntries = 5_000) {
  const entries = new Map<string, { at: number; value: number }>();
  return {
    get(key: string): number | undefined {
      const hit = entries.get(key);
      if (!hit || Date.now() - hit.at >= ttlMs) return undefined;
      return hit.value;
    },
    set(key: string, value: number): void {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { at: Date.now(), value });
    },
  };
}
