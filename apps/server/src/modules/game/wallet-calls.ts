// What a bet or a win decides, apart from how it is run: alone in a transaction of its own
// (wallet-bet.ts, wallet-win.ts: every check, for calls that need the limit, bonus or free-spin
// checks) or with other players' calls in one batch (wallet-batch.ts). Both read the same state
// (`callStates`), check it here, post through the same postings and write the same rows, so a
// call gets the same answer whichever way it went.
import { ProviderWalletError } from "@casino/contract/game";
import { parseAmount } from "@casino/money/parse";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import type { Posting, PostingLeg, PostingResult } from "../wallet/ledger";
import type { WalletAccountRecord } from "../wallet/repository";
import type { GameProviderRecord } from "./provider-signature";
import {
  balanceAnswer,
  fail,
  ledgerKey,
  type MoneyCallBody,
  movementEvents,
  ProviderWalletFailure,
  prepareMoneyCall,
  replayOf,
  sha256,
} from "./provider-wallet";
import { switchedOffGames } from "./switched-off";
import {
  type CallState,
  gameWalletRepository,
  type Movement,
  type StoredAnswer,
} from "./wallet-repository";

type Prepared = Awaited<ReturnType<typeof prepareMoneyCall>>;

/** A bet or a win with what was read before its transaction (session, amount, hash, house). */
export interface MoneyCall extends Prepared {
  kind: "bet" | "win";
  provider: GameProviderRecord;
  body: MoneyCallBody;
  /** A bet in a game an operator switched off (itself or its provider): refused, not replayed. */
  switchedOff: boolean;
  /** A sports bet's potential payout in minor units (a bet with `sportBet`). */
  potentialPayout: bigint | null;
}

/** Reads what a call needs before its transaction; refuses a zero bet (422). */
export async function prepareCall(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: MoneyCallBody,
  kind: "bet" | "win",
): Promise<MoneyCall> {
  const prepared = await prepareMoneyCall(ctx, provider, body, kind);
  if (kind === "bet" && prepared.amount === 0n) {
    throw AppError.unprocessable({ amount: ["A bet must be more than zero"] });
  }
  // A win paying platform free spins is another request than the same win without them; a
  // sports bet or settlement is part of the request too (the same id with another one: 15005).
  let requestHash =
    body.freeSpinsId === undefined
      ? prepared.requestHash
      : sha256(`${prepared.requestHash}\nfree-spins:${body.freeSpinsId}`);
  let potentialPayout: bigint | null = null;
  if (kind === "bet" && body.sportBet) {
    const parsed = parseAmount(body.sportBet.potentialPayout, prepared.subunit);
    if (!parsed.ok) {
      throw AppError.unprocessable({
        "sportBet.potentialPayout": ["Not an amount of the session's currency"],
      });
    }
    potentialPayout = parsed.value;
    requestHash = sha256(`${requestHash}\nsport:${JSON.stringify(body.sportBet)}`);
  }
  if (kind === "win" && body.settlement) {
    requestHash = sha256(`${requestHash}\nsettlement:${JSON.stringify(body.settlement)}`);
  }
  const switchedOff =
    kind === "bet" && (await switchedOffGames(ctx.db)).has(prepared.session.gameId);
  return { ...prepared, requestHash, kind, provider, body, switchedOff, potentialPayout };
}

/**
 * Under the players' lock (taken by the caller): the state of each call, in one statement.
 * A call seen before is answered by its first answer (thrown as ReplayedAnswer, or a coded
 * failure) by `checkCall`.
 */
export function readCallStates(
  tx: Queryable,
  calls: readonly MoneyCall[],
  now: Date,
): Promise<CallState[]> {
  return gameWalletRepository(tx).callStates(
    calls.map((call) => ({
      providerId: call.provider.id,
      providerTxId: call.body.transactionId,
      providerRoundId: call.body.roundId,
      playerId: call.session.playerId,
      playerSessionId: call.session.playerSessionId,
      walletAccountId: call.session.walletAccountId,
      currency: call.session.currency,
      kind: call.kind,
    })),
    now,
  );
}

