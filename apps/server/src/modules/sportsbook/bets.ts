// Sessions and bets of the sandbox book. A session is the SDK's platform token exchanged for the
// book's own (the wallet's `balance` names the player). A bet is checked against the prices of
// this moment under the slip's odds-change rule, stored as `placing`, then sent as one `bet`
// call carrying `sportBet` (one bet = one round, round id = the bet id) and moved by
// compare-and-set: open (taken), refused (a coded refusal: shown, never listed as placed), or
// cancelling → cancelled (no answer: rolled back, as docs/provider-wallet-api.md §4 asks).
import { randomBytes, randomUUID } from "node:crypto";
import { ProviderWalletError } from "@casino/contract/game";
import {
  type SportsbookBet,
  SportsbookError,
  type SportsbookPlaceBetBody,
} from "@casino/contract/sportsbook-sandbox";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../infra/errors";
import {
  BOOK_GAME_CODE,
  type Book,
  CASH_OUT_FACTOR,
  eventName,
  MAX_PAYOUT,
  type Snapshot,
  snapshotById,
  stakeLimits,
} from "./catalogue";
import { PlatformUnreachable, type WalletResult } from "./platform-client";
import { type BetRecord, bookRepository, type LegRecord, type SessionRecord } from "./repository";
import { sha256Hex } from "./util";

export const SESSION_TTL_MS = 12 * 3600 * 1000;

export const sessionInvalid = (
  message = "Your betting session has ended: open the sportsbook again",
) => new AppError(401, SportsbookError.SessionInvalid, message);
export const platformUnavailable = (message: string) =>
  new AppError(503, SportsbookError.PlatformUnavailable, message);

export function decimalsOf(text: string): number {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function toMinor(text: string, decimals: number, field: string): bigint {
  const parsed = parseAmount(text, 10n ** BigInt(decimals));
  if (!parsed.ok) {
    throw AppError.unprocessable({
      [field]: [
        parsed.error === "too_many_fraction_digits"
          ? `At most ${decimals} decimals in this currency`
          : "Must be an amount like 1.50",
      ],
    });
  }
  return parsed.value;
}

export const toMajor = (minor: bigint, decimals: number) =>
  formatAmount(minor, 10n ** BigInt(decimals));

async function reach(call: () => Promise<WalletResult>): Promise<WalletResult> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformUnreachable) {
      throw platformUnavailable("The casino's wallet cannot be reached right now; try again");
    }
    throw error;
  }
}

// ---- sessions ----
export async function openSession(book: Book, token: string) {
  const answer = await reach(() => book.platform.balance({ token }));
  if (!answer.ok || !answer.data.playerId) {
    throw sessionInvalid("The sportsbook link is no longer valid: open the sportsbook again");
  }
  const sessionToken = randomBytes(32).toString("base64url");
  const now = book.ctx.now();
  await bookRepository(book.ctx.db).createSession(
    {
      tokenHash: sha256Hex(sessionToken),
      playerId: answer.data.playerId,
      platformToken: token,
      currency: answer.data.currency,
      decimals: decimalsOf(answer.data.balance),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    },
    now,
  );
  return { sessionToken, currency: answer.data.currency, balance: answer.data.balance };
}

export async function authenticate(book: Book, request: FastifyRequest): Promise<SessionRecord> {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
  if (!match) throw sessionInvalid("Sign in to bet (no sportsbook session)");
  const session = await bookRepository(book.ctx.db).findSession(sha256Hex(match[1]!));
  if (!session || session.expiresAt <= book.ctx.now()) throw sessionInvalid();
  return session;
}

export async function currentBalance(book: Book, session: SessionRecord): Promise<string> {
  const answer = await reach(() =>
    book.platform.balance({ token: session.platformToken, currency: session.currency }),
  );
  if (!answer.ok) throw sessionInvalid();
  return answer.data.balance;
}

// ---- odds arithmetic (odds in hundredths) ----
export const oddsCents = (odds: string) => BigInt(Math.round(Number(odds) * 100));

export function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [
    ...combinations(rest, k - 1).map((combo) => [first!, ...combo]),
    ...combinations(rest, k),
  ];
}

export function systemOf(text: string | null): { k: number; n: number } | null {
  if (!text) return null;
  const [k, n] = text.split("/").map(Number);
  return { k: k!, n: n! };
}

/**
 * What a bet pays for leg odds (hundredths): a single or multiple the product; a system bet the
 * sum over its combinations of the product, its stake split evenly. Void legs count as 1.00.
 */
