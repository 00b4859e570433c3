// POST /api/game/wallet/{provider}/bet: takes a stake from the player's real balance
// (ledger kind game.bet, player real → house games) after every check the platform makes at
// the moment money moves: session live, account not blocked, not self-excluded or cooling off,
// bet and loss limits (assertCanBet, under the player's row lock, in this transaction).
// Most bets go through wallet-batch.ts with other players' calls (the same checks, set-based);
// betAlone is the path of one call alone.
import type { GameBetLimitReachedEvent } from "@casino/contract/game";
import { playerChannel } from "@casino/contract/realtime";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { planBet, recordBonusBet } from "../bonus/bonus-bets";
import { assertCanBet, BetLimitRefusal } from "../risk/enforce-limits";
import { postInTransaction } from "../wallet/ledger";
import { type WalletAccountRecord, walletRepository } from "../wallet/repository";
import {
  betPosted,
  betPosting,
  checkCall,
  type MoneyCall,
  readCallStates,
  recordRefusal,
  refusal,
  settle,
} from "./wallet-calls";
import { type CallState, gameWalletRepository, type StoredAnswer } from "./wallet-repository";

/**
 * A bet in a transaction of its own, with every check: the limits (assertCanBet, under the
 * player's row lock) and the bonus rules and split (planBet). wallet-batch.ts runs the same
 * checks for many bets at once (betLimitRefusals, planBets) and sends here only the calls of a
 * batch that failed as a whole (and every call when batching is off).
 */
export async function betAlone(ctx: AppContext, call: MoneyCall): Promise<StoredAnswer> {
  const { session } = call;
  const stake = call.amount;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await gameWalletRepository(tx).lockPlayers([session.playerId]);
    const [state] = await readCallStates(tx, [call], now);
    const wallet = checkCall(call, state!, now);

    try {
      await assertCanBet(tx, {
        playerId: session.playerId,
        currency: session.currency,
        stake,
        now,
        playerLocked: true, // by lockPlayers
      });
    } catch (error) {
      if (error instanceof BetLimitRefusal) {
        return recordLimitRefusal(tx, call, state!, wallet, error, now);
      }
      throw error;
    }

    // Bonus rules and the real/bonus split of the stake (docs/adr/0010-bonus-money.md).
    const plan = await planBet(tx, {
      playerId: session.playerId,
      currency: session.currency,
      gameId: session.gameId,
      stake,
      realBalance: wallet.balances.real,
      now,
    });
    if (plan.kind === "refuse") {
      const failure = refusal(call, wallet, plan.status, plan.code, plan.message);
      return recordRefusal(tx, call, state!, failure, null, now);
    }
    const fromReal = plan.kind === "bonus" ? plan.fromReal : stake;
    const fromBonus = plan.kind === "bonus" ? plan.fromBonus : 0n;
    const [posted] = await postInTransaction(tx, [betPosting(call, wallet, fromReal, fromBonus)]);
    const result = betPosted(call, wallet, posted, fromReal, fromBonus);
    if (result.kind === "short") {
      return recordRefusal(tx, call, state!, result.failure, result.ledgerTransactionId, now);
    }
    if (plan.kind === "bonus") {
      await recordBonusBet(tx, plan, {
        providerId: call.provider.id,
        providerTxId: call.body.transactionId,
        providerRoundId: call.body.roundId,
        playerId: session.playerId,
        now,
      });
    }
    const { answer, movement } = settle(call, state!, wallet, { ...result, moved: true }, now);
    await gameWalletRepository(tx).recordMovements([movement], now);
    return answer;
  });
}

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
