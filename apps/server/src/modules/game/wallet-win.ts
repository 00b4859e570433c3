// POST /api/game/wallet/{provider}/win: credits a round's win to the real balance (ledger kind
// game.win, house games → player real). "0" records the result without moving money. A win
// needs a round this player has bet in, still open; closeRound (default true) settles it.
// A win with freeSpinsId pays a platform free-spins grant: its round has no bet, so the win may
// open it (credited as a normal win until the bonus engine credits it as bonus money).
// Most wins go through wallet-batch.ts with other players' calls (the same split, set-based);
// winAlone is the path of one call alone and of free-spins wins.
import type { AppContext } from "../../context";
import { creditBonusPart, playerLegs, splitWin } from "../bonus/bonus-bets";
import { findFreeSpinGrant, recordFreeSpinWin } from "../bonus/free-spin-wins";
import { postInTransaction } from "../wallet/ledger";
import {
  checkCall,
  type MoneyCall,
  readCallStates,
  settle,
  winPosted,
  winPosting,
} from "./wallet-calls";
import { gameWalletRepository, type StoredAnswer } from "./wallet-repository";

/**
 * A win in a transaction of its own, with every check: the round's bonus split (splitWin) and
 * platform free spins. wallet-batch.ts splits many wins at once (splitWins) and sends here
 * the free-spins wins and the calls of a batch that failed as a whole.
 */
export async function winAlone(ctx: AppContext, call: MoneyCall): Promise<StoredAnswer> {
  const { session, amount } = call;
  const freeSpinsId = call.body.freeSpinsId;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await gameWalletRepository(tx).lockPlayers([session.playerId]);
    const [state] = await readCallStates(tx, [call], now);
    const wallet = checkCall(call, state!, now);

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
            {
              providerId: call.provider.id,
              providerRoundId: call.body.roundId,
              playerId: session.playerId,
            },
            amount,
          );
      const [posted] = await postInTransaction(tx, [
        winPosting(
          call,
          spins
            ? [{ account: spins.holding, currency: session.currency, amount }]
            : playerLegs(split, wallet.ledger, session.currency),
        ),
      ]);
      ({ real, bonus, ledgerTransactionId } = winPosted(wallet, posted, split));
      await creditBonusPart(tx, split);
    }
    if (spins) await recordFreeSpinWin(tx, ctx, spins, amount);
    const { answer, movement } = settle(
      call,
      state!,
      wallet,
      { real, bonus, ledgerTransactionId, moved: amount > 0n },
      now,
    );
    await gameWalletRepository(tx).recordMovements([movement], now);
    return answer;
  });
}
