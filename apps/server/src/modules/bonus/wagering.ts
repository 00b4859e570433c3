// Wagering progress from settled bets (domain events game.bet.settled / game.bet.refunded,
// consumer "bonus-wagering", handled once in the dispatcher's transaction). A round counts for
// the bonus that was active when its bets were placed (bonus_bets): its stakes, less refunds,
// times the game's contribution percentage (bonus_game_rules, else the bonus's default; 0 for
// excluded games). A sports bet (a round with a sport_bets row) counts its bonus's sport
// contribution instead, and nothing when void, cashed out or below the bonus's minimum odds (a
// multiple by its total odds; migration 0080). When the wagered amount reaches amount ×
// multiplier the bonus is played (3-2) and what it holds turns into real money; a bonus whose
// money is gone with no round of it still open is lost (3-5).
//
// Set-based: a dispatch's events are counted in three statements whatever their number (what
// each round counts for, the progress written, the bonuses read back); one event alone (a retry)
// is the one-item case. The count lives in player_bonus_wagering (migration 0034), which only
// this consumer writes: bets update the player_bonuses row, and neither waits for the other.
import { percentOf } from "@casino/money/percentage";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { BetSettledPayload, DomainEvent } from "../../infra/domain-events";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { finishBonus, openBonusRounds, playerBonusUpdated } from "./lifecycle";
import { bonusRepository, lockPlayers, type PlayerBonusRecord } from "./repository";

interface CountedRow {
  n: number;
  player_bonus_id: string;
  player_id: string;
  staked: string;
  contribution: string;
  wagered: string;
}

/** The wagering each event counts for, in event order: only rounds staked under an active bonus. */
async function countedRounds(tx: Queryable, events: readonly DomainEvent[]) {
  const bets = events.map((event) => event.payload as unknown as BetSettledPayload);
  const rows = await tx.query<CountedRow>(
    `SELECT r.n::integer AS n, s.player_bonus_id::text AS player_bonus_id, pb.player_id::text AS player_id,
            s.staked::text AS staked,
            (CASE WHEN sb.id IS NULL THEN COALESCE(gr.contribution, b.default_contribution)
                  WHEN sb.status IN ('void', 'cashed_out') OR sb.total_odds < b.sport_min_odds THEN 0
                  ELSE b.sport_contribution END)::text AS contribution,
            COALESCE(w.wagered, 0)::text AS wagered
       FROM unnest($1::integer[], $2::text[], $3::uuid[], $4::integer[], $5::bigint[])
              WITH ORDINALITY AS r(provider, round, player, game, round_id, n)
      CROSS JOIN LATERAL (
              SELECT bb.player_bonus_id, sum(bb.real_amount + bb.bonus_amount) AS staked
                FROM bonus_bets bb
               WHERE bb.provider_id = r.provider AND bb.provider_round_id = r.round
                 AND bb.player_id = r.player
               GROUP BY bb.player_bonus_id ORDER BY 2 DESC LIMIT 1) s
       JOIN player_bonuses pb ON pb.id = s.player_bonus_id AND pb.status = 2
       JOIN bonuses b ON b.id = pb.bonus_id
       LEFT JOIN bonus_game_rules gr ON gr.bonus_id = b.id AND gr.game_id = r.game
       LEFT JOIN sport_bets sb ON sb.round_id = r.round_id
       LEFT JOIN player_bonus_wagering w ON w.player_bonus_id = pb.id
      ORDER BY r.n`,
    [
      bets.map((bet) => bet.providerId),
      bets.map((bet) => bet.providerRoundId),
      bets.map((bet) => bet.playerId),
      bets.map((bet) => bet.gameId),
      bets.map((bet) => bet.roundId),
    ],
  );
  return rows.map((row) => ({ row, event: events[row.n - 1]!, bet: bets[row.n - 1]! }));
}

/** What one event adds to its bonus's wagering (negative for a refund), before contribution. */
function countedAmount(event: DomainEvent, bet: BetSettledPayload, staked: bigint): bigint {
  if (event.type === "game.bet.refunded") return -BigInt(bet.refundedNow ?? "0");
  const betAmount = BigInt(bet.betAmount);
  const counted = (staked < betAmount ? staked : betAmount) - BigInt(bet.refundAmount);
  return counted < 0n ? 0n : counted;
}

