// POST /api/game/wallet/{provider}/bet: takes a stake from the player's real balance, then the
// active bonus's (ledger kind game.bet, player → house games), after every check the platform
// makes at the moment money moves: session live, account not blocked, not self-excluded or
// cooling off, bet and loss limits (risk/enforce-limits.ts `betLimitRefusals`), the bonus's max
// bet and restricted games (bonus/bonus-bets.ts `planBets`), all under the player's row lock in
// the call's transaction. Bets run in wallet-batch.ts `applyTogether`, alone or with other
// players' calls; this file has what a bet refused by a limit records.
import type { GameBetLimitReachedEvent } from "@casino/contract/game";
import { playerChannel } from "@casino/contract/realtime";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import type { BetLimitRefusal } from "../risk/enforce-limits";
import { type WalletAccountRecord, walletRepository } from "../wallet/repository";
import { type MoneyCall, recordRefusal, refusal } from "./wallet-calls";
import type { CallState, StoredAnswer } from "./wallet-repository";

/**
 * Records a bet a limit refused (13110 / 13111, with the balance like every refusal here) with
 * the event that opens the site's game-limit-reached modal, in the caller's transaction.
 */
export async function recordLimitRefusal(
  tx: Queryable,
  call: MoneyCall,
  state: CallState,
  wallet: WalletAccountRecord,
  error: BetLimitRefusal,
  now: Date,
): Promise<StoredAnswer> {
  await walletRepository(tx).enqueueEvent(
    playerChannel("gameBets", call.session.playerId),
    limitReachedEvent(error, call.subunit),
    now,
  );
  const failure = refusal(call, wallet, error.status, error.code, error.message);
  return recordRefusal(tx, call, state, failure, null, now);
}

/** The realtime event of a bet a limit refused (the site opens game-limit-reached). */
function limitReachedEvent(refusal: BetLimitRefusal, subunit: number): GameBetLimitReachedEvent {
  const { limit } = refusal;
  const major = (value: bigint | null) => (value === null ? null : formatAmount(value, subunit));
  return {
    type: "game.bet.limit.reached",
    code: refusal.code,
    message: refusal.message,
    limit: {
      definition: limit.definition,
      period: limit.period,
      currency: limit.currency,
      amount: major(limit.amount),
      currentAmount: major(limit.used),
      until: limit.until?.toISOString() ?? null,
    },
  };
}
