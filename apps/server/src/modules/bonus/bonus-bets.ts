// Bets under a bonus (BE-33; docs/adr/0010-bonus-money.md). Called by the provider wallet's
// batches (game/wallet-batch.ts; a call alone is a batch of one) and its rollback, inside their
// transactions, after the players' row locks:
// - planBets: with an active bonus in the session's currency, refuse a bet over its max bet
//   (15011, game.bet.max.exceed) or in a restricted game (15012, game.bet.restricted); otherwise
//   split the stake: real money first, then the active bonus's money.
// - recordBonusBets: keeps the splits (bonus_bets) and takes the bonus parts off the bonuses.
// - splitWins / splitRefund: a win follows the round's stake split; a refund returns each part
//   where it came from. A part that belongs to a bonus no longer active goes to real money.
import {
  type GameBetMaxExceedEvent,
  type GameBetRestrictedEvent,
  PlayerBonusStatus,
} from "@casino/contract/bonus";
import { ProviderWalletError } from "@casino/contract/game";
import { playerChannel } from "@casino/contract/realtime";
import { min } from "@casino/money/arithmetic";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import { walletRepository } from "../wallet/repository";
import { bonusRepository, type PlayerBonusRecord } from "./repository";

export type BetPlan =
  | { kind: "plain" }
  | {
      kind: "refuse";
      status: number;
      code: number;
      message: string;
    }
  | { kind: "bonus"; bonus: PlayerBonusRecord; fromReal: bigint; fromBonus: bigint };

export interface BetPlanInput {
  playerId: string;
  currency: string;
  gameId: number;
  stake: bigint;
  realBalance: bigint;
  now: Date;
}

/**
 * How each stake is paid, for bets of distinct players (the provider wallet's batches; a call
 * alone is a batch of one): their active bonuses and the bonuses' rules for the games in two
 * statements whatever their number. A refusal has its realtime event written already (the caller
 * records the refusal in the same transaction, so both commit together).
 */
export async function planBets(tx: Queryable, inputs: readonly BetPlanInput[]): Promise<BetPlan[]> {
  const bonuses = await bonusRepository(tx).activeBonuses(inputs);
  const asked = inputs.flatMap((input, index) => {
    const bonus = bonuses[index];
    return bonus ? [{ index, bonusId: bonus.bonusId, gameId: input.gameId }] : [];
  });
  if (asked.length === 0) return inputs.map(() => ({ kind: "plain" }));
  const rules = await tx.query<{ is_restricted: boolean; title: string | null }>(
    `SELECT COALESCE(r.is_restricted, false) AS is_restricted, g.title
       FROM unnest($1::integer[], $2::integer[]) WITH ORDINALITY AS q(bonus_id, game_id, n)
       LEFT JOIN games g ON g.id = q.game_id
       LEFT JOIN bonus_game_rules r ON r.game_id = q.game_id AND r.bonus_id = q.bonus_id
      ORDER BY q.n`,
    [asked.map((item) => item.bonusId), asked.map((item) => item.gameId)],
  );
  const plans: BetPlan[] = inputs.map(() => ({ kind: "plain" }));
  for (const [position, { index }] of asked.entries()) {
    const input = inputs[index]!;
    const bonus = bonuses[index]!;
    const rule = rules[position];
    /** A refusal, with the realtime event that opens the site's modal for it. */
    const refuse = async (
      event: GameBetRestrictedEvent | GameBetMaxExceedEvent,
      code: number,
      message: string,
    ): Promise<BetPlan> => {
      await walletRepository(tx).enqueueEvent(
        playerChannel("gameBets", input.playerId),
        event,
        input.now,
      );
      return { kind: "refuse", status: 400, code, message };
    };
    const playerBonus = { id: bonus.id, currency: bonus.currency };
    if (rule?.is_restricted) {
      plans[index] = await refuse(
        {
          type: "game.bet.restricted",
          playerBonus,
          gameId: input.gameId,
          gameTitle: rule.title ?? "",
        },
        ProviderWalletError.BonusGameRestricted,
        "This game cannot be played while the bonus is active",
      );
      continue;
    }
    if (bonus.maxBet !== null && input.stake > bonus.maxBet) {
      plans[index] = await refuse(
        {
          type: "game.bet.max.exceed",
          playerBonus,
          maxBetAmount: formatAmount(bonus.maxBet, bonus.subunitToUnit),
          betAmount: formatAmount(input.stake, bonus.subunitToUnit),
          gameId: input.gameId,
        },
        ProviderWalletError.BonusMaxBetExceeded,
        "The bet is over the bonus's max bet",
      );
      continue;
    }
    const real = input.realBalance > 0n ? input.realBalance : 0n;
    const rest = input.stake - min(input.stake, real);
    const fromBonus = min(rest, bonus.balance);
    // Not enough money: the whole rest is asked of the real balance, which the ledger refuses.
    plans[index] = { kind: "bonus", bonus, fromReal: input.stake - fromBonus, fromBonus };
  }
  return plans;
}

