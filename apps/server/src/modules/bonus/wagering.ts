// Wagering progress from settled bets (domain events game.bet.settled / game.bet.refunded,
// consumer "bonus-wagering", handled once in the dispatcher's transaction). A round counts for
// the bonus that was active when its bets were placed (bonus_bets): its stakes, less refunds,
// times the game's contribution percentage (bonus_game_rules, else the bonus's default; 0 for
// excluded games). When the wagered amount reaches amount × multiplier the bonus is played
// (3-2) and what it holds turns into real money; a bonus whose money is gone with no round of it
// still open is lost (3-5).
import { percentOf } from "@casino/money/percentage";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { BetSettledPayload, DomainEvent } from "../../infra/domain-events";
import { finishBonus, openBonusRounds, publishPlayerBonus } from "./lifecycle";
import { bonusRepository, lockPlayer, type PlayerBonusRecord } from "./repository";

/** For a dispatch batch: the ids of the events whose round has stakes under a bonus. */
export async function roundsWithBonusStakes(
  tx: Queryable,
  events: readonly DomainEvent[],
): Promise<Set<string>> {
  const bets = events.map((event) => event.payload as unknown as BetSettledPayload);
  const rows = await tx.query<{ n: number }>(
    `SELECT r.n::integer AS n
       FROM unnest($1::integer[], $2::text[], $3::uuid[]) WITH ORDINALITY AS r(provider, round, player, n)
      WHERE EXISTS (SELECT 1 FROM bonus_bets bb
                     WHERE bb.provider_id = r.provider AND bb.provider_round_id = r.round
                       AND bb.player_id = r.player)`,
    [
      bets.map((bet) => bet.providerId),
      bets.map((bet) => bet.providerRoundId),
      bets.map((bet) => bet.playerId),
    ],
  );
  return new Set(rows.map((row) => events[row.n - 1]!.id));
}

/** Whether the bonus may be finishing: wagered through, or its money gone. */
function finishing(bonus: PlayerBonusRecord): boolean {
  return bonus.wagered >= bonus.wagerTotal || bonus.balance === 0n;
}

export async function onBetEvent(
  tx: Queryable,
  ctx: AppContext,
  event: DomainEvent,
): Promise<void> {
  const bet = event.payload as unknown as BetSettledPayload;
  const [row] = await tx.query<{ player_bonus_id: string; staked: string }>(
    `SELECT bb.player_bonus_id::text AS player_bonus_id,
            sum(bb.real_amount + bb.bonus_amount)::text AS staked
       FROM bonus_bets bb
      WHERE bb.provider_id = $1 AND bb.provider_round_id = $2 AND bb.player_id = $3
      GROUP BY bb.player_bonus_id ORDER BY 2 DESC LIMIT 1`,
    [bet.providerId, bet.providerRoundId, bet.playerId],
  );
  if (!row) return;
  // No player lock for the count itself: bets read the bonus's status, balance and max bet, not
  // what it has wagered, and this consumer runs one dispatch at a time. A lock taken here would
  // be held to the end of the dispatch, and every bet of the player would wait for it (seconds
  // under load with many bonus players: bench:games --bonused). Finishing the bonus moves money
  // and changes what bets read: that takes the lock (below).
  const record = await bonusRepository(tx).findPlayerBonus(
    bet.playerId,
    Number(row.player_bonus_id),
  );
  if (record?.status !== 2) return;

  let counted: bigint;
  if (event.type === "game.bet.refunded") {
    counted = -BigInt(bet.refundedNow ?? "0");
  } else {
    const staked = BigInt(row.staked);
    const betAmount = BigInt(bet.betAmount);
    counted = (staked < betAmount ? staked : betAmount) - BigInt(bet.refundAmount);
    if (counted < 0n) counted = 0n;
  }
  const [rule] = await tx.query<{ contribution: string }>(
    `SELECT COALESCE(r.contribution, b.default_contribution)::text AS contribution
       FROM bonuses b LEFT JOIN bonus_game_rules r ON r.bonus_id = b.id AND r.game_id = $2
      WHERE b.id = $1`,
    [record.bonusId, bet.gameId],
  );
  const contribution = rule?.contribution ?? "100";
  const progress =
    counted >= 0n ? percentOf(counted, contribution) : -percentOf(-counted, contribution);
  if (progress !== 0n) {
    await tx.query(
      // Only while active: a cancel or expiry that committed meanwhile wins.
      "UPDATE player_bonuses SET wagered = GREATEST(wagered + $2::numeric, 0) WHERE id = $1 AND status = 2",
      [record.id, progress.toString()],
    );
  }
  let after = await bonusRepository(tx).findPlayerBonus(bet.playerId, record.id);
  if (!after) return;
  if (finishing(after)) {
    // Under the player's lock, as bets take it; read again: a bet may have moved the balance.
    await lockPlayer(tx, bet.playerId);
    after = await bonusRepository(tx).findPlayerBonus(bet.playerId, record.id);
    if (after?.status !== 2) return;
    if (after.wagered >= after.wagerTotal && (await openBonusRounds(tx, after.id)) === 0) {
      await finishBonus(tx, ctx, after, after.balance > 0n ? 2 : 5);
      return;
    }
    if (after.balance === 0n && (await openBonusRounds(tx, after.id)) === 0) {
      await finishBonus(tx, ctx, after, 5);
      return;
    }
  }
  if (progress !== 0n) await publishPlayerBonus(tx, ctx, bet.playerId, after.id);
}
