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
 * A small time-to-live cache (0 ms in tests: nothing kept). Catalogue reads are the same few
 * pages for everyone (home rails, a collection's first page), and an operator's edit may take
 * the TTL to show. Full: cleared, which is cheap and bounds memory.
 */
export function ttlCache<T>(ttlMs: number, maxEntries = 5_000) {
  const entries = new Map<string, { at: number; value: T }>();
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (!hit || Date.now() - hit.at >= ttlMs) return undefined;
      return hit.value;
    },
    set(key: string, value: T): void {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { at: Date.now(), value });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}

/** Counts of catalogue filters kept for a while: counting every match grows with the catalogue. */
export const ttlCountCache = (ttlMs: number, maxEntries = 5_000) =>
  ttlCache<number>(ttlMs, maxEntries);

/**
 * listGames behind a page cache keyed by the whole query and the request country (a page holds
 * public data only: no per-player fields), so the pages everyone asks for cost no query.
 */
export function cachedGameLister(
  repo: GameCatalogueRepository,
  collections: (country: string | null) => Promise<GameCollection[]>,
  ttlMs: number,
) {
  const pages = ttlCache<Promise<{ data: Game[]; meta: PageMeta }>>(ttlMs, 2_000);
  const list = (query: GameListQuery, country: string | null) => {
    const key = JSON.stringify([country, query]);
    const hit = pages.get(key);
    if (hit) return hit;
    const page = listGames(repo, collections, query, country);
    pages.set(key, page);
    // A failed read is not kept: the next request tries again.
    page.catch(() => pages.delete(key));
    return page;
  };
  return Object.assign(list, { clear: () => pages.clear() });
}
