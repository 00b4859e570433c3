import type { GameProvider } from "@casino/contract/game";
import { AppError } from "../../infra/errors";
import { type GameCatalogueRepository, isNumericId } from "./repository";

/** One provider by numeric id or by slug (the web app links providers by either). */
export async function getProvider(
  repo: GameCatalogueRepository,
  idOrSlug: string,
): Promise<GameProvider> {
  const provider = isNumericId(idOrSlug)
    ? await repo.findProvider({ id: Number(idOrSlug) })
    : await repo.findProvider({ slug: idOrSlug });
  if (!provider) throw AppError.notFound("Game provider not found");
  return provider;
}
