import type { GameProvider } from "@casino/contract/game";
import type { GameCatalogueRepository } from "./repository";

export function listProviders(repo: GameCatalogueRepository): Promise<GameProvider[]> {
  return repo.listProviders();
}
