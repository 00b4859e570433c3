// The "tournaments" consumer of game.bet.refunded (ADR 0009): a counted round whose stake is
// refunded afterwards (a late rollback) is counted again with what is left of its stake: dropped
// when nothing (or less than the minimum bet) is left, its points recomputed otherwise. The
// participant's score, bets and reached_at are then recomputed from their counted rounds, so a
// refund can never leave a score the remaining rounds do not make. A completed tournament keeps
// its results.
import type { TournamentScoring } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { BetSettledPayload, DomainEvent } from "../../infra/domain-events";
import { publishEntry, publishLeaderboard } from "./publish";
import { tournamentRepository } from "./repository";
import { roundPoints } from "./score-bet";

interface Counted {
  id: string;
  scoring: TournamentScoring;
  min_bet: string;
  subunit_to_unit: string;
  bet: string;
  win: string;
}

export async function refundCountedBet(
  ctx: AppContext,
  tx: Queryable,
  event: DomainEvent,
): Promise<void> {
  const bet = event.payload as unknown as BetSettledPayload;
  const stake = BigInt(bet.betAmount) - BigInt(bet.refundAmount);
  const counted = await tx.query<Counted>(
    `SELECT t.id, t.scoring, t.min_bet, c.subunit_to_unit,
            CASE WHEN t.currency = $2 THEN $3::numeric
                 ELSE floor($3::numeric * src.rate * c.subunit_to_unit / (src.subunit_to_unit * c.rate))
            END AS bet,
            CASE WHEN t.currency = $2 THEN $4::numeric
                 ELSE floor($4::numeric * src.rate * c.subunit_to_unit / (src.subunit_to_unit * c.rate))
            END AS win
       FROM tournament_bets b
       JOIN tournaments t ON t.id = b.tournament_id
       JOIN currencies c ON c.code = t.currency
       JOIN currencies src ON src.code = $2
      WHERE b.round_id = $1 AND t.completed_at IS NULL
      ORDER BY t.id
      FOR SHARE OF t`,
    [bet.roundId, bet.currency, (stake > 0n ? stake : 0n).toString(), bet.winAmount],
  );
  const now = ctx.now();
  for (const tournament of counted) {
    const left = BigInt(tournament.bet);
    if (stake <= 0n || left <= 0n || left < BigInt(tournament.min_bet)) {
      await tx.query("DELETE FROM tournament_bets WHERE tournament_id = $1 AND round_id = $2", [
        tournament.id,
        bet.roundId,
      ]);
    } else {
      const points =
        tournament.scoring === "max_multiplier"
          ? roundPoints("max_multiplier", stake, BigInt(bet.winAmount))
          : roundPoints(tournament.scoring, left, BigInt(tournament.win));
      await tx.query(
        `UPDATE tournament_bets SET bet_amount = $3, points = $4
          WHERE tournament_id = $1 AND round_id = $2`,
        [tournament.id, bet.roundId, left.toString(), points.toString()],
      );
    }
    await tx.query(
      `WITH agg AS (
         SELECT count(*)::int AS bets, COALESCE(sum(points), 0) AS total,
                COALESCE(max(points), 0) AS best,
                max(settled_at) FILTER (WHERE points > 0) AS last_scored
           FROM tournament_bets WHERE tournament_id = $1 AND player_id = $2),
       best_at AS (
         SELECT min(b.settled_at) AS at FROM tournament_bets b, agg
          WHERE b.tournament_id = $1 AND b.player_id = $2 AND agg.best > 0 AND b.points = agg.best)
       UPDATE tournament_participants p
          SET bets = agg.bets,
              score = CASE WHEN $3 = 'max_multiplier' THEN agg.best ELSE agg.total END,
              reached_at = CASE WHEN $3 = 'max_multiplier' THEN best_at.at ELSE agg.last_scored END
         FROM agg, best_at
        WHERE p.tournament_id = $1 AND p.player_id = $2`,
      [tournament.id, bet.playerId, tournament.scoring],
    );
    const entry = await tournamentRepository(tx).entry(tournament.id, bet.playerId);
    if (!entry) continue;
    await publishEntry(tx, tournament, entry, now);
    await publishLeaderboard(tx, tournament.id, now);
  }
}
