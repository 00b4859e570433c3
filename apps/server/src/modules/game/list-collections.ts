import type { GameCollection } from "@casino/contract/game";
import type { GameCatalogueRepository } from "./repository";

/** API-59: the collections the request country may see; an unknown country sees them all. */
export function listCollections(
  repo: GameCatalogueRepository,
  country: string | null,
): Promise<GameCollection[]> {
  return repo.listCollections(country);
}