export function payoutFor(
  stake: bigint,
  type: BetRecord["type"],
  system: string | null,
  odds: bigint[],
): bigint {
  const product = (list: bigint[]) => list.reduce((total, value) => total * value, 1n);
  if (type !== "system") return (stake * product(odds)) / 100n ** BigInt(odds.length);
  const { k } = systemOf(system)!;
  const combos = combinations(odds, k);
  const sum = combos.reduce((total, combo) => total + product(combo), 0n);
  return (stake * sum) / (100n ** BigInt(k) * BigInt(combos.length));
}

/** The bet's total odds as text: the product, or a system bet's average over combinations. */
export function totalOddsOf(
  type: BetRecord["type"],
  system: string | null,
  odds: bigint[],
): string {
  const scale = 10_000n;
  const perUnit = payoutFor(scale * 100n, type, system, odds);
  return (Number(perUnit / 100n) / Number(scale)).toFixed(2);
}

// ---- placing ----
export class OddsChangedError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly changes: {
      eventId: string;
      marketId: string;
      selectionId: string;
      odds: string | null;
      status: "open" | "suspended" | "closed";
    }[],
  ) {
    super(message);
  }
}

/** What the player is told when the platform refuses a bet. */
export function refusalMessage(code: number): string {
  switch (code) {
    case ProviderWalletError.InsufficientFunds:
      return "Not enough money on your balance for this bet.";
    case ProviderWalletError.LimitReached:
      return "Bet not accepted: it would pass one of your bet or loss limits.";
    case ProviderWalletError.PlayerExcluded:
      return "Bet not accepted: your account is self-excluded or cooling off.";
    case ProviderWalletError.InvalidToken:
      return "Your betting session has ended: open the sportsbook again.";
    case ProviderWalletError.AccountDisabled:
      return "Bet not accepted: your account is disabled.";
    default:
      return `Bet not accepted by the casino (code ${code}).`;
  }
}

function checkShape(body: SportsbookPlaceBetBody) {
  const n = body.legs.length;
  if (body.type === "single" && n !== 1) {
    throw AppError.unprocessable({ legs: ["A single has one selection"] });
  }
  if (body.type === "multiple" && (n < 2 || n > 20)) {
    throw AppError.unprocessable({ legs: ["A multiple has 2 to 20 selections"] });
  }
  if (body.type === "system") {
    const system = systemOf(body.system);
    if (!system || system.n !== n || n < 3 || n > 8 || system.k < 2 || system.k >= n) {
      throw AppError.unprocessable({
        system: ["A system bet is k/n with n its 3 to 8 selections and 2 ≤ k < n (e.g. 2/3)"],
      });
    }
  } else if (body.system !== null) {
    throw AppError.unprocessable({ system: ["Only a system bet has a system"] });
  }
  const events = new Set(body.legs.map((leg) => leg.eventId));
  if (body.type !== "single" && events.size !== n) {
    throw AppError.unprocessable({ legs: ["Two selections of the same event cannot be combined"] });
  }
}

