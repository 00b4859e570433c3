// What the provider wallet calls share (docs/provider-wallet-api.md): the session a token names,
// coded failures that carry the balance, balances as answered, stored first answers, events.
import { createHash } from "node:crypto";
import {
  type GameBetSettledEvent,
  GameBetStatus,
  ProviderWalletError,
  type SportBetMeta,
  type SportSettlement,
} from "@casino/contract/game";
import { playerChannel } from "@casino/contract/realtime";
import { type WalletAccountsEvent, walletAccountsChannel } from "@casino/contract/wallet";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { settingsRepository } from "../settings/repository";
import { toWalletAccount } from "../wallet/accounts";
import { type WalletAccountRecord, walletRepository } from "../wallet/repository";
import type { GameProviderRecord } from "./provider-signature";
import {
  type GameSessionRecord,
  type GameTransactionRecord,
  gameWalletRepository,
  type RoundRecord,
  type StoredAnswer,
} from "./wallet-repository";

export interface BalanceAnswer {
  currency: string;
  balance: string;
  realBalance: string;
  bonusBalance: string;
}

export interface WalletAnswer extends BalanceAnswer {
  transactionId?: string | null;
  replay?: boolean;
  roundClosed?: boolean;
}

/** A coded refusal of the provider wallet API; the answer carries the balance when known. */
export class ProviderWalletFailure extends AppError {
  constructor(
    status: number,
    code: number,
    message: string,
    public readonly balance?: BalanceAnswer,
  ) {
    super(status, code, message);
  }

  answer(): StoredAnswer {
    return {
      status: this.status,
      body: {
        error: { code: this.code, message: this.message },
        ...(this.balance ? { balance: this.balance } : {}),
      },
    };
  }
}

/** A stored first answer, replayed: thrown again if it was a refusal. */
export class ReplayedAnswer extends Error {
  constructor(public readonly answer: StoredAnswer) {
    super("replayed answer");
  }
}

export const fail = {
  invalidToken: (message = "Unknown, expired or demo game session token") =>
    new ProviderWalletFailure(401, ProviderWalletError.InvalidToken, message),
  accountDisabled: () =>
    new ProviderWalletFailure(403, ProviderWalletError.AccountDisabled, "The account is disabled"),
  duplicate: () =>
    new ProviderWalletFailure(
      409,
      ProviderWalletError.Duplicate,
      "This transaction id was used before with other parameters",
    ),
  unknownTransaction: (message: string) =>
    new ProviderWalletFailure(404, ProviderWalletError.UnknownTransaction, message),
  roundClosed: () =>
    new ProviderWalletFailure(409, ProviderWalletError.RoundClosed, "The round is closed"),
  unknownFreeSpins: () =>
    new ProviderWalletFailure(
      400,
      ProviderWalletError.UnknownFreeSpins,
      "No free spins of this player, game and currency with that freeSpinsId, or none left",
    ),
  currencyMismatch: (balance?: BalanceAnswer) =>
    new ProviderWalletFailure(
      400,
      ProviderWalletError.CurrencyMismatch,
      "The currency is not the game session's",
      balance,
    ),
};

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The ledger idempotency key of a provider transaction (provider slug + its transaction id). */
export function ledgerKey(provider: GameProviderRecord, providerTxId: string, suffix = ""): string {
  return `game:${provider.slug}:${providerTxId}${suffix}`;
}

const SUBUNIT_TTL_MS = 60_000;
let subunitCache: { at: number; map: Map<string, number> } | null = null;

/** Subunits per currency, cached for a minute (currencies change rarely). */
export async function subunitOf(db: Queryable, currency: string): Promise<number> {
  const now = Date.now();
  if (!subunitCache || now - subunitCache.at > SUBUNIT_TTL_MS || !subunitCache.map.has(currency)) {
    const currencies = await settingsRepository(db).listCurrencies(false);
    subunitCache = {
      at: now,
      map: new Map(currencies.map((item) => [item.code, Number(item.subunitToUnit)])),
    };
  }
  return subunitCache.map.get(currency) ?? 100;
}

/** Major-unit text to minor units of the currency; 422 on `amount` when it does not fit. */
export function minorUnits(text: string, subunit: number): bigint {
  const parsed = parseAmount(text, subunit);
  if (!parsed.ok) {
    throw AppError.unprocessable({
      amount: [`Not an amount of this currency (${parsed.error.replaceAll("_", " ")})`],
    });
  }
  return parsed.value;
}

export function balanceAnswer(
  currency: string,
  subunit: number,
  real: bigint,
  bonus: bigint,
): BalanceAnswer {
  return {
    currency,
    balance: formatAmount(real + bonus, subunit),
    realBalance: formatAmount(real, subunit),
    bonusBalance: formatAmount(bonus, subunit),
  };
}

const houseAccounts = new WeakMap<object, Map<string, bigint>>();

/**
 * The house "games" account of a currency, created (committed) on first use outside the
 * caller's transaction and then remembered per database: its id never changes.
 */
