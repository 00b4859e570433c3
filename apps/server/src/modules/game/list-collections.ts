import type { GameCollection } from "@casino/contract/game";
import type { GameCatalogueRepository } from "./repository";

/**
 * API-59: the collections the request country may see; an unknown country sees them all.
 * Every page asks for them, so each process keeps the answer per country for `ttlMs` (30 s;
 * 0 in tests, which change collections and look at once): an operator's edit shows within it
 * on other processes, at once on the one that made it (`clear`).
 */
export function collectionsLister(
  repo: GameCatalogueRepository,
  ttlMs = 30_000,
  now: () => number = Date.now,
) {
  const cache = new Map<string, { at: number; value: Promise<GameCollection[]> }>();
  const list = (country: string | null): Promise<GameCollection[]> => {
    const key = country ?? "";
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = repo.listCollections(country);
    cache.set(key, { at: now(), value });
    value.catch(() => cache.delete(key));
    return value;
  };
  return Object.assign(list, { clear: () => cache.clear() });
}

export function listCollections(
  repo: GameCatalogueRepository,
  country: string | null,
): Promise<GameCollection[]> {
  return repo.listCollections(country);
}