export async function placeBet(
  book: Book,
  session: SessionRecord,
  body: SportsbookPlaceBetBody,
): Promise<{ bet: SportsbookBet; balance: string }> {
  const repo = bookRepository(book.ctx.db);
  const earlier = await repo.findByRequest(session.playerId, body.requestId);
  if (earlier) return answerFor(book, session, earlier);
  checkShape(body);
  const stake = toMinor(body.stake, session.decimals, "stake");
  if (stake <= 0n) throw AppError.unprocessable({ stake: ["Enter a stake"] });

  // The prices of this moment.
  const snaps: Snapshot[] = [];
  const legs: LegRecord[] = [];
  const changes: OddsChangedError["changes"] = [];
  let closed = false;
  let moved = false;
  let minStake = 0n;
  let maxStake: bigint | null = null;
  for (const [index, input] of body.legs.entries()) {
    const snap = await snapshotById(book, input.eventId);
    if (!snap) throw AppError.unprocessable({ [`legs.${index}.eventId`]: ["No such event"] });
    snaps.push(snap);
    const market = snap.markets.find((m) => m.id === input.marketId);
    const selection = market?.selections.find((s) => s.id === input.selectionId);
    if (!market || !selection) {
      throw AppError.unprocessable({ [`legs.${index}.selectionId`]: ["No such selection"] });
    }
    const odds = market.status === "open" ? selection.odds : null;
    changes.push({
      eventId: input.eventId,
      marketId: input.marketId,
      selectionId: input.selectionId,
      odds: selection.odds,
      status: market.status,
    });
    if (odds === null) {
      closed = true;
      continue;
    }
    const seen = oddsCents(input.odds);
    const now = oddsCents(odds);
    if (
      (body.oddsChange === "none" && now !== seen) ||
      (body.oddsChange === "higher" && now < seen)
    ) {
      moved = true;
    }
    const live = snap.state.status === "live";
    const limits = stakeLimits(market.kind, live);
    const min = toMinor(limits.min, session.decimals, "stake");
    const max = toMinor(limits.max, session.decimals, "stake");
    if (min > minStake) minStake = min;
    if (maxStake === null || max < maxStake) maxStake = max;
    legs.push({
      eventId: snap.event.id,
      event: eventName(snap.event),
      sport: snap.event.sport,
      league: snap.event.league.name,
      startsAt: new Date(snap.event.startsAt).toISOString(),
      live,
      marketId: market.id,
      market: market.name,
      selectionId: selection.id,
      selection: selection.name,
      odds,
      result: null,
    });
  }
  if (closed) {
    throw new OddsChangedError(
      SportsbookError.MarketClosed,
      "A selection is suspended or no longer offered: take it off the slip or try again",
      changes,
    );
  }
  if (moved) {
    throw new OddsChangedError(
      SportsbookError.OddsChanged,
      "The odds changed: check the new prices and place the bet again",
      changes,
    );
  }
  if (stake < minStake) {
    throw AppError.unprocessable({
      stake: [`The smallest stake is ${toMajor(minStake, session.decimals)}`],
    });
  }
  if (maxStake !== null && stake > maxStake) {
    throw AppError.unprocessable({
      stake: [`The largest stake here is ${toMajor(maxStake, session.decimals)}`],
    });
  }
  const odds = legs.map((leg) => oddsCents(leg.odds));
  const potentialPayout = payoutFor(stake, body.type, body.system, odds);
  const maxPayout = toMinor(MAX_PAYOUT, session.decimals, "stake");
  if (potentialPayout > maxPayout) {
    throw AppError.unprocessable({
      stake: [`A bet may pay at most ${MAX_PAYOUT}: lower the stake`],
    });
  }
  const totalOdds = totalOddsOf(body.type, body.system, odds);

  const id = `sb-${randomUUID()}`;
  const now = book.ctx.now();
  const record: BetRecord = {
    id,
    playerId: session.playerId,
    requestId: body.requestId,
    platformToken: session.platformToken,
    currency: session.currency,
    decimals: session.decimals,
    type: body.type,
    system: body.system,
    stake,
    totalOdds,
    potentialPayout,
    payout: 0n,
    status: "placing",
    legs,
    pending: null,
    resettles: 0,
    error: null,
    placedAt: now,
    settledAt: null,
    updatedAt: now,
  };
  if (!(await repo.insertBet(record))) {
    const winner = await repo.findByRequest(session.playerId, body.requestId);
    if (!winner) throw new Error("sportsbook: the same request vanished");
    return answerFor(book, session, winner);
  }
  const after = await sendBet(book, record);
  return answerFor(book, session, after);
}

export const transactionIds = (betId: string) => ({
  bet: `${betId}:bet`,
  win: `${betId}:win`,
  rollback: `${betId}:rollback`,
  resettle: (n: number) => `${betId}:resettle:${n}`,
});

/** The `bet` call of a placing bet, then its cancellation if the platform did not answer. */
export async function sendBet(book: Book, bet: BetRecord): Promise<BetRecord> {
  const repo = bookRepository(book.ctx.db);
  const ids = transactionIds(bet.id);
  if (bet.status === "placing") {
    try {
      const result = await book.platform.bet({
        token: bet.platformToken,
        transactionId: ids.bet,
        roundId: bet.id,
        amount: toMajor(bet.stake, bet.decimals),
        currency: bet.currency,
        gameCode: BOOK_GAME_CODE,
        closeRound: false,
        sportBet: {
          type: bet.type,
          system: bet.system,
          totalOdds: bet.totalOdds,
          potentialPayout: toMajor(bet.potentialPayout, bet.decimals),
          legs: bet.legs.map((leg) => ({
            eventId: leg.eventId,
            event: leg.event,
            sport: leg.sport,
            league: leg.league,
            startsAt: leg.startsAt,
            live: leg.live,
            market: leg.market,
            selection: leg.selection,
            odds: leg.odds,
          })),
        },
      });
      const now = book.ctx.now();
      if (result.ok) {
        await repo.move(bet.id, ["placing"], "open", { now, error: null });
      } else {
        await repo.move(bet.id, ["placing"], "refused", {
          now,
          error: { code: result.code, message: result.message },
        });
      }
    } catch (error) {
      if (!(error instanceof PlatformUnreachable)) throw error;
      await repo.move(bet.id, ["placing"], "cancelling", {
        now: book.ctx.now(),
        error: { code: 0, message: error.message },
      });
    }
  }
  const current = (await repo.findBet(bet.id)) ?? bet;
  if (current.status !== "cancelling") return current;
  try {
    const result = await book.platform.rollback({
      token: current.platformToken,
      transactionId: ids.rollback,
      referenceTransactionId: ids.bet,
      roundId: current.id,
      closeRound: true,
    });
    // Taken, or refused because the bet never arrived (a tombstone is left either way).
    if (result.ok || result.code === ProviderWalletError.UnknownTransaction) {
      await repo.move(current.id, ["cancelling"], "cancelled", { now: book.ctx.now() });
    }
  } catch (error) {
    if (!(error instanceof PlatformUnreachable)) throw error;
  }
  return (await repo.findBet(current.id)) ?? current;
}