export async function gamesHouseAccount(ctx: AppContext, currency: string): Promise<bigint> {
  let known = houseAccounts.get(ctx.db);
  if (!known) {
    known = new Map();
    houseAccounts.set(ctx.db, known);
  }
  const cached = known.get(currency);
  if (cached !== undefined) return cached;
  const id = await walletRepository(ctx.db).houseAccount("games", currency);
  known.set(currency, id);
  return id;
}

const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 50_000;
const sessionCaches = new WeakMap<
  object,
  Map<string, { at: number; session: GameSessionRecord }>
>();

/**
 * A game session by token hash, kept a minute per process: what it holds never changes (player,
 * game, account, currency, expiry), and what can change (sign-in session revoked, player
 * blocked) is read again inside each call's transaction. Unknown tokens are not cached.
 */
async function cachedSession(ctx: AppContext, tokenHash: string) {
  let cache = sessionCaches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(ctx.db, cache);
  }
  const hit = cache.get(tokenHash);
  if (hit && Date.now() - hit.at < SESSION_CACHE_MS) return hit.session;
  const session = await gameWalletRepository(ctx.db).findSession(tokenHash);
  if (session) {
    if (cache.size >= SESSION_CACHE_MAX) cache.clear();
    cache.set(tokenHash, { at: Date.now(), session });
  }
  return session;
}

/** The real-money session a token names, for this provider; InvalidToken otherwise. */
export async function realSession(
  ctx: AppContext,
  provider: GameProviderRecord,
  token: string,
): Promise<GameSessionRecord & { playerId: string; walletAccountId: string; currency: string }> {
  const session = await cachedSession(ctx, sha256(token));
  if (
    !session ||
    session.providerId !== provider.id ||
    session.mode !== "real" ||
    !session.playerId ||
    !session.walletAccountId ||
    !session.currency
  ) {
    throw fail.invalidToken();
  }
  return session as GameSessionRecord & {
    playerId: string;
    walletAccountId: string;
    currency: string;
  };
}

/** The wallet account of a session (its ledger ids and balances). */
export async function sessionWallet(
  tx: Queryable,
  session: { playerId: string; walletAccountId: string },
): Promise<WalletAccountRecord> {
  const wallet = await walletRepository(tx).find(session.playerId, session.walletAccountId);
  if (!wallet) throw fail.invalidToken("The game session's wallet account is gone");
  return wallet;
}

/**
 * Looks up an earlier call with this transaction id: the same request replays its first answer
 * (thrown as ReplayedAnswer); other parameters are a duplicate.
 */
export async function replayIfSeen(
  tx: Queryable,
  provider: GameProviderRecord,
  providerTxId: string,
  kind: "bet" | "win" | "rollback" | "resettle",
  requestHash: string,
): Promise<void> {
  replayOf(
    await gameWalletRepository(tx).findTransaction(provider.id, providerTxId),
    kind,
    requestHash,
  );
}

function markReplay(answer: StoredAnswer): StoredAnswer {
  const body = answer.body as { data?: Record<string, unknown> };
  if (answer.status === 200 && body.data) {
    return { status: 200, body: { data: { ...body.data, replay: true } } };
  }
  return answer;
}

/** game.bet.status of a round. */
export function roundStatus(
  round: Pick<RoundRecord, "status" | "betAmount" | "winAmount" | "refundAmount">,
): number {
  if (round.status === "open") return GameBetStatus.Pending;
  if (round.betAmount > 0n && round.refundAmount >= round.betAmount) return GameBetStatus.Refunded;
  return round.winAmount > 0n ? GameBetStatus.Won : GameBetStatus.Lost;
}

/** A stored answer again (ReplayedAnswer), a tombstone's refusal, or a duplicate; else nothing. */
export function replayOf(
  seen: GameTransactionRecord | null,
  kind: "bet" | "win" | "rollback" | "resettle",
  requestHash: string,
): void {
  if (!seen) return;
  if (seen.kind === "tombstone" && kind === "bet") {
    throw new ProviderWalletFailure(
      409,
      ProviderWalletError.TransactionCancelled,
      "This transaction was rolled back before it arrived; it is refused for good",
    );
  }
  if (seen.kind !== kind || seen.requestHash !== requestHash) throw fail.duplicate();
  throw new ReplayedAnswer(markReplay(seen.response));
}

/** The body fields of a bet or a win that the shared checks read. */
export interface MoneyCallBody {
  token: string;
  transactionId: string;
  roundId: string;
  amount: string;
  currency: string;
  gameCode?: string | undefined;
  closeRound: boolean;
  freeSpinsId?: string | undefined;
  /** A sportsbook's bet (sport-bets.ts). */
  sportBet?: SportBetMeta | undefined;
  /** A sports bet's settlement (win). */
  settlement?: SportSettlement | undefined;
}

/**
 * What a bet or a win reads before its transaction: the game session of the token (for this
 * game and currency), the amount in minor units, the hash that tells a replay from a reuse of the
 * transaction id, and the house account (outside the transaction: PGlite runs one statement at a
 * time).
 */