export interface BonusBet {
  providerId: number;
  providerTxId: string;
  providerRoundId: string;
  playerId: string;
  now: Date;
}

/** After the bets' postings were applied: their splits, and the bonuses' balances (two statements). */
export async function recordBonusBets(
  tx: Queryable,
  items: readonly { plan: Extract<BetPlan, { kind: "bonus" }>; bet: BonusBet }[],
): Promise<void> {
  if (items.length === 0) return;
  await tx.query(
    `INSERT INTO bonus_bets (provider_id, provider_tx_id, provider_round_id, player_id,
       player_bonus_id, real_amount, bonus_amount, created_at)
     SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::uuid[], $5::bigint[],
                          $6::numeric[], $7::numeric[], $8::timestamptz[])`,
    [
      items.map(({ bet }) => bet.providerId),
      items.map(({ bet }) => bet.providerTxId),
      items.map(({ bet }) => bet.providerRoundId),
      items.map(({ bet }) => bet.playerId),
      items.map(({ plan }) => plan.bonus.id),
      items.map(({ plan }) => plan.fromReal.toString()),
      items.map(({ plan }) => plan.fromBonus.toString()),
      items.map(({ bet }) => bet.now),
    ],
  );
  await addToBonuses(
    tx,
    items.map(({ plan }) => ({ playerBonusId: plan.bonus.id, amount: -plan.fromBonus })),
  );
}

/** Adds each amount (negative: takes it) to its player bonus's balance, in one statement. */
async function addToBonuses(
  tx: Queryable,
  changes: readonly { playerBonusId: number; amount: bigint }[],
): Promise<void> {
  const moved = changes.filter((change) => change.amount !== 0n);
  if (moved.length === 0) return;
  await tx.query(
    `UPDATE player_bonuses pb SET balance = pb.balance + d.amount
       FROM (SELECT id, sum(amount) AS amount
               FROM unnest($1::bigint[], $2::numeric[]) AS c(id, amount) GROUP BY id) d
      WHERE pb.id = d.id`,
    [moved.map((change) => change.playerBonusId), moved.map((change) => change.amount.toString())],
  );
}

export interface MoneySplit {
  toReal: bigint;
  toBonus: bigint;
  playerBonusId: number | null;
}

async function activeOrNull(tx: Queryable, playerBonusId: number): Promise<boolean> {
  const [row] = await tx.query<{ status: number }>(
    "SELECT status FROM player_bonuses WHERE id = $1",
    [playerBonusId],
  );
  return row?.status === PlayerBonusStatus.Active;
}

export interface WinRound {
  providerId: number;
  providerRoundId: string;
  playerId: string;
}

/**
 * Each win's split: in the proportion of its round's stakes paid with bonus money (rounded
 * down), for several wins (each of its own round) in one statement.
 */