async function answerFor(book: Book, session: SessionRecord, bet: BetRecord) {
  if (bet.status === "refused") {
    const code = bet.error?.code ?? 0;
    throw new AppError(400, code, refusalMessage(code));
  }
  if (bet.status === "placing" || bet.status === "cancelling" || bet.status === "cancelled") {
    throw platformUnavailable(
      "The casino's wallet did not answer in time: the bet was cancelled and not charged. Try again.",
    );
  }
  const [view] = await betViews(book, [bet]);
  return { bet: view!, balance: await currentBalance(book, session) };
}

// ---- views and cash-out offers ----
export function publicStatus(bet: BetRecord): SportsbookBet["status"] {
  switch (bet.status) {
    case "won":
    case "lost":
    case "void":
    case "cashed_out":
      return bet.status;
    case "settling":
      return bet.pending?.status ?? "open";
    case "resettling":
      return bet.pending?.status ?? "won";
    default:
      return "open";
  }
}

/** What cashing the bet out pays now, or null when not offered. */
export function cashOutOffer(bet: BetRecord, snaps: Map<string, Snapshot>): bigint | null {
  if (bet.status !== "open" || bet.type === "system") return null;
  let value = Number(bet.stake);
  let undecided = 0;
  for (const leg of bet.legs) {
    const snap = snaps.get(leg.eventId);
    if (!snap) return null;
    if (snap.state.status === "void") continue;
    if (snap.state.status === "ended") return null; // settles shortly
    const market = snap.markets.find((m) => m.id === leg.marketId);
    const selection = market?.selections.find((s) => s.id === leg.selectionId);
    if (market?.status !== "open" || !selection?.odds) return null;
    value *= Number(leg.odds) / Number(selection.odds);
    undecided++;
  }
  if (undecided === 0) return null;
  const offer = BigInt(Math.floor(value * CASH_OUT_FACTOR));
  return offer > 0n ? offer : null;
}

export async function snapshotsFor(book: Book, bets: BetRecord[]): Promise<Map<string, Snapshot>> {
  const ids = [...new Set(bets.flatMap((bet) => bet.legs.map((leg) => leg.eventId)))];
  const out = new Map<string, Snapshot>();
  for (const id of ids) {
    const snap = await snapshotById(book, id);
    if (snap) out.set(id, snap);
  }
  return out;
}

export async function betViews(book: Book, bets: BetRecord[]): Promise<SportsbookBet[]> {
  const open = bets.filter((bet) => bet.status === "open");
  const snaps = open.length > 0 ? await snapshotsFor(book, open) : new Map();
  return bets.map((bet) => {
    const offer = cashOutOffer(bet, snaps);
    const legResults = bet.pending && bet.status === "settling" ? bet.pending.legs : null;
    return {
      id: bet.id,
      type: bet.type,
      system: bet.system,
      currency: bet.currency,
      stake: toMajor(bet.stake, bet.decimals),
      totalOdds: bet.totalOdds,
      potentialPayout: toMajor(bet.potentialPayout, bet.decimals),
      payout: toMajor(
        bet.status === "settling" && bet.pending ? BigInt(bet.pending.payout) : bet.payout,
        bet.decimals,
      ),
      status: publicStatus(bet),
      placedAt: bet.placedAt.toISOString(),
      settledAt: bet.settledAt?.toISOString() ?? null,
      cashOut: offer === null ? null : toMajor(offer, bet.decimals),
      legs: bet.legs.map((leg, index) => ({
        eventId: leg.eventId,
        event: leg.event,
        sport: leg.sport as SportsbookBet["legs"][number]["sport"],
        league: leg.league,
        startsAt: leg.startsAt,
        live: leg.live,
        marketId: leg.marketId,
        market: leg.market,
        selectionId: leg.selectionId,
        selection: leg.selection,
        odds: leg.odds,
        result: legResults?.[index] ?? leg.result,
      })),
    };
  });
}
