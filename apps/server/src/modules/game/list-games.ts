import type { Game, GameListQuery } from "@casino/contract/game";
import type { PageMeta } from "@casino/contract/pagination";
import { type GameCatalogueRepository, publicGame } from "./repository";

/** GM-02, BE-32: a page of the games the request country may see, filtered and sorted. */
export async function listGames(
  repo: GameCatalogueRepository,
  query: GameListQuery,
  country: string | null,
): Promise<{ data: Game[]; meta: PageMeta }> {
  const { games, total } = await repo.listGames({
    country,
    collection: query.collection,
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
