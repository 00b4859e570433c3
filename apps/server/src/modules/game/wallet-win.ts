// POST /api/game/wallet/{provider}/win: credits a round's win to the real balance (ledger kind
// game.win, house games → player real). "0" records the result without moving money. A win
// needs a round this player has bet in, still open; closeRound (default true) settles it.
// A win with freeSpinsId pays a platform free-spins grant: its round has no bet, so the win may
// open it (credited as a normal win until the bonus engine credits it as bonus money).
import type { ProviderWinBody } from "@casino/contract/game";
import type { AppContext } from "../../context";
import { creditBonusPart, playerLegs, splitWin } from "../bonus/bonus-bets";
import { findFreeSpinGrant, recordFreeSpinWin } from "../bonus/free-spin-wins";
import { postInTransaction } from "../wallet/ledger";
import type { GameProviderRecord } from "./provider-signature";
import {
  balanceAnswer,
  fail,
  ledgerKey,
  lockedCallState,
  movementEvents,
  prepareMoneyCall,
  sessionWallet,
  sha256,
} from "./provider-wallet";
import { gameWalletRepository, type StoredAnswer } from "./wallet-repository";

export async function walletWin(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: ProviderWinBody,
): Promise<StoredAnswer> {
  // Wins settle bets already taken: an expired game session or a signed-out player still gets
  // paid, so only the token's existence is checked here.
  const prepared = await prepareMoneyCall(ctx, provider, body, "win");
  const { session, subunit, amount, house } = prepared;
  const freeSpinsId = body.freeSpinsId;
  const requestHash =
    freeSpinsId === undefined
      ? prepared.requestHash
      : sha256(`${prepared.requestHash}\nfree-spins:${freeSpinsId}`);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const games = gameWalletRepository(tx);
    const state = await lockedCallState(tx, { provider, body, session, kind: "win", requestHash });
    const { round } = state;
    const opensFreeSpinRound = !round && freeSpinsId !== undefined;
    if (
      !opensFreeSpinRound &&
      (!round || round.playerId !== session.playerId || round.gameId !== session.gameId)
    ) {
      throw fail.unknownTransaction("No bet of this player in that round");
    }
    if (round?.status === "closed") throw fail.roundClosed();
    const wallet = await sessionWallet(tx, session);

    let real = wallet.balances.real;
    let bonus = wallet.balances.bonus;
    let ledgerTransactionId: bigint | null = null;
    // Platform free spins: their winnings are held for the free-spin winnings bonus (ADR 0010).
    const spins =
      freeSpinsId === undefined
        ? null
        : await findFreeSpinGrant(tx, session.playerId, freeSpinsId, session.currency);
    if (amount > 0n) {
      // The win follows the round's stake split between real and bonus money (ADR 0010).
      const split = spins
        ? { toReal: 0n, toBonus: 0n, playerBonusId: null }
        : await splitWin(
            tx,
            { providerId: provider.id, providerRoundId: body.roundId, playerId: session.playerId },
            amount,
          );
      const [posted] = await postInTransaction(tx, [
        {
          key: ledgerKey(provider, body.transactionId),
          kind: "game.win",
          legs: [
            { account: house, currency: session.currency, amount: -amount },
            ...(spins
              ? [{ account: spins.holding, currency: session.currency, amount }]
              : playerLegs(split, wallet.ledger, session.currency)),
          ],
          metadata: {
            provider: provider.slug,
            roundId: body.roundId,
            gameId: session.gameId,
            ...(freeSpinsId === undefined ? {} : { freeSpinsId }),
          },
        },
      ]);
      if (posted?.status !== "applied") throw fail.duplicate();
      real = posted.balances.get(wallet.ledger.real) ?? real + split.toReal;
      bonus = posted.balances.get(wallet.ledger.bonus) ?? bonus + split.toBonus;
      await creditBonusPart(tx, split);
      ledgerTransactionId = posted.transactionId;
    }
    if (spins) await recordFreeSpinWin(tx, ctx, spins, amount);
    const answer: StoredAnswer = {
      status: 200,
      body: {
        data: {
          ...balanceAnswer(session.currency, subunit, real, bonus),
          transactionId: ledgerTransactionId?.toString() ?? null,
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
        bet: 0n,
        win: amount,
        hasWin: true,
        close: body.closeRound,
      },
      transaction: {
        providerTxId: body.transactionId,
        kind: "win",
        requestHash,
        amount,
        ledgerTransactionId,
        response: answer,
      },
      events: movementEvents({
        provider,
        playerId: session.playerId,
        round,
        providerRoundId: body.roundId,
        gameId: session.gameId,
        currency: session.currency,
        bet: 0n,
        win: amount,
        close: body.closeRound,
        moved:
          amount > 0n
            ? { wallet: { ...wallet, balances: { ...wallet.balances, bonus } }, real }
            : null,
        subunit,
        now,
      }),
      now,
    });
    return answer;
  });
}
