// Expiry (job "bonus-expiry" on the job port): open bonuses and free spins past expires_at end
// with result 4 (3-4 expired); an expired bonus's money goes back to the house. Idempotent and
// safe on several nodes: each item is finished under the player's lock only if still open.
import type { AppContext } from "../../context";
import { finishBonus, finishFreespin } from "./lifecycle";
import { bonusRepository, lockPlayer } from "./repository";

export async function expireBonuses(ctx: AppContext, limit = 200): Promise<number> {
  const now = ctx.now();
  let done = 0;
  const bonuses = await ctx.db.query<{ id: string; player_id: string }>(
    `SELECT id::text AS id, player_id FROM player_bonuses
      WHERE status IN (1, 2) AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  for (const item of bonuses) {
    await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, item.player_id);
      const record = await bonusRepository(tx).findPlayerBonus(item.player_id, Number(item.id));
      if (record && record.status !== 3 && record.expiresAt <= now) {
        if (await finishBonus(tx, ctx, record, 4)) done += 1;
      }
    });
  }
  const spins = await ctx.db.query<{ id: string; player_id: string }>(
    `SELECT id::text AS id, player_id FROM player_freespins
      WHERE status IN (1, 2) AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  for (const item of spins) {
    await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, item.player_id);
      const record = await bonusRepository(tx).findFreespin(item.player_id, Number(item.id));
      if (record && record.status !== 3 && record.expiresAt <= now) {
        if (await finishFreespin(tx, ctx, record, 4)) done += 1;
      }
    });
  }
  return done;
}
