// Rounds a studio never closes (a crash, a lost win call) would stay open for ever: the bet is
// neither won nor lost, so wagering, quests and tournaments never see it, and a bonus with an
// open round can never convert. After GAME_ROUND_TIMEOUT_HOURS the platform closes them as they
// stand (a bet without a win is lost; the trigger raises game.bet.settled), in batches, safe on
// several nodes (SKIP LOCKED). Later calls on such a round get 15007 like any closed round
// (docs/provider-wallet-api.md "Round time-out").
import type { AppContext } from "../../context";

const BATCH = 500;

/** Closes open rounds older than the time-out; returns how many. */
export async function closeStaleRounds(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const before = new Date(now.getTime() - ctx.config.gameRoundTimeoutHours * 3_600_000);
  let total = 0;
  for (;;) {
    const rows = await ctx.db.query<{ id: string }>(
      `UPDATE game_rounds r SET status = 'closed', closed_at = $2
        WHERE r.id IN (SELECT id FROM game_rounds
                        WHERE status = 'open' AND created_at < $1
                        ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING r.id`,
      [before, now, BATCH],
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