/**
 * The checks on the state every bet and win passes, in this order: a replay or a reused id,
 * then (bets) the account and the sign-in and game sessions, the round (this player's and
 * game's, still open; a win needs one unless it opens a free-spins round), the wallet account.
 * Throws the coded failure; returns the wallet account.
 */
export function checkCall(call: MoneyCall, state: CallState, now: Date): WalletAccountRecord {
  replayOf(state.seen, call.kind, call.requestHash);
  const { session } = call;
  const { round } = state;
  if (call.kind === "bet") {
    if (state.status === 3) throw fail.accountDisabled();
    if (!state.sessionLive || session.expiresAt.getTime() <= now.getTime()) {
      throw fail.invalidToken("The game session has ended");
    }
    if (call.switchedOff) throw fail.invalidToken("The game is switched off");
    if (round && (round.playerId !== session.playerId || round.gameId !== session.gameId)) {
      throw fail.unknownTransaction("The round belongs to another player or game");
    }
    if (round && call.body.sportBet) {
      throw AppError.unprocessable({ roundId: ["A sports bet opens a round of its own"] });
    }
  } else {
    // Wins settle bets already taken: an expired game session or a signed-out player still
    // gets paid.
    const opensFreeSpinRound = !round && call.body.freeSpinsId !== undefined;
    if (
      !opensFreeSpinRound &&
      (!round || round.playerId !== session.playerId || round.gameId !== session.gameId)
    ) {
      throw fail.unknownTransaction("No bet of this player in that round");
    }
  }
  if (round?.status === "closed") throw fail.roundClosed();
  if (!state.wallet) throw fail.invalidToken("The game session's wallet account is gone");
  return state.wallet;
}

/** The ledger posting of a bet: `fromReal` and `fromBonus` out of the player, the stake to the house. */
export function betPosting(
  call: MoneyCall,
  wallet: WalletAccountRecord,
  fromReal: bigint,
  fromBonus: bigint,
): Posting {
  const { currency } = call.session;
  const legs: PostingLeg[] = [];
  if (fromReal > 0n) legs.push({ account: wallet.ledger.real, currency, amount: -fromReal });
  if (fromBonus > 0n) legs.push({ account: wallet.ledger.bonus, currency, amount: -fromBonus });
  legs.push({ account: call.house, currency, amount: call.amount });
  return {
    key: ledgerKey(call.provider, call.body.transactionId),
    kind: "game.bet",
    legs,
    metadata: postingMetadata(call),
  };
}

/** The ledger posting of a win: from the house to the legs given (real, bonus or a holding). */
export function winPosting(call: MoneyCall, to: PostingLeg[]): Posting {
  return {
    key: ledgerKey(call.provider, call.body.transactionId),
    kind: "game.win",
    legs: [{ account: call.house, currency: call.session.currency, amount: -call.amount }, ...to],
    metadata: postingMetadata(call),
  };
}

function postingMetadata(call: MoneyCall): Record<string, unknown> {
  const { freeSpinsId } = call.body;
  return {
    provider: call.provider.slug,
    roundId: call.body.roundId,
    gameId: call.session.gameId,
    ...(freeSpinsId === undefined ? {} : { freeSpinsId }),
  };
}

/** A refusal with the balance, as every refusal of a bet answers. */
export function refusal(
  call: MoneyCall,
  wallet: WalletAccountRecord,
  status: number,
  code: number,
  message: string,
): ProviderWalletFailure {
  const balance = balanceAnswer(
    call.session.currency,
    call.subunit,
    wallet.balances.real,
    wallet.balances.bonus,
  );
  return new ProviderWalletFailure(status, code, message, balance);
}

/**
 * Records a bet's refusal like the ledger records it (a retry of this id gets the same answer)
 * and returns the answer.
 */
export async function recordRefusal(
  tx: Queryable,
  call: MoneyCall,
  state: CallState,
  failure: ProviderWalletFailure,
  ledgerTransactionId: bigint | null,
  now: Date,
): Promise<StoredAnswer> {
  const answer = failure.answer();
  await gameWalletRepository(tx).insertTransaction({
    providerId: call.provider.id,
    providerTxId: call.body.transactionId,
    kind: call.kind,
    requestHash: call.requestHash,
    playerId: call.session.playerId,
    roundId: state.round?.id ?? null,
    amount: call.amount,
    currency: call.session.currency,
    status: "rejected",
    ledgerTransactionId,
    response: answer,
    now,
  });
  return answer;
}

