// The "tournaments" consumer of game.bet.settled (ADR 0009): each settled round of a participant
// adds to their score in every running tournament it counts for, in the dispatcher's
// transaction (exactly once per delivery; tournament_bets makes a second delivery of the same
// round a no-op as well). Set-based: a dispatch's settled bets are scored in a few statements
// whatever their number (the tournaments each counts for, the counted rounds, the participants
// read and written, their entries), and each player hears of an entry once per dispatch, each
// tournament's board once; one event alone is the one-item case.
//
// A round counts when it settled inside the tournament's window, after the player joined, in an
// eligible game, in the tournament's currency (or any, converted, when the tournament says so),
// with a stake (less any refund) of at least the minimum bet, of the tournament's product (all,
// casino: a casino provider's round, sport: a sports bet, a round of a sportsbook provider). Scores: bet_sum adds the stake,
// win_sum the win, max_multiplier keeps the best win / stake (times MULTIPLIER_SCALE, rounded
// down). reached_at is when the current score was reached: ties go to the earlier one.
import { MULTIPLIER_SCALE, type TournamentScoring } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { BetSettledPayload, DomainEvent } from "../../infra/domain-events";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { entryUpdated, publishLeaderboard } from "./publish";
import { tournamentRepository } from "./repository";

interface Candidate {
  n: number;
  id: string;
  scoring: TournamentScoring;
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

/** A round as one tournament counts it. */
interface Scored {
  tournament: Candidate;
  bet: BetSettledPayload;
  convertedBet: bigint;
  convertedWin: bigint;
  points: bigint;
  settledAt: Date;
}

interface Standing {
  score: bigint;
  bets: number;
  reachedAt: Date | null;
}

/**
 * A participant's standing after one more counted round (as one UPDATE per round would leave
 * it): bets + 1; the sums add the points, max_multiplier keeps the best; reached_at is when the
 * current score was reached (a tie of the best multiplier keeps the earlier time).
 */
function addRound(
  standing: Standing,
  scoring: TournamentScoring,
  points: bigint,
  at: Date,
): Standing {
  const bets = standing.bets + 1;
  if (scoring === "max_multiplier") {
    let reachedAt = standing.reachedAt;
    if (points > 0n && points > standing.score) reachedAt = at;
    else if (points > 0n && points === standing.score) {
      reachedAt = reachedAt && reachedAt.getTime() < at.getTime() ? reachedAt : at;
    }
    return { bets, score: points > standing.score ? points : standing.score, reachedAt };
  }
  const reachedAt =
    points > 0n && !(standing.reachedAt && standing.reachedAt.getTime() > at.getTime())
      ? at
      : standing.reachedAt;
  return { bets, score: standing.score + points, reachedAt };
}

/** One settled round (a retry, or a batch handled event by event). */
export function scoreSettledBet(ctx: AppContext, tx: Queryable, event: DomainEvent): Promise<void> {
  return scoreSettledBets(ctx, tx, [event]);
}

/** A dispatch's settled rounds, in log order. */
export async function scoreSettledBets(
  ctx: AppContext,
  tx: Queryable,
  events: readonly DomainEvent[],
): Promise<void> {
  const bets = events
    .map((event) => {
      const bet = event.payload as unknown as BetSettledPayload;
      const stake = BigInt(bet.betAmount) - BigInt(bet.refundAmount);
      return { bet, stake, settledAt: bet.closedAt ? new Date(bet.closedAt) : event.createdAt };
    })
    .filter(({ stake }) => stake > 0n);
  if (bets.length === 0) return;
  // The tournaments each round may count for, locked FOR SHARE so a completion (FOR UPDATE)
  // either runs before (and the tournament is skipped here) or after this transaction.
  // Amounts are converted to the tournament's currency at the currencies' rates, rounded down.
  const candidates = await tx.query<Candidate>(
    `SELECT r.n::integer AS n, t.id, t.scoring, t.min_bet, t.leaderboard_size, c.subunit_to_unit,
            CASE WHEN t.currency = r.currency THEN r.stake
                 ELSE floor(r.stake * src.rate * c.subunit_to_unit / (src.subunit_to_unit * c.rate))
            END AS bet,
            CASE WHEN t.currency = r.currency THEN r.win
                 ELSE floor(r.win * src.rate * c.subunit_to_unit / (src.subunit_to_unit * c.rate))
            END AS win
       FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::integer[], $5::integer[],
                   $6::numeric[], $7::numeric[])
              WITH ORDINALITY AS r(player, settled_at, currency, game, provider, stake, win, n)
       JOIN tournament_participants p ON p.player_id = r.player AND p.joined_at <= r.settled_at
       JOIN tournaments t ON t.id = p.tournament_id
       JOIN currencies c ON c.code = t.currency
       JOIN currencies src ON src.code = r.currency
       JOIN game_providers gp ON gp.id = r.provider
      WHERE t.is_enabled
        AND (t.product = 'all' OR (t.product = 'sport') = (gp.kind = 'sportsbook')) AND t.completed_at IS NULL
        AND t.starts_at <= r.settled_at AND t.ends_at > r.settled_at
        AND (t.currency = r.currency OR t.convert_currencies)
        AND ((cardinality(t.game_ids) = 0 AND cardinality(t.provider_ids) = 0
              AND cardinality(t.collection_ids) = 0)
             OR r.game = ANY (t.game_ids) OR r.provider = ANY (t.provider_ids)
             OR EXISTS (SELECT 1 FROM game_collection_games g
                         WHERE g.game_id = r.game AND g.collection_id = ANY (t.collection_ids)))
      ORDER BY t.id, r.n
      FOR SHARE OF t`,
    [
      bets.map(({ bet }) => bet.playerId),
      bets.map(({ settledAt }) => settledAt),
      bets.map(({ bet }) => bet.currency),
      bets.map(({ bet }) => bet.gameId),
      bets.map(({ bet }) => bet.providerId),
      bets.map(({ stake }) => stake.toString()),
      bets.map(({ bet }) => bet.winAmount),
    ],
  );
  const scored: Scored[] = [];
  for (const tournament of candidates) {
    const { bet, stake, settledAt } = bets[tournament.n - 1]!;
    const convertedBet = BigInt(tournament.bet);
    if (convertedBet < BigInt(tournament.min_bet) || convertedBet <= 0n) continue;
    const convertedWin = BigInt(tournament.win);
    // The multiplier is the same in any currency: take it from the round's own amounts.
    const points =
      tournament.scoring === "max_multiplier"
        ? roundPoints("max_multiplier", stake, BigInt(bet.winAmount))
        : roundPoints(tournament.scoring, convertedBet, convertedWin);
    scored.push({ tournament, bet, convertedBet, convertedWin, points, settledAt });
  }
  // The query returns them in tournament order (the order it locks the tournaments in); the
  // rounds count in log order (a stable sort keeps the tournaments' order within a round).
  scored.sort((a, b) => a.tournament.n - b.tournament.n);
  if (scored.length === 0) return;

  // Each round once per tournament: a round counted already (a second delivery) adds nothing.
  const inserted = await tx.query<{ tournament_id: string; round_id: string }>(
    `INSERT INTO tournament_bets (tournament_id, round_id, player_id, bet_amount, win_amount,
       points, settled_at)
     SELECT s.tournament_id, s.round_id, s.player_id, s.bet, s.win, s.points, s.settled_at
       FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::numeric[], $5::numeric[],
                   $6::numeric[], $7::timestamptz[])
              WITH ORDINALITY AS s(tournament_id, round_id, player_id, bet, win, points, settled_at, n)
      ORDER BY s.n
     ON CONFLICT DO NOTHING
     RETURNING tournament_id::text AS tournament_id, round_id`,
    [
      scored.map((s) => s.tournament.id),
      scored.map((s) => s.bet.roundId),
      scored.map((s) => s.bet.playerId),
      scored.map((s) => s.convertedBet.toString()),
      scored.map((s) => s.convertedWin.toString()),
      scored.map((s) => s.points.toString()),
      scored.map((s) => s.settledAt),
    ],
  );
  const key = (tournamentId: string, other: string) => `${tournamentId}\n${other}`;
  const fresh = new Set(inserted.map((row) => key(row.tournament_id, row.round_id)));
  const counted = scored.filter((s) => fresh.delete(key(s.tournament.id, s.bet.roundId)));
  if (counted.length === 0) return;

  // The participants' standings: read under their row locks, moved round by round in log order,
  // written at once.
  const byEntry = new Map<string, { tournament: Candidate; playerId: string; rounds: Scored[] }>();
  for (const s of counted) {
    const at = key(s.tournament.id, s.bet.playerId);
    const entry = byEntry.get(at) ?? {
      tournament: s.tournament,
      playerId: s.bet.playerId,
      rounds: [],
    };
    entry.rounds.push(s);
    byEntry.set(at, entry);
  }
  const entries = [...byEntry.values()];
  const current = await tx.query<{
    tournament_id: string;
    player_id: string;
    score: string;
    bets: number;
    reached_at: Date | null;
  }>(
    `SELECT p.tournament_id::text AS tournament_id, p.player_id::text AS player_id,
            p.score::text AS score, p.bets, p.reached_at
       FROM tournament_participants p
       JOIN unnest($1::uuid[], $2::uuid[]) AS q(tournament_id, player_id)
         ON p.tournament_id = q.tournament_id AND p.player_id = q.player_id
      ORDER BY p.tournament_id, p.player_id
        FOR UPDATE OF p`,
    [entries.map((e) => e.tournament.id), entries.map((e) => e.playerId)],
  );
  const standings = new Map(
    current.map((row) => [
      key(row.tournament_id, row.player_id),
      { score: BigInt(row.score), bets: row.bets, reachedAt: row.reached_at } as Standing,
    ]),
  );
  const moved = entries.flatMap((entry) => {
    const before = standings.get(key(entry.tournament.id, entry.playerId));
    if (!before) return [];
    const after = entry.rounds.reduce(
      (standing, s) => addRound(standing, entry.tournament.scoring, s.points, s.settledAt),
      before,
    );
    return [{ entry, after }];
  });
  if (moved.length === 0) return;
  await tx.query(
    `UPDATE tournament_participants p
        SET score = u.score, bets = u.bets, reached_at = u.reached_at
       FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::integer[], $5::timestamptz[])
              AS u(tournament_id, player_id, score, bets, reached_at)
      WHERE p.tournament_id = u.tournament_id AND p.player_id = u.player_id`,
    [
      moved.map(({ entry }) => entry.tournament.id),
      moved.map(({ entry }) => entry.playerId),
      moved.map(({ after }) => after.score.toString()),
      moved.map(({ after }) => after.bets),
      moved.map(({ after }) => after.reachedAt),
    ],
  );

  // Each player's entry once; each tournament's board once when an entry in its top moved.
  const now = ctx.now();
  const views = await tournamentRepository(tx).entries(
    moved.map(({ entry }) => ({ tournamentId: entry.tournament.id, playerId: entry.playerId })),
  );
  const boards = new Set<string>();
  const told = moved.flatMap(({ entry }, index) => {
    const view = views[index];
    if (!view) return [];
    // The public board shows the top only: a change below it changes nothing there.
    if (view.place <= entry.tournament.leaderboard_size) boards.add(entry.tournament.id);
    return [entryUpdated(entry.tournament, view)];
  });
  await enqueueRealtimeEvents(tx, told, now);
  for (const tournamentId of [...boards].sort()) await publishLeaderboard(tx, tournamentId, now);
}