export async function prepareMoneyCall(
  ctx: AppContext,
  provider: GameProviderRecord,
  body: MoneyCallBody,
  kind: "bet" | "win",
) {
  const session = await realSession(ctx, provider, body.token);
  if (body.gameCode !== undefined && body.gameCode !== session.gameCode) {
    throw fail.invalidToken("The token is for another game");
  }
  const subunit = await subunitOf(ctx.db, session.currency);
  if (body.currency !== session.currency) throw fail.currencyMismatch();
  const amount = minorUnits(body.amount, subunit);
  const requestHash = sha256(
    `${kind}\n${body.roundId}\n${amount}\n${body.currency}\n${body.closeRound}\n${session.id}`,
  );
  const house = await gamesHouseAccount(ctx, session.currency);
  return { session, subunit, amount, requestHash, house };
}

/** game.bet.settled for the player's game-bets channel: a round's totals once it closed. */
function settledBetEvent(input: {
  roundId: string;
  providerRoundId: string;
  provider: GameProviderRecord;
  gameId: number;
  currency: string;
  totals: Pick<RoundRecord, "betAmount" | "winAmount" | "refundAmount" | "status">;
  subunit: number;
  settledAt: Date;
}): GameBetSettledEvent {
  const { totals, subunit } = input;
  return {
    type: "game.bet.settled",
    bet: {
      roundId: input.roundId,
      providerRoundId: input.providerRoundId,
      provider: input.provider.slug,
      gameId: input.gameId,
      currency: input.currency,
      betAmount: formatAmount(totals.betAmount, subunit),
      winAmount: formatAmount(totals.winAmount, subunit),
      refundAmount: formatAmount(totals.refundAmount, subunit),
      status: roundStatus(totals),
      settledAt: input.settledAt.toISOString(),
    },
  };
}

/**
 * The account's new state on the wallet channel (what publishWalletAccount sends), built from
 * what the call knows instead of reading it again.
 */
function walletUpdatedEvent(
  wallet: WalletAccountRecord,
  real: bigint,
  subunit: number,
): WalletAccountsEvent {
  return {
    type: "wallet.account.updated",
    account: toWalletAccount(
      { ...wallet, balances: { ...wallet.balances, real } },
      new Map([[wallet.currency, subunit]]),
    ),
  };
}

/**
 * The outbox events of a bet or win, for recordMovement: the settled event when this call closes
 * the round (its totals after the call; the round id is filled in by the statement), and the
 * wallet account's new state when money moved.
 */
export function movementEvents(input: {
  provider: GameProviderRecord;
  playerId: string;
  round: Pick<RoundRecord, "betAmount" | "winAmount" | "refundAmount" | "status"> | null;
  providerRoundId: string;
  gameId: number;
  currency: string;
  bet: bigint;
  win: bigint;
  close: boolean;
  moved: { wallet: WalletAccountRecord; real: bigint } | null;
  subunit: number;
  now: Date;
}): { channel: string; payload: unknown }[] {
  const events: { channel: string; payload: unknown }[] = [];
  const { subunit } = input;
  if (input.close && input.round?.status !== "closed") {
    const totals = {
      status: "closed" as const,
      betAmount: (input.round?.betAmount ?? 0n) + input.bet,
      winAmount: (input.round?.winAmount ?? 0n) + input.win,
      refundAmount: input.round?.refundAmount ?? 0n,
    };
    const event = settledBetEvent({
      ...input,
      roundId: "",
      totals,
      subunit,
      settledAt: input.now,
    });
    events.push({ channel: playerChannel("gameBets", input.playerId), payload: event });
  }
  if (input.moved) {
    const { wallet, real } = input.moved;
    events.push({
      channel: walletAccountsChannel(input.playerId),
      payload: walletUpdatedEvent(wallet, real, subunit),
    });
  }
  return events;
}

/**
 * After money moved: the settled event when this call closed the round (once: only the UPDATE
 * that closed it says so), and the wallet account's new balance on its channel.
 */
export async function afterMovement(
  tx: Queryable,
  ctx: AppContext,
  input: {
    provider: GameProviderRecord;
    session: { playerId: string; walletAccountId: string };
    round: RoundRecord;
    closedNow: boolean;
    /** The wallet as read in this transaction and its real balance after the movement. */
    moved: { wallet: WalletAccountRecord; real: bigint; subunit: number } | null;
    subunit: number;
  },
): Promise<void> {
  const now = ctx.now();
  const wallets = walletRepository(tx);
  if (input.closedNow) {
    const { round } = input;
    const event = settledBetEvent({
      ...round,
      roundId: round.id,
      provider: input.provider,
      totals: round,
      subunit: input.subunit,
      settledAt: round.closedAt ?? now,
    });
    await wallets.enqueueEvent(playerChannel("gameBets", input.session.playerId), event, now);
  }
  if (input.moved) {
    const { wallet, real, subunit } = input.moved;
    await wallets.enqueueEvent(
      walletAccountsChannel(input.session.playerId),
      walletUpdatedEvent(wallet, real, subunit),
      now,
    );
  }
}
