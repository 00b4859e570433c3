// The catalogue page cache: the same query and country within the TTL costs no second query;
// another country, another query, a failed read or an expired entry goes to the repository.
import { describe, expect, it, vi } from "vitest";
import { cachedGameLister, ttlCache } from "./list-games";
import type { GameCatalogueRepository } from "./repository";

const query = { page: 1, perPage: 24, sort: "popular" } as const;

function fakeRepo() {
  const listGames = vi.fn(async () => ({ games: [], total: 0 }));
  return { repo: { listGames } as unknown as GameCatalogueRepository, listGames };
}

describe("catalogue page cache", () => {
  it("BE-32 serves a repeated page from memory, per query and per country", async () => {
    const { repo, listGames } = fakeRepo();
    const list = cachedGameLister(repo, async () => [], 10_000);
    await Promise.all([list({ ...query }, "DE"), list({ ...query }, "DE")]);
    expect(listGames).toHaveBeenCalledTimes(1);
    await list({ ...query }, "BR");
    await list({ ...query, page: 2 }, "DE");
    expect(listGames).toHaveBeenCalledTimes(3);
  });

  it("keeps nothing with a TTL of 0, and never a failed read", async () => {
    const { repo, listGames } = fakeRepo();
    const off = cachedGameLister(repo, async () => [], 0);
    await off({ ...query }, null);
    await off({ ...query }, null);
    expect(listGames).toHaveBeenCalledTimes(2);

    listGames.mockRejectedValueOnce(new Error("database down"));
    const on = cachedGameLister(repo, async () => [], 10_000);
    await expect(on({ ...query }, null)).rejects.toThrow("database down");
    await expect(on({ ...query }, null)).resolves.toMatchObject({ data: [] });
  });

  it("expires entries after the TTL", () => {
    vi.useFakeTimers();
    try {
      const cache = ttlCache<number>(1_000);
      cache.set("a", 1);
      expect(cache.get("a")).toBe(1);
      vi.advanceTimersByTime(1_000);
      expect(cache.get("a")).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
