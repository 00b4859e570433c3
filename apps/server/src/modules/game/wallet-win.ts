// POST /api/game/wallet/{provider}/win: credits a round's win (ledger kind game.win, house games
// → player). "0" records the result without moving money. A win needs a round this player has
// bet in, still open; closeRound (default true) settles it. A win follows the round's stake
// split between real and bonus money (bonus/bonus-bets.ts `splitWins`, ADR 0010). Wins run in
// wallet-batch.ts `applyTogether` with other players' calls; this file has the one kind of win
// that takes a path of its own there: a win with the freeSpinsId of a platform free-spins grant.
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { type FreeSpinGrantMatch, recordFreeSpinWin } from "../bonus/free-spin-wins";
import { postInTransaction } from "../wallet/ledger";
import type { WalletAccountRecord } from "../wallet/repository";
import { type MoneyCall, settle, winPosted, winPosting } from "./wallet-calls";
import type { CallState, Movement, StoredAnswer } from "./wallet-repository";

/**
 * A win of a platform free-spins grant, in the caller's transaction (the player locked, the call
 * checked): its round has no bet, and its amount is held on the grant's account until the last
 * spin, when the total is issued as the free-spin winnings bonus (ADR 0010).
 */
export async function payFreeSpinsWin(
  tx: Queryable,
  ctx: AppContext,
  paid: {
    call: MoneyCall;
    state: CallState;
    wallet: WalletAccountRecord;
    spins: FreeSpinGrantMatch;
  },
  now: Date,
): Promise<{ answer: StoredAnswer; movement: Movement }> {
  const { call, state, wallet, spins } = paid;
  const { real, bonus } = wallet.balances;
  let after = { real, bonus, ledgerTransactionId: null as bigint | null, moved: false };
  if (call.amount > 0n) {
    const [posted] = await postInTransaction(tx, [
      winPosting(call, [
        { account: spins.holding, currency: call.session.currency, amount: call.amount },
      ]),
    ]);
    after = { ...winPosted(wallet, posted, { toReal: 0n, toBonus: 0n }), moved: true };
  }
  await recordFreeSpinWin(tx, ctx, spins, call.amount);
  return settle(call, state, wallet, after, now);
}
