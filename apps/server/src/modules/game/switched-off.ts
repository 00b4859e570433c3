// The games that take no new bets because an operator switched them, or their provider, off
// (games.is_enabled, game_providers.is_enabled). Bets read it on the hot path, so each process
// keeps the list for a few seconds; the operator API forgets it at once on its own process
// (`forgetSwitchedOffGames`), and other processes see a change within SWITCHED_OFF_TTL_MS.
// Wins and rollbacks ignore it: rounds open when the switch went off still settle.
import type { Queryable } from "../../infra/db";

export const SWITCHED_OFF_TTL_MS = 5_000;

const lists = new WeakMap<object, { at: number; ids: Promise<ReadonlySet<number>> }>();

export function switchedOffGames(db: Queryable): Promise<ReadonlySet<number>> {
  const hit = lists.get(db);
  if (hit && Date.now() - hit.at < SWITCHED_OFF_TTL_MS) return hit.ids;
  const ids = db
    .query<{ id: number }>(
      `SELECT g.id FROM games g JOIN game_providers p ON p.id = g.provider_id
        WHERE NOT (g.is_enabled AND p.is_enabled)`,
    )
    .then((rows) => new Set(rows.map((row) => Number(row.id))));
  lists.set(db, { at: Date.now(), ids });
  // A failed read is not kept: the next bet tries again.
  ids.catch(() => lists.delete(db));
  return ids;
}

/** After an operator's change of a game or provider: the next bet reads the list again. */
export function forgetSwitchedOffGames(db: Queryable): void {
  lists.delete(db);
}
