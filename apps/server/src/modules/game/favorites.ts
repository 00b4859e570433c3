import type { Game } from "@casino/contract/game";
import type { AppContext } from "../../context";
import { findPlayableGame } from "./get-game";
import { type GameCatalogueRepository, publicGame } from "./repository";

const LIST_LIMIT = 200;

/** GM-06: favorite a game (idempotent); 404 for an unknown game. */
export async function addFavorite(
  ctx: AppContext,
  repo: GameCatalogueRepository,
  playerId: string,
  gameId: string,
): Promise<void> {
  const game = await findPlayableGame(repo, gameId, null);
  await repo.addFavorite(playerId, game.id, ctx.now());
}

/** GM-06: unfavorite (idempotent: a game not favorited is fine). */
export async function removeFavorite(
  repo: GameCatalogueRepository,
  playerId: string,
  gameId: string,
): Promise<void> {
  const game = await repo.findGame(gameId);
  if (game) await repo.removeFavorite(playerId, game.id);
}

/** GM-05 / GM-07: the player's favorites (newest first) or recently played games. */
export async function listPlayerGames(
  repo: GameCatalogueRepository,
  kind: "favorites" | "played",
  playerId: string,
  country: string | null,
): Promise<Game[]> {
  const games = await repo.listPlayerGames(
    kind,
    playerId,
    country,
    kind === "played" ? 50 : LIST_LIMIT,
  );
  return games.map(publicGame);
}