/** What a bet's posting came to: refused for funds, or applied with the player's new balances. */
export function betPosted(
  call: MoneyCall,
  wallet: WalletAccountRecord,
  posted: PostingResult | undefined,
  fromReal: bigint,
  fromBonus: bigint,
):
  | { kind: "short"; failure: ProviderWalletFailure; ledgerTransactionId: bigint }
  | { kind: "applied"; real: bigint; bonus: bigint; ledgerTransactionId: bigint } {
  if (!posted || posted.status === "conflict") throw fail.duplicate();
  if (posted.status === "rejected") {
    return {
      kind: "short",
      failure: refusal(
        call,
        wallet,
        400,
        ProviderWalletError.InsufficientFunds,
        "Insufficient funds",
      ),
      ledgerTransactionId: posted.transactionId,
    };
  }
  return {
    kind: "applied",
    real: posted.balances.get(wallet.ledger.real) ?? wallet.balances.real - fromReal,
    bonus: posted.balances.get(wallet.ledger.bonus) ?? wallet.balances.bonus - fromBonus,
    ledgerTransactionId: posted.transactionId,
  };
}

/**
 * What a win's posting came to: the player's balances after it (applied), or a duplicate of an
 * earlier call with this id and other parameters. `split` is what went to real and bonus money.
 */
export function winPosted(
  wallet: WalletAccountRecord,
  posted: PostingResult | undefined,
  split: { toReal: bigint; toBonus: bigint },
): { real: bigint; bonus: bigint; ledgerTransactionId: bigint } {
  if (posted?.status !== "applied") throw fail.duplicate();
  return {
    real: posted.balances.get(wallet.ledger.real) ?? wallet.balances.real + split.toReal,
    bonus: posted.balances.get(wallet.ledger.bonus) ?? wallet.balances.bonus + split.toBonus,
    ledgerTransactionId: posted.transactionId,
  };
}

/**
 * The answer of a bet or win that went through, and what `recordMovements` writes for it: the
 * round's new totals, the call's row with the answer, the settled event when it closes the
 * round and the wallet's new state when money moved.
 */
export function settle(
  call: MoneyCall,
  state: CallState,
  wallet: WalletAccountRecord,
  after: { real: bigint; bonus: bigint; ledgerTransactionId: bigint | null; moved: boolean },
  now: Date,
): { answer: StoredAnswer; movement: Movement } {
  const { session, body, amount } = call;
  const bet = call.kind === "bet" ? amount : 0n;
  const win = call.kind === "win" ? amount : 0n;
  const answer: StoredAnswer = {
    status: 200,
    body: {
      data: {
        ...balanceAnswer(session.currency, call.subunit, after.real, after.bonus),
        transactionId: after.ledgerTransactionId?.toString() ?? null,
        replay: false,
        roundClosed: body.closeRound,
      },
    },
  };
  const movement: Movement = {
    round: {
      providerId: call.provider.id,
      providerRoundId: body.roundId,
      playerId: session.playerId,
      gameId: session.gameId,
      sessionId: session.id,
      currency: session.currency,
      bet,
      win,
      hasWin: call.kind === "win",
      close: body.closeRound,
    },
    transaction: {
      providerTxId: body.transactionId,
      kind: call.kind,
      requestHash: call.requestHash,
      amount,
      ledgerTransactionId: after.ledgerTransactionId,
      response: answer,
    },
    events: movementEvents({
      provider: call.provider,
      playerId: session.playerId,
      round: state.round,
      providerRoundId: body.roundId,
      gameId: session.gameId,
      currency: session.currency,
      bet,
      win,
      close: body.closeRound,
      moved: after.moved
        ? {
            wallet: { ...wallet, balances: { ...wallet.balances, bonus: after.bonus } },
            real: after.real,
          }
        : null,
      subunit: call.subunit,
      now,
    }),
  };
  return { answer, movement };
}
