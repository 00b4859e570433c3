// Bets under a bonus (BE-33; docs/adr/0010-bonus-money.md). Called by the provider wallet's
// bet, win and rollback inside their transactions, after the player's row lock:
// - planBet: with an active bonus in the session's currency, refuse a bet over its max bet
//   (15011, game.bet.max.exceed) or in a restricted game (15012, game.bet.restricted); otherwise
//   split the stake: real money first, then the active bonus's money.
// - recordBonusBet: keeps the split (bonus_bets) and takes the bonus part off the bonus.
// - splitWin / splitRefund: a win follows the round's stake split; a refund returns each part
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

/**
 * How a stake is paid. A refusal has its realtime event written already (the caller records
 * the refusal in the same transaction, so both commit together).
 */
export async function planBet(
  tx: Queryable,
  input: {
    playerId: string;
    currency: string;
    gameId: number;
    stake: bigint;
    realBalance: bigint;
    now: Date;
  },
): Promise<BetPlan> {
  const bonus = await bonusRepository(tx).activeBonus(input.playerId, input.currency);
  if (!bonus) return { kind: "plain" };
  const channel = playerChannel("gameBets", input.playerId);
  const [rule] = await tx.query<{ is_restricted: boolean; title: string }>(
    `SELECT COALESCE(r.is_restricted, false) AS is_restricted, g.title
       FROM games g LEFT JOIN bonus_game_rules r ON r.game_id = g.id AND r.bonus_id = $1
      WHERE g.id = $2`,
    [bonus.bonusId, input.gameId],
  );
  if (rule?.is_restricted) {
    const event: GameBetRestrictedEvent = {
      type: "game.bet.restricted",
      playerBonus: { id: bonus.id, currency: bonus.currency },
      gameId: input.gameId,
      gameTitle: rule.title,
    };
    await walletRepository(tx).enqueueEvent(channel, event, input.now);
    return {
      kind: "refuse",
      status: 400,
      code: ProviderWalletError.BonusGameRestricted,
      message: "This game cannot be played while the bonus is active",
    };
  }
  if (bonus.maxBet !== null && input.stake > bonus.maxBet) {
    const event: GameBetMaxExceedEvent = {
      type: "game.bet.max.exceed",
      playerBonus: { id: bonus.id, currency: bonus.currency },
      maxBetAmount: formatAmount(bonus.maxBet, bonus.subunitToUnit),
      betAmount: formatAmount(input.stake, bonus.subunitToUnit),
      gameId: input.gameId,
    };
    await walletRepository(tx).enqueueEvent(channel, event, input.now);
    return {
      kind: "refuse",
      status: 400,
      code: ProviderWalletError.BonusMaxBetExceeded,
      message: "The bet is over the bonus's max bet",
    };
  }
  const real = input.realBalance > 0n ? input.realBalance : 0n;
  const rest = input.stake - min(input.stake, real);
  const fromBonus = min(rest, bonus.balance);
  // Not enough money: the whole rest is asked of the real balance, which the ledger refuses.
  return { kind: "bonus", bonus, fromReal: input.stake - fromBonus, fromBonus };
}

/** After the bet's posting was applied: the split, and the bonus's balance. */
export async function recordBonusBet(
  tx: Queryable,
  plan: Extract<BetPlan, { kind: "bonus" }>,
  bet: {
    providerId: number;
    providerTxId: string;
    providerRoundId: string;
    playerId: string;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO bonus_bets (provider_id, provider_tx_id, provider_round_id, player_id,
       player_bonus_id, real_amount, bonus_amount, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      bet.providerId,
      bet.providerTxId,
      bet.providerRoundId,
      bet.playerId,
      plan.bonus.id,
      plan.fromReal.toString(),
      plan.fromBonus.toString(),
      bet.now,
    ],
  );
  if (plan.fromBonus > 0n) {
    await tx.query("UPDATE player_bonuses SET balance = balance - $2::numeric WHERE id = $1", [
      plan.bonus.id,
      plan.fromBonus.toString(),
    ]);
  }
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

/** The win's split: in the proportion of the round's stakes paid with bonus money (rounded down). */
export async function splitWin(
  tx: Queryable,
  round: { providerId: number; providerRoundId: string; playerId: string },
  win: bigint,
): Promise<MoneySplit> {
  if (win <= 0n) return { toReal: win, toBonus: 0n, playerBonusId: null };
  const [row] = await tx.query<{ player_bonus_id: string; real: string; bonus: string }>(
    `SELECT bb.player_bonus_id::text AS player_bonus_id,
            sum(bb.real_amount)::text AS real, sum(bb.bonus_amount)::text AS bonus
       FROM bonus_bets bb
       JOIN game_transactions t ON t.provider_id = bb.provider_id
                               AND t.provider_tx_id = bb.provider_tx_id AND t.status = 'applied'
      WHERE bb.provider_id = $1 AND bb.provider_round_id = $2 AND bb.player_id = $3
      GROUP BY bb.player_bonus_id ORDER BY sum(bb.bonus_amount) DESC LIMIT 1`,
    [round.providerId, round.providerRoundId, round.playerId],
  );
  if (!row) return { toReal: win, toBonus: 0n, playerBonusId: null };
  const real = BigInt(row.real);
  const bonus = BigInt(row.bonus);
  const playerBonusId = Number(row.player_bonus_id);
  if (bonus === 0n || !(await activeOrNull(tx, playerBonusId))) {
    return { toReal: win, toBonus: 0n, playerBonusId };
  }
  const toBonus = (win * bonus) / (real + bonus);
  return { toReal: win - toBonus, toBonus, playerBonusId };
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
  if (split.toBonus > 0n && split.playerBonusId !== null) {
    await tx.query("UPDATE player_bonuses SET balance = balance + $2::numeric WHERE id = $1", [
      split.playerBonusId,
      split.toBonus.toString(),
    ]);
  }
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
