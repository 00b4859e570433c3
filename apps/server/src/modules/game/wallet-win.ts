// POST /api/game/wallet/{provider}/win: credits a round's win to the real balance (ledger kind
// game.win, house games → player real). "0" records the result without moving money. A win
// needs a round this player has bet in, still open; closeRound (default true) settles it.
import type { ProviderWinBody } from "@casino/contract/game";
import type { AppContext } from "../../context";
import { lockPlayerLimits } from "../risk/enforce-limits";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import type { GameProviderRecord } from "./provider-signature";
import {
  balanceAnswer,
  fail,
  gamesHouseAccount,
  ledgerKey,
  minorUnits,
  movementEvents,
  realSession,
  replayOf,
  sessionWallet,
  sha256,
  subunitOf,
} from "./provider-wallet";
import { gameWalletRepository, type StoredAnswer } from "./wallet-repository";

export async function walletWin(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: ProviderWinBody,
): Promise<StoredAnswer> {
  // Wins settle bets already taken: an expired game session or a signed-out player still gets
  // paid, so only the token's existence is checked here.
  const session = await realSession(ctx, provider, body.token);
  if (body.gameCode !== undefined && body.gameCode !== session.gameCode) {
    throw fail.invalidToken("The token is for another game");
  }
  const subunit = await subunitOf(ctx.db, session.currency);
  if (body.currency !== session.currency) throw fail.currencyMismatch();
  const amount = minorUnits(body.amount, subunit);
  const requestHash = sha256(
    `win\n${body.roundId}\n${amount}\n${body.currency}\n${body.closeRound}\n${session.id}`,
  );

  // Outside the transaction: PGlite runs one statement at a time.
  const house = await gamesHouseAccount(ctx, session.currency);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const games = gameWalletRepository(tx);
    await lockPlayerLimits(tx, session.playerId);
    const state = await games.callState({
      providerId: provider.id,
      providerTxId: body.transactionId,
      providerRoundId: body.roundId,
      playerId: session.playerId,
      playerSessionId: session.playerSessionId,
    });
    replayOf(state.seen, "win", requestHash);
    const { round } = state;
    if (!round || round.playerId !== session.playerId || round.gameId !== session.gameId) {
      throw fail.unknownTransaction("No bet of this player in that round");
    }
    if (round.status === "closed") throw fail.roundClosed();
    const wallet = await sessionWallet(tx, session);

    let real = wallet.balances.real;
    let ledgerTransactionId: bigint | null = null;
    if (amount > 0n) {
      const [posted] = await postInTransaction(tx, [
        {
          key: ledgerKey(provider, body.transactionId),
          kind: "game.win",
          legs: [
            { account: house, currency: session.currency, amount: -amount },
            { account: wallet.ledger.real, currency: session.currency, amount },
          ],
          metadata: { provider: provider.slug, roundId: body.roundId, gameId: session.gameId },
        },
      ]);
      if (posted?.status !== "applied") throw fail.duplicate();
      real = posted.balances.get(wallet.ledger.real) ?? real + amount;
      ledgerTransactionId = posted.transactionId;
    }
    const answer: StoredAnswer = {
      status: 200,
      body: {
        data: {
          ...balanceAnswer(session.currency, subunit, real, wallet.balances.bonus),
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
        moved: amount > 0n ? { wallet, real } : null,
        subunit,
        now,
      }),
      now,
    });
    return answer;
  });
}
