// POST /api/game/wallet/{provider}/resettle: a sports bet's result corrected after it was
// settled (docs/provider-wallet-api.md "Resettlement"). `amount` is the bet's new total payout;
// the platform moves the difference against what the bet has given back so far (sport_bets.payout:
// its wins, a void's refunded stake, earlier resettlements), ledger kind game.resettle:
// - more: house games → the player's real balance (first paying off what the player still owes
//   on this bet, see below);
// - less: the player's real balance → house games, as far as the real balance covers it; the
//   rest is booked to the house account player_receivables (what players owe the house) and
//   kept on the bet (sport_bets.shortfall). The ledger always says what happened: the player's
//   balance never goes below zero and the house's claim is visible. A later credit on the bet
//   pays the claim off first. Bonus money is never taken.
// The round's win and refund follow the new payout (a refund is only ever lowered: no second
// game.bet.refunded). Idempotent by transactionId; a replay changes nothing.
import { type ProviderResettleBody, ProviderWalletError } from "@casino/contract/game";
import { min } from "@casino/money/arithmetic";
import type { AppContext } from "../../context";
import { type PostingLeg, postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import type { GameProviderRecord } from "./provider-signature";
import {
  afterMovement,
  balanceAnswer,
  fail,
  gamesHouseAccount,
  ledgerKey,
  minorUnits,
  ProviderWalletFailure,
  realSession,
  replayIfSeen,
  sessionWallet,
  sha256,
  subunitOf,
} from "./provider-wallet";
import { sportBetRepository } from "./sport-bets";
import { gameWalletRepository, type StoredAnswer } from "./wallet-repository";

const receivables = new WeakMap<object, Map<string, bigint>>();

/** The house account of what players owe (created on first use, outside the transaction). */
async function receivablesAccount(ctx: AppContext, currency: string): Promise<bigint> {
  let known = receivables.get(ctx.db);
  if (!known) {
    known = new Map();
    receivables.set(ctx.db, known);
  }
  const cached = known.get(currency);
  if (cached !== undefined) return cached;
  const id = await walletRepository(ctx.db).houseAccount("player_receivables", currency);
  known.set(currency, id);
  return id;
}

export async function walletResettle(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: ProviderResettleBody,
): Promise<StoredAnswer> {
  const session = await realSession(ctx, provider, body.token);
  const subunit = await subunitOf(ctx.db, session.currency);
  if (body.currency !== session.currency) throw fail.currencyMismatch();
  const amount = minorUnits(body.amount, subunit);
  const requestHash = sha256(
    `resettle\n${body.roundId}\n${amount}\n${body.currency}\n${JSON.stringify(body.settlement ?? null)}\n${session.id}`,
  );
  const house = await gamesHouseAccount(ctx, session.currency);
  const owed = await receivablesAccount(ctx, session.currency);

  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const games = gameWalletRepository(tx);
    await games.lockPlayers([session.playerId]);
    await replayIfSeen(tx, provider, body.transactionId, "resettle", requestHash);
    const wallet = await sessionWallet(tx, session);
    const balance = () =>
      balanceAnswer(session.currency, subunit, wallet.balances.real, wallet.balances.bonus);
    const [found] = await tx.query<{ id: string }>(
      "SELECT id::text AS id FROM game_rounds WHERE provider_id = $1 AND provider_round_id = $2",
      [provider.id, body.roundId],
    );
    const round = found ? await games.findRoundById(found.id) : null;
    if (!round || round.playerId !== session.playerId) {
      throw fail.unknownTransaction("No bet of this player in that round");
    }
    if (round.currency !== session.currency) throw fail.currencyMismatch(balance());
    if (round.status === "open") {
      throw new ProviderWalletFailure(
        409,
        ProviderWalletError.RoundOpen,
        "The round is still open: settle it with a win first",
        balance(),
      );
    }
    const sportBets = sportBetRepository(tx);
    const bet = await sportBets.findByRound(round.id);
    if (!bet) throw fail.unknownTransaction("The round has no sports bet");

    const delta = amount - bet.payout;
    let real = wallet.balances.real;
    let ledgerTransactionId: bigint | null = null;
    let shortfall = 0n;
    if (delta !== 0n) {
      const { currency } = session;
      const legs: PostingLeg[] = [{ account: house, currency, amount: -delta }];
      let toPlayer: bigint;
      if (delta > 0n) {
        const repaid = min(delta, bet.shortfall);
        if (repaid > 0n) legs.push({ account: owed, currency, amount: repaid });
        shortfall = -repaid;
        toPlayer = delta - repaid;
      } else {
        const debit = -delta;
        const covered = min(debit, real);
        shortfall = debit - covered;
        if (shortfall > 0n) legs.push({ account: owed, currency, amount: -shortfall });
        toPlayer = -covered;
      }
      if (toPlayer !== 0n) legs.push({ account: wallet.ledger.real, currency, amount: toPlayer });
      const [posted] = await postInTransaction(tx, [
        {
          key: ledgerKey(provider, body.transactionId),
          kind: "game.resettle",
          legs,
          metadata: {
            provider: provider.slug,
            roundId: body.roundId,
            gameId: round.gameId,
            sportBetId: bet.id,
            ...(shortfall > 0n ? { shortfall: shortfall.toString() } : {}),
          },
        },
      ]);
      if (posted?.status !== "applied") throw fail.duplicate();
      real = posted.balances.get(wallet.ledger.real) ?? real + toPlayer;
      ledgerTransactionId = posted.transactionId;
    }
    // The round's totals follow the new payout; its refund is only ever lowered.
    const refund = min(round.refundAmount, amount);
    await tx.query(
      `UPDATE game_rounds SET win_amount = $2::numeric, refund_amount = $3::numeric,
              has_win = has_win OR $2::numeric > 0
        WHERE id = $1`,
      [round.id, (amount - refund).toString(), refund.toString()],
    );
    await sportBets.change(
      [
        {
          roundId: round.id,
          payout: delta,
          shortfall,
          status: body.settlement?.status ?? (amount > 0n ? "won" : "lost"),
          close: true,
          legs: body.settlement?.legs,
        },
      ],
      now,
    );
    await afterMovement(tx, ctx, {
      provider,
      session,
      round,
      closedNow: false,
      moved: ledgerTransactionId ? { wallet, real, subunit } : null,
      subunit,
    });
    const answer: StoredAnswer = {
      status: 200,
      body: {
        data: {
          ...balanceAnswer(session.currency, subunit, real, wallet.balances.bonus),
          transactionId: ledgerTransactionId?.toString() ?? null,
          replay: false,
          roundClosed: true,
        },
      },
    };
    await games.insertTransaction({
      providerId: provider.id,
      providerTxId: body.transactionId,
      kind: "resettle",
      requestHash,
      playerId: session.playerId,
      roundId: round.id,
      amount: delta,
      currency: session.currency,
      status: "applied",
      ledgerTransactionId,
      response: answer,
      now,
    });
    return answer;
  });
}
