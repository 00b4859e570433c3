// POST /api/game/wallet/{provider}/rollback: cancels a bet (ledger kind game.rollback, house
// games → player real, keyed by the bet's id so no bet is refunded twice). A bet whose round has
// a win (or a result of 0) cannot be rolled back. A rollback naming a transaction never seen
// leaves a tombstone under that id: the bet, if it arrives later, is refused (15010).
import {
  type GameBetSettledEvent,
  type ProviderRollbackBody,
  ProviderWalletError,
} from "@casino/contract/game";
import { playerChannel } from "@casino/contract/realtime";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { creditBonusPart, playerLegs, splitRefund } from "../bonus/bonus-bets";
import { lockPlayerLimits } from "../risk/enforce-limits";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import type { GameProviderRecord } from "./provider-signature";
import {
  afterMovement,
  balanceAnswer,
  fail,
  gamesHouseAccount,
  ledgerKey,
  ProviderWalletFailure,
  realSession,
  replayIfSeen,
  roundStatus,
  sessionWallet,
  sha256,
  subunitOf,
} from "./provider-wallet";
import { sportBetRepository } from "./sport-bets";
import { gameWalletRepository, type StoredAnswer } from "./wallet-repository";

export async function walletRollback(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: ProviderRollbackBody,
): Promise<StoredAnswer> {
  const session = await realSession(ctx, provider, body.token);
  const subunit = await subunitOf(ctx.db, session.currency);
  const requestHash = sha256(
    `rollback\n${body.referenceTransactionId}\n${body.roundId ?? ""}\n${body.closeRound}\n${session.id}`,
  );

  // Outside the transaction: PGlite runs one statement at a time.
  const house = await gamesHouseAccount(ctx, session.currency);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const games = gameWalletRepository(tx);
    await lockPlayerLimits(tx, session.playerId);
    await replayIfSeen(tx, provider, body.transactionId, "rollback", requestHash);
    const wallet = await sessionWallet(tx, session);
    let real = wallet.balances.real;
    let bonus = wallet.balances.bonus;
    let ledgerTransactionId: bigint | null = null;
    let roundClosed: boolean | undefined;

    const bet = await games.findTransaction(provider.id, body.referenceTransactionId);
    if (bet && bet.playerId !== session.playerId) {
      throw fail.unknownTransaction("No such transaction of this player");
    }
    if (bet && bet.kind === "bet" && bet.currency !== session.currency) {
      throw fail.currencyMismatch();
    }
    if (bet && (bet.kind === "win" || bet.kind === "rollback")) {
      throw fail.unknownTransaction("Only bets can be rolled back");
    }
    if (!bet) {
      // Unknown: a tombstone, so the bet is refused if it comes late. Nothing moves.
      await games.insertTransaction({
        providerId: provider.id,
        providerTxId: body.referenceTransactionId,
        kind: "tombstone",
        requestHash: "tombstone",
        playerId: session.playerId,
        roundId: null,
        amount: 0n,
        currency: session.currency,
        status: "tombstone",
        referenceTxId: body.transactionId,
        ledgerTransactionId: null,
        response: { status: 409, body: {} },
        now,
      });
    } else if (bet.kind === "bet" && bet.status === "applied" && bet.roundId) {
      const round = await games.findRoundById(bet.roundId);
      if (round?.hasWin) {
        throw new ProviderWalletFailure(
          409,
          ProviderWalletError.RollbackAfterWin,
          "The bet's round has a win: it cannot be rolled back",
          balanceAnswer(session.currency, subunit, real, wallet.balances.bonus),
        );
      }
      // Each part of the stake back where it came from (ADR 0010).
      const split = await splitRefund(
        tx,
        { providerId: provider.id, providerTxId: body.referenceTransactionId },
        bet.amount,
      );
      const [posted] = await postInTransaction(tx, [
        {
          key: ledgerKey(provider, body.referenceTransactionId, ":rollback"),
          kind: "game.rollback",
          legs: [
            { account: house, currency: bet.currency, amount: -bet.amount },
            ...playerLegs(split, wallet.ledger, bet.currency),
          ],
          metadata: {
            provider: provider.slug,
            rollbackId: body.transactionId,
            betId: body.referenceTransactionId,
          },
        },
      ]);
      if (posted?.status !== "applied") throw fail.duplicate();
      real = posted.balances.get(wallet.ledger.real) ?? real + split.toReal;
      bonus = posted.balances.get(wallet.ledger.bonus) ?? bonus + split.toBonus;
      await creditBonusPart(tx, split);
      ledgerTransactionId = posted.transactionId;
      await games.markRolledBack(provider.id, body.referenceTransactionId);
      const wasClosed = round?.status === "closed";
      const updated = await games.updateRound({
        id: bet.roundId,
        refund: bet.amount,
        close: body.closeRound,
        now,
      });
      roundClosed = updated.round.status === "closed";
      // A sports bet whose stake came back and whose round closed is void (sport-bets.ts).
      const voided = roundClosed && updated.round.refundAmount >= updated.round.betAmount;
      await sportBetRepository(tx).change(
        [
          {
            roundId: bet.roundId,
            payout: bet.amount,
            status: voided ? "void" : null,
            close: voided,
          },
        ],
        now,
      );
      await afterMovement(tx, ctx, {
        provider,
        session,
        round: updated.round,
        closedNow: updated.closedNow,
        moved: { wallet: { ...wallet, balances: { ...wallet.balances, bonus } }, real, subunit },
        subunit,
      });
      if (wasClosed) {
        // The round was settled already (its event went out): say what changed, once.
        const event: GameBetSettledEvent = {
          type: "game.bet.settled",
          bet: {
            roundId: updated.round.id,
            providerRoundId: updated.round.providerRoundId,
            provider: provider.slug,
            gameId: updated.round.gameId,
            currency: updated.round.currency,
            betAmount: formatAmount(updated.round.betAmount, subunit),
            winAmount: formatAmount(updated.round.winAmount, subunit),
            refundAmount: formatAmount(updated.round.refundAmount, subunit),
            status: roundStatus(updated.round),
            settledAt: now.toISOString(),
          },
        };
        await walletRepository(tx).enqueueEvent(
          playerChannel("gameBets", session.playerId),
          { ...event, type: "game.bet.refunded" },
          now,
        );
      }
    }
    // A bet refused for funds, one rolled back already, or a tombstone: nothing more to do.
    const answer: StoredAnswer = {
      status: 200,
      body: {
        data: {
          ...balanceAnswer(session.currency, subunit, real, bonus),
          transactionId: ledgerTransactionId?.toString() ?? null,
          replay: false,
          ...(roundClosed === undefined ? {} : { roundClosed }),
        },
      },
    };
    await games.insertTransaction({
      providerId: provider.id,
      providerTxId: body.transactionId,
      kind: "rollback",
      requestHash,
      playerId: session.playerId,
      roundId: bet?.roundId ?? null,
      amount: ledgerTransactionId ? (bet?.amount ?? 0n) : 0n,
      currency: session.currency,
      status: "applied",
      referenceTxId: body.referenceTransactionId,
      ledgerTransactionId,
      response: answer,
      now,
    });
    return answer;
  });
}
