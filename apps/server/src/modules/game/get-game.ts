import { type GameDetail, GameRestrictedCode } from "@casino/contract/game";
import { AppError } from "../../infra/errors";
import { type GameCatalogueRepository, type GameRecord, publicGame } from "./repository";

/** Whether a game may be launched from the country (game and provider restrictions). */
export function isRestrictedIn(game: GameRecord, country: string | null): boolean {
  if (!country) return false;
  return (
    game.restrictedCountries.includes(country) || game.providerRestrictedCountries.includes(country)
  );
}

/** A game by id or slug; 404 when unknown, disabled, or restricted in the request country. */
export async function findPlayableGame(
  repo: GameCatalogueRepository,
  idOrSlug: string,
  country: string | null,
): Promise<GameRecord> {
  const game = await repo.findGame(idOrSlug);
  if (!game) throw AppError.notFound("Game not found");
  if (isRestrictedIn(game, country)) {
    throw new AppError(403, GameRestrictedCode, "This game is not available in your country");
  }
  return game;
}

/** GM-03: the game page's data; a game restricted in the country answers 403/15020. */
export async function getGame(
  repo: GameCatalogueRepository,
  idOrSlug: string,
  country: string | null,
  playerId: string | null,
): Promise<GameDetail> {
  const game = await findPlayableGame(repo, idOrSlug, country);
  const isFavorite = playerId ? await repo.isFavorite(playerId, game.id) : false;
  return { ...publicGame(game), isFavorite };
}