export async function splitWins(
  tx: Queryable,
  wins: readonly { round: WinRound; win: bigint }[],
): Promise<MoneySplit[]> {
  const splits: MoneySplit[] = wins.map(({ win }) => ({
    toReal: win,
    toBonus: 0n,
    playerBonusId: null,
  }));
  const asked = wins.flatMap((item, index) => (item.win > 0n ? [{ ...item, index }] : []));
  if (asked.length === 0) return splits;
  const rows = await tx.query<{
    player_bonus_id: string | null;
    real: string | null;
    bonus: string | null;
    active: boolean;
  }>(
    `SELECT s.player_bonus_id::text AS player_bonus_id, s.real::text AS real,
            s.bonus::text AS bonus, COALESCE(pb.status = 2, false) AS active
       FROM unnest($1::integer[], $2::text[], $3::uuid[]) WITH ORDINALITY AS q(provider_id, round_id, player_id, n)
       LEFT JOIN LATERAL (
         SELECT bb.player_bonus_id, sum(bb.real_amount) AS real, sum(bb.bonus_amount) AS bonus
           FROM bonus_bets bb
           JOIN game_transactions t ON t.provider_id = bb.provider_id
                                   AND t.provider_tx_id = bb.provider_tx_id AND t.status = 'applied'
          WHERE bb.provider_id = q.provider_id AND bb.provider_round_id = q.round_id
            AND bb.player_id = q.player_id
          GROUP BY bb.player_bonus_id ORDER BY sum(bb.bonus_amount) DESC LIMIT 1) s ON true
       LEFT JOIN player_bonuses pb ON pb.id = s.player_bonus_id
      ORDER BY q.n`,
    [
      asked.map(({ round }) => round.providerId),
      asked.map(({ round }) => round.providerRoundId),
      asked.map(({ round }) => round.playerId),
    ],
  );
  for (const [position, { win, index }] of asked.entries()) {
    const row = rows[position];
    if (!row?.player_bonus_id) continue;
    const real = BigInt(row.real ?? "0");
    const bonus = BigInt(row.bonus ?? "0");
    const playerBonusId = Number(row.player_bonus_id);
    if (bonus === 0n || !row.active) {
      splits[index] = { toReal: win, toBonus: 0n, playerBonusId };
      continue;
    }
    const toBonus = (win * bonus) / (real + bonus);
    splits[index] = { toReal: win - toBonus, toBonus, playerBonusId };
  }
  return splits;
}

/** A rolled-back bet: each part back where it came from. */
export async function splitRefund(
  tx: Queryable,
  bet: { providerId: number; providerTxId: string },
  amount: bigint,
): Promise<MoneySplit> {
  const [row] = await tx.query<{ player_bonus_id: string; bonus_amount: string }>(
    `SELECT player_bonus_id::text AS player_bonus_id, bonus_amount::text AS bonus_amount
       FROM bonus_bets WHERE provider_id = $1 AND provider_tx_id = $2`,
    [bet.providerId, bet.providerTxId],
  );
  if (!row) return { toReal: amount, toBonus: 0n, playerBonusId: null };
  const playerBonusId = Number(row.player_bonus_id);
  const bonus = BigInt(row.bonus_amount);
  if (bonus === 0n || !(await activeOrNull(tx, playerBonusId))) {
    return { toReal: amount, toBonus: 0n, playerBonusId };
  }
  return { toReal: amount - bonus, toBonus: bonus, playerBonusId };
}

/** After a win's or refund's posting: the bonus part back on the bonus. */
export async function creditBonusPart(tx: Queryable, split: MoneySplit): Promise<void> {
  await creditBonusParts(tx, [split]);
}

/** creditBonusPart for several splits in one statement. */
export async function creditBonusParts(
  tx: Queryable,
  splits: readonly MoneySplit[],
): Promise<void> {
  await addToBonuses(
    tx,
    splits.flatMap((split) =>
      split.toBonus > 0n && split.playerBonusId !== null
        ? [{ playerBonusId: split.playerBonusId, amount: split.toBonus }]
        : [],
    ),
  );
}

/** Ledger legs paying `split` to the player (the house leg is the caller's). */
export function playerLegs(
  split: Pick<MoneySplit, "toReal" | "toBonus">,
  ledger: { real: bigint; bonus: bigint },
  currency: string,
): { account: bigint; currency: string; amount: bigint }[] {
  const legs = [];
  if (split.toReal > 0n) legs.push({ account: ledger.real, currency, amount: split.toReal });
  if (split.toBonus > 0n) legs.push({ account: ledger.bonus, currency, amount: split.toBonus });
  return legs;
}