/** Whether the bonus may be finishing: wagered through, or its money gone. */
function finishing(bonus: PlayerBonusRecord): boolean {
  return bonus.wagered >= bonus.wagerTotal || bonus.balance === 0n;
}

interface Progress {
  playerId: string;
  /** The count read before this dispatch, then moved event by event (never below 0). */
  from: bigint;
  to: bigint;
}

/** A dispatch's settled and refunded bets: wagering counted, bonuses finished, players told. */
export async function onBetEvents(
  tx: Queryable,
  ctx: AppContext,
  events: readonly DomainEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const progress = new Map<number, Progress>();
  for (const { row, event, bet } of await countedRounds(tx, events)) {
    const id = Number(row.player_bonus_id);
    const counted = countedAmount(event, bet, BigInt(row.staked));
    const moved =
      counted >= 0n ? percentOf(counted, row.contribution) : -percentOf(-counted, row.contribution);
    const entry = progress.get(id) ?? {
      playerId: row.player_id,
      from: BigInt(row.wagered),
      to: BigInt(row.wagered),
    };
    const to = entry.to + moved;
    entry.to = to < 0n ? 0n : to;
    progress.set(id, entry);
  }
  if (progress.size === 0) return;
  const moved = [...progress].filter(([, entry]) => entry.to !== entry.from);
  if (moved.length > 0) {
    // No player lock for the count: bets read the bonus's status, balance and max bet, never what
    // it has wagered, and they write the player_bonuses row, not this one. A lock taken here
    // would be held to the end of the dispatch and every bet of the player would wait for it
    // (seconds under load with many bonus players: bench:games --bonused). Adds the difference
    // (not the value read) in case a retry of another node counts beside this dispatch.
    await tx.query(
      `INSERT INTO player_bonus_wagering AS w (player_bonus_id, wagered)
       SELECT d.id, d.delta FROM unnest($1::bigint[], $2::numeric[]) AS d(id, delta) ORDER BY d.id
       ON CONFLICT (player_bonus_id) DO UPDATE SET wagered = GREATEST(w.wagered + EXCLUDED.wagered, 0)`,
      [moved.map(([id]) => id), moved.map(([, entry]) => (entry.to - entry.from).toString())],
    );
  }
  const bonuses = await bonusRepository(tx).playerBonusesById([...progress.keys()]);
  const candidates = bonuses.filter((bonus) => bonus.status === 2 && finishing(bonus));
  const finished = new Set<number>();
  if (candidates.length > 0) {
    // Finishing moves money and changes what bets read: under the players' locks, as bets take
    // them (in id order), reading each bonus again (a bet may have moved its balance meanwhile).
    await lockPlayers(
      tx,
      candidates.map((bonus) => bonus.playerId),
    );
    for (const candidate of candidates) {
      const bonus = await bonusRepository(tx).findPlayerBonus(candidate.playerId, candidate.id);
      if (bonus?.status !== 2 || !finishing(bonus)) continue;
      if ((await openBonusRounds(tx, bonus.id)) > 0) continue;
      await finishBonus(
        tx,
        ctx,
        bonus,
        bonus.wagered >= bonus.wagerTotal && bonus.balance > 0n ? 2 : 5,
      );
      finished.add(bonus.id);
    }
  }
  // Finishing told the player already; the others hear of their progress once per dispatch.
  const told = bonuses.filter(
    (bonus) =>
      !finished.has(bonus.id) && progress.get(bonus.id)!.to !== progress.get(bonus.id)!.from,
  );
  await enqueueRealtimeEvents(tx, told.map(playerBonusUpdated), ctx.now());
}

/** One event (a retry, or a batch that failed and is handled event by event). */
export function onBetEvent(tx: Queryable, ctx: AppContext, event: DomainEvent): Promise<void> {
  return onBetEvents(tx, ctx, [event]);
}
