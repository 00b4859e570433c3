// POST /api/game/wallet/{provider}/bet: takes a stake from the player's real balance
// (ledger kind game.bet, player real → house games) after every check the platform makes at
// the moment money moves: session live, account not blocked, not self-excluded or cooling off,
// bet and loss limits (assertCanBet, under the player's row lock, in this transaction).
import {
  type GameBetLimitReachedEvent,
  type ProviderBetBody,
  ProviderWalletError,
} from "@casino/contract/game";
import { playerChannel } from "@casino/contract/realtime";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { planBet, recordBonusBet } from "../bonus/bonus-bets";
import { assertCanBet, BetLimitRefusal } from "../risk/enforce-limits";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import type { GameProviderRecord } from "./provider-signature";
import {
  balanceAnswer,
  fail,
  ledgerKey,
  lockedCallState,
  movementEvents,
  ProviderWalletFailure,
  prepareMoneyCall,
  sessionWallet,
} from "./provider-wallet";
import { gameWalletRepository, type StoredAnswer } from "./wallet-repository";

export async function walletBet(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: ProviderBetBody,
): Promise<StoredAnswer> {
  const prepared = await prepareMoneyCall(ctx, provider, body, "bet");
  const { session, subunit, requestHash, house } = prepared;
  const stake = prepared.amount;
  if (stake === 0n) throw AppError.unprocessable({ amount: ["A bet must be more than zero"] });

  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const games = gameWalletRepository(tx);
    const state = await lockedCallState(tx, { provider, body, session, kind: "bet", requestHash });
    if (state.status === 3) throw fail.accountDisabled();
    if (!state.sessionLive || session.expiresAt.getTime() <= now.getTime()) {
      throw fail.invalidToken("The game session has ended");
    }
    const { round } = state;
    if (round && (round.playerId !== session.playerId || round.gameId !== session.gameId)) {
      throw fail.unknownTransaction("The round belongs to another player or game");
    }
    if (round?.status === "closed") throw fail.roundClosed();
    const wallet = await sessionWallet(tx, session);
    const balance = (real: bigint, bonus = wallet.balances.bonus) =>
      balanceAnswer(session.currency, subunit, real, bonus);

    /** Records a refusal like the ledger records it: a retry of this id gets the same answer. */
    const refuse = async (failure: ProviderWalletFailure, ledgerTransactionId: bigint | null) => {
      const refusal = failure.answer();
      await games.insertTransaction({
        providerId: provider.id,
        providerTxId: body.transactionId,
        kind: "bet",
        requestHash,
        playerId: session.playerId,
        roundId: round?.id ?? null,
        amount: stake,
        currency: session.currency,
        status: "rejected",
        ledgerTransactionId,
        response: refusal,
        now,
      });
      return refusal;
    };

    try {
      await assertCanBet(tx, {
        playerId: session.playerId,
        currency: session.currency,
        stake,
        now,
        playerLocked: true, // by lockedCallState
      });
    } catch (error) {
      // 13110 / 13111 as the platform answers them, with the balance like every refusal here,
      // committed with the event that opens the site's game-limit-reached modal.
      if (error instanceof BetLimitRefusal) {
        await walletRepository(tx).enqueueEvent(
          playerChannel("gameBets", session.playerId),
          limitReachedEvent(error, subunit),
          now,
        );
        return refuse(
          new ProviderWalletFailure(
            error.status,
            error.code,
            error.message,
            balance(wallet.balances.real),
          ),
          null,
        );
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
      return refuse(
        new ProviderWalletFailure(
          plan.status,
          plan.code,
          plan.message,
          balance(wallet.balances.real),
        ),
        null,
      );
    }
    const fromReal = plan.kind === "bonus" ? plan.fromReal : stake;
    const fromBonus = plan.kind === "bonus" ? plan.fromBonus : 0n;
    const [posted] = await postInTransaction(tx, [
      {
        key: ledgerKey(provider, body.transactionId),
        kind: "game.bet",
        legs: [
          ...(fromReal > 0n
            ? [{ account: wallet.ledger.real, currency: session.currency, amount: -fromReal }]
            : []),
          ...(fromBonus > 0n
            ? [{ account: wallet.ledger.bonus, currency: session.currency, amount: -fromBonus }]
            : []),
          { account: house, currency: session.currency, amount: stake },
        ],
        metadata: { provider: provider.slug, roundId: body.roundId, gameId: session.gameId },
      },
    ]);
    if (!posted || posted.status === "conflict") throw fail.duplicate();
    if (posted.status === "rejected") {
      return refuse(
        new ProviderWalletFailure(
          400,
          ProviderWalletError.InsufficientFunds,
          "Insufficient funds",
          balance(wallet.balances.real),
        ),
        posted.transactionId,
      );
    }
    const real = posted.balances.get(wallet.ledger.real) ?? wallet.balances.real - fromReal;
    const bonus = posted.balances.get(wallet.ledger.bonus) ?? wallet.balances.bonus - fromBonus;
    if (plan.kind === "bonus") {
      await recordBonusBet(tx, plan, {
        providerId: provider.id,
        providerTxId: body.transactionId,
        providerRoundId: body.roundId,
        playerId: session.playerId,
        now,
      });
    }
    const answer: StoredAnswer = {
      status: 200,
      body: {
        data: {
          ...balance(real, bonus),
          transactionId: posted.transactionId.toString(),
          replay: false,
          roundClosed: body.closeRound,
        },
      },
    };
    await games.recordMovement({
      round: {
        providerId: provider.id,
        providerRoundId: body.roundId,
        playerId: session.playerId,
        gameId: session.gameId,
        sessionId: session.id,
        currency: session.currency,
        bet: stake,
        win: 0n,
        hasWin: false,
        close: body.closeRound,
      },
      transaction: {
        providerTxId: body.transactionId,
        kind: "bet",
        requestHash,
        amount: stake,
        ledgerTransactionId: posted.transactionId,
        response: answer,
      },
      events: movementEvents({
        provider,
        playerId: session.playerId,
        round,
        providerRoundId: body.roundId,
        gameId: session.gameId,
        currency: session.currency,
        bet: stake,
        win: 0n,
        close: body.closeRound,
        moved: { wallet: { ...wallet, balances: { ...wallet.balances, bonus } }, real },
        subunit,
        now,
      }),
      now,
    });
    return answer;
  });
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
