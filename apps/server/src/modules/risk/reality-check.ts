// Reality checks (issue 6; README "Responsible gambling"): the player's interval and what the
// current sign-in session has played: its length and, per currency, stakes, winnings and net.
// The site times the prompt; the server only answers what to show in it.
import type { RealityCheck, RealityCheckBody } from "@casino/contract/limits";
import { REALITY_CHECK_MINUTES } from "@casino/contract/limits";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { currencySubunits } from "../settings/list-currencies";
import { limitsRepository } from "./limits-repository";

export async function getRealityCheck(
  ctx: AppContext,
  player: { profileId: string; sessionId: string },
): Promise<RealityCheck> {
  const [row] = await ctx.db.query<{ minutes: number | null; started_at: Date }>(
    `SELECT p.reality_check_minutes AS minutes, s.created_at AS started_at
       FROM players p JOIN player_sessions s ON s.player_id = p.id
      WHERE p.id = $1 AND s.id = $2`,
    [player.profileId, player.sessionId],
  );
  if (!row) throw AppError.unauthorized();
  const now = ctx.now();
  const startedAt = new Date(row.started_at);
  const played = await limitsRepository(ctx.db).playedByCurrency({
    playerId: player.profileId,
    start: startedAt,
    // The ledger stamps the database's time; include all of it up to now and a little beyond.
    end: new Date(Math.max(now.getTime(), Date.now()) + 1000),
  });
  const subunits = await currencySubunits(ctx.db);
  return {
    intervalMinutes: row.minutes === null ? null : Number(row.minutes),
    options: [...REALITY_CHECK_MINUTES],
    session: {
      startedAt: startedAt.toISOString(),
      seconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    },
    results: played
      .filter((item) => item.stakes !== 0n || item.winnings !== 0n)
      .map((item) => {
        const subunit = subunits.get(item.currency) ?? 100;
        return {
          currency: item.currency,
          staked: formatAmount(item.stakes, subunit),
          won: formatAmount(item.winnings, subunit),
          net: formatAmount(item.winnings - item.stakes, subunit),
        };
      }),
  };
}

export async function setRealityCheck(
  ctx: AppContext,
  player: { profileId: string; sessionId: string },
  body: RealityCheckBody,
): Promise<RealityCheck> {
  await ctx.db.query("UPDATE players SET reality_check_minutes = $2 WHERE id = $1", [
    player.profileId,
    body.intervalMinutes,
  ]);
  return getRealityCheck(ctx, player);
}
