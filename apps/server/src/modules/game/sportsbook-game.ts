// The sportsbook's catalogue game (docs/sportsbook.md): the game of the first switched-on provider
// of kind sportsbook, which /api/init's settings.betting.gameId names and /betting launches for
// the book's token. Every init reads it, so each process keeps it for SPORTSBOOK_GAME_TTL_MS, as
// switched-off.ts keeps the bet switch; an operator's catalogue write forgets it at once on its own
// process (operator-catalogue.ts), other processes see the change within the TTL.
import type { Queryable } from "../../infra/db";
import { gameCatalogueRepository } from "./repository";

export const SPORTSBOOK_GAME_TTL_MS = 5_000;

const kept = new WeakMap<object, { at: number; id: Promise<number | null> }>();

/** `ttlMs` 0 (tests): read every time. */
export function sportsbookGameId(
  db: Queryable,
  ttlMs = SPORTSBOOK_GAME_TTL_MS,
): Promise<number | null> {
  const hit = kept.get(db);
  if (hit && Date.now() - hit.at < ttlMs) return hit.id;
  const id = gameCatalogueRepository(db).findSportsbookGameId();
  if (ttlMs > 0) kept.set(db, { at: Date.now(), id });
  // A failed read is not kept: the next init tries again.
  id.catch(() => kept.delete(db));
  return id;
}

/** After an operator's catalogue write: the next init reads the game again. */
export function forgetSportsbookGame(db: Queryable): void {
  kept.delete(db);
}
