// Rounds a studio never closes (a crash, a lost win call) would stay open for ever: the bet is
// neither won nor lost, so wagering, quests and tournaments never see it, and a bonus with an
// open round can never convert. After the provider's time-out the platform closes them as they
// stand (a bet without a win is lost; the trigger raises game.bet.settled), in batches, safe on
// several nodes (SKIP LOCKED). Later calls on such a round get 15007 like any closed round
// (docs/provider-wallet-api.md "Round time-out").
//
// The time-out is per provider (migration 0076): game_providers.round_timeout_hours, or when it
// is null GAME_ROUND_TIMEOUT_HOURS for a casino provider and never for a sportsbook (a sports
// bet waits for its events, days or weeks); 0 means never.
import type { AppContext } from "../../context";

const BATCH = 500;

/** The hours a provider's rounds may stay open (0: never closed by the platform), as SQL. */
export const ROUND_TIMEOUT_SQL = `COALESCE(p.round_timeout_hours,
  CASE WHEN p.kind = 'sportsbook' THEN 0 END, $3::integer)`;

/** Closes open rounds older than their provider's time-out; returns how many. */
export async function closeStaleRounds(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let total = 0;
  for (;;) {
    const rows = await ctx.db.query<{ id: string }>(
      `UPDATE game_rounds r SET status = 'closed', closed_at = $1
        WHERE r.id IN (SELECT gr.id FROM game_rounds gr
                         JOIN game_providers p ON p.id = gr.provider_id
                        WHERE gr.status = 'open' AND ${ROUND_TIMEOUT_SQL} > 0
                          AND gr.created_at < $1::timestamptz
                                - make_interval(hours => ${ROUND_TIMEOUT_SQL})
                        ORDER BY gr.id LIMIT $2 FOR UPDATE OF gr SKIP LOCKED)
        RETURNING r.id`,
      [now, BATCH, ctx.config.gameRoundTimeoutHours],
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
