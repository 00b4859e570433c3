// The "tournaments" consumer of game.bet.settled (ADR 0009): each settled round of a participant
// adds to their score in every running tournament it counts for, in the dispatcher's
// transaction (exactly once per delivery; tournament_bets makes a second delivery of the same
// round a no-op as well).
//
// A round counts when it settled inside the tournament's window, after the player joined, in an
// eligible game, in the tournament's currency (or any, converted, when the tournament says so),
// with a stake (less any refund) of at least the minimum bet. Scores: bet_sum adds the stake,
// win_sum the win, max_multiplier keeps the best win / stake (times MULTIPLIER_SCALE, rounded
// down). reached_at is when the current score was reached: ties go to the earlier one.
import { MULTIPLIER_SCALE, type TournamentScoring } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { BetSettledPayload, DomainEvent } from "../../infra/domain-events";
import { publishEntry, publishLeaderboard } from "./publish";
import { tournamentRepository } from "./repository";

interface Candidate {
  id: string;
  scoring: TournamentScoring;
  currency: string;
  min_bet: string;
  leaderboard_size: number;
  subunit_to_unit: string;
  bet: string;
  win: string;
}

/** Points a round scores (in the tournament currency for the sums). */
export function roundPoints(scoring: TournamentScoring, bet: bigint, win: bigint): bigint {
  if (scoring === "bet_sum") return bet;
  if (scoring === "win_sum") return win;
  return bet > 0n ? (win * BigInt(MULTIPLIER_SCALE)) / bet : 0n;
}

export async function scoreSettledBet(
  ctx: AppContext,
  tx: Queryable,
  event: DomainEvent,
): Promise<void> {
  const bet = event.payload as unknown as BetSettledPayload;
  const stake = BigInt(bet.betAmount) - BigInt(bet.refundAmount);
  if (stake <= 0n) return;
  const settledAt = bet.closedAt ? new Date(bet.closedAt) : event.createdAt;
  // The tournaments this round may count for, locked FOR SHARE so a completion (FOR UPDATE)
  // either runs before (and the tournament is skipped here) or after this transaction.
  // Amounts are converted to the tournament's currency at the currencies' rates, rounded down.
  const candidates = await tx.query<Candidate>(
    `SELECT t.id, t.scoring, t.currency, t.min_bet, t.leaderboard_size, c.subunit_to_unit,
            CASE WHEN t.currency = $3 THEN $6::numeric
                 ELSE floor($6::numeric * src.rate * c.subunit_to_unit / (src.subunit_to_unit * c.rate))
            END AS bet,
            CASE WHEN t.currency = $3 THEN $7::numeric
                 ELSE floor($7::numeric * src.rate * c.subunit_to_unit / (src.subunit_to_unit * c.rate))
            END AS win
       FROM tournament_participants p
       JOIN tournaments t ON t.id = p.tournament_id
       JOIN currencies c ON c.code = t.currency
       JOIN currencies src ON src.code = $3
      WHERE p.player_id = $1
        AND t.is_enabled AND t.completed_at IS NULL
        AND t.starts_at <= $2 AND t.ends_at > $2 AND p.joined_at <= $2
        AND (t.currency = $3 OR t.convert_currencies)
        AND ((cardinality(t.game_ids) = 0 AND cardinality(t.provider_ids) = 0
              AND cardinality(t.collection_ids) = 0)
             OR $4 = ANY (t.game_ids) OR $5 = ANY (t.provider_ids)
             OR EXISTS (SELECT 1 FROM game_collection_games g
                         WHERE g.game_id = $4 AND g.collection_id = ANY (t.collection_ids)))
      ORDER BY t.id
      FOR SHARE OF t`,
    [
      bet.playerId,
      settledAt,
      bet.currency,
      bet.gameId,
      bet.providerId,
      stake.toString(),
      bet.winAmount,
    ],
  );
  const now = ctx.now();
  for (const tournament of candidates) {
    const convertedBet = BigInt(tournament.bet);
    if (convertedBet < BigInt(tournament.min_bet) || convertedBet <= 0n) continue;
    const convertedWin = BigInt(tournament.win);
    // The multiplier is the same in any currency: take it from the round's own amounts.
    const points =
      tournament.scoring === "max_multiplier"
        ? roundPoints("max_multiplier", stake, BigInt(bet.winAmount))
        : roundPoints(tournament.scoring, convertedBet, convertedWin);
    const counted = await tx.query(
      `INSERT INTO tournament_bets (tournament_id, round_id, player_id, bet_amount, win_amount,
         points, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING round_id`,
      [
        tournament.id,
        bet.roundId,
        bet.playerId,
        convertedBet.toString(),
        convertedWin.toString(),
        points.toString(),
        settledAt,
      ],
    );
    if (counted.length === 0) continue;
    const updated = await tx.query(
      `UPDATE tournament_participants p
          SET bets = p.bets + 1,
              score = CASE WHEN $3 = 'max_multiplier' THEN GREATEST(p.score, $4::numeric)
                           ELSE p.score + $4::numeric END,
              reached_at = CASE
                WHEN $4::numeric <= 0 THEN p.reached_at
                WHEN $3 = 'max_multiplier' THEN
                  CASE WHEN $4::numeric > p.score THEN $5::timestamptz
                       WHEN $4::numeric = p.score THEN LEAST(p.reached_at, $5::timestamptz)
                       ELSE p.reached_at END
                ELSE GREATEST(COALESCE(p.reached_at, $5::timestamptz), $5::timestamptz) END
        WHERE p.tournament_id = $1 AND p.player_id = $2
        RETURNING p.seq`,
      [tournament.id, bet.playerId, tournament.scoring, points.toString(), settledAt],
    );
    if (updated.length === 0) continue;
    const repo = tournamentRepository(tx);
    const entry = await repo.entry(tournament.id, bet.playerId);
    if (!entry) continue;
    await publishEntry(tx, tournament, entry, now);
    // The public board shows the top only: a change below it changes nothing there.
    if (entry.place <= tournament.leaderboard_size) {
      await publishLeaderboard(tx, tournament.id, now);
    }
  }
}
