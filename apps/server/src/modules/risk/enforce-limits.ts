// Limits enforced where money moves (BE-24, BE-34; DESIGN.md "Security"):
// - deposits: refused (400/13100) while a self-exclusion or cooling-off is on, or when the
//   amount would take any deposit limit of the currency past its amount (with the amount
//   unknown, as for a crypto address, once a limit is used up);
// - bets (the games issue calls assertCanBet): refused with 13111 while excluded or cooling off,
//   with 13110 when the stake would take a bet limit, or a loss limit if the bet were lost, past
//   its amount.
// The checking functions take the caller's transaction and lock the player's row first, so
// concurrent deposits (or bets) of one player are checked one after another against what the
// earlier ones wrote: they can never pass a limit together. Where several limits apply, each must
// have room, so the one with the least room decides. With the operator's
// DEPOSIT_LIMITS_ALL_CURRENCIES every deposit limit applies to every deposit, counting the
// deposits of all currencies converted into the limit's currency at the site's rates (usage and
// the new amount rounded up, room rounded down).
import { ErrorCode } from "@casino/contract/errors";
import { formatAmount } from "@casino/money/format";
import type { CurrencyRate } from "@casino/money/rate";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { currencySubunits } from "../settings/list-currencies";
import { periodBounds, resolveTimeZone } from "./limit-periods";
import {
  convertAtSiteRates,
  currencyRates,
  isActiveBlock,
  type LimitUsage,
  playerTimeZone,
  playUsed,
  usageOf,
} from "./limit-usage";
import { type LimitRecord, limitsRepository } from "./limits-repository";

type RateTable = ReadonlyMap<string, CurrencyRate>;

export interface DepositCheck {
  playerId: string;
  currency: string;
  /** Minor units; null when the player sends what they like (crypto address deposits). */
  amount: bigint | null;
  now: Date;
  /** An open invoice this request reuses (a crypto address's): its own amount is not counted twice. */
  excludeInvoiceId?: string | null;
  /**
   * DEPOSIT_LIMITS_ALL_CURRENCIES (depositLimitsCountAll): every deposit limit applies, counting
   * the deposits of every currency at the site's rates. Otherwise only the currency's own limits.
   */
  allCurrencies: boolean;
}

function blockMessage(block: LimitRecord, what: string): string {
  const kind = block.definition === 4 ? "self-exclusion" : "cooling-off";
  const until = block.expiresAt ? ` until ${block.expiresAt.toISOString()}` : "";
  return `${what} are not available during your ${kind}${until}`;
}

/** A deposit limit that applies to a deposit, with its room in its own and the deposit's currency. */
export interface DepositLimitRoom {
  limit: LimitRecord;
  usage: LimitUsage;
  /** Minor units of the limit's currency left in its period. */
  room: bigint;
  /** The same room in minor units of the deposit's currency (rounded down). */
  roomInCurrency: bigint;
}

/**
 * The self-exclusion or cooling-off in force, and every deposit limit that applies to a deposit in
 * `currency` with its room (no lock taken): the currency's own limits, or with `allCurrencies`
 * every deposit limit, its usage counting all currencies at the site's rates.
 */
export async function depositLimitRooms(
  db: Queryable,
  check: Omit<DepositCheck, "amount">,
): Promise<{ block: LimitRecord | null; rooms: DepositLimitRoom[]; rates: RateTable }> {
  const limits = await limitsRepository(db).listCurrent(check.playerId, check.now);
  const block = limits.find((limit) => isActiveBlock(limit, check.now)) ?? null;
  const deposits = limits.filter(
    (limit) => limit.definition === 3 && (check.allCurrencies || limit.currency === check.currency),
  );
  const rates: RateTable = deposits.length > 0 ? await currencyRates(db) : new Map();
  if (block || deposits.length === 0) return { block, rooms: [], rates };
  const timeZone = await playerTimeZone(db, check.playerId);
  const rooms: DepositLimitRoom[] = [];
  for (const limit of deposits) {
    const usage = (await usageOf(db, limit, {
      now: check.now,
      timeZone,
      excludeInvoiceId: check.excludeInvoiceId ?? null,
      allCurrencies: check.allCurrencies,
      rates,
    }))!;
    const allowed = limit.amount ?? 0n;
    const room = allowed > usage.used ? allowed - usage.used : 0n;
    const roomInCurrency = convertAtSiteRates(room, limit.currency!, check.currency, rates, "down");
    rooms.push({ limit, usage, room, roomInCurrency });
  }
  return { block, rooms, rates };
}

/** Why a deposit is refused, or null when it may go ahead (no lock taken). */
export async function depositRefusal(db: Queryable, check: DepositCheck): Promise<string | null> {
  const { block, rooms, rates } = await depositLimitRooms(db, check);
  if (block) return blockMessage(block, "Deposits");
  if (rooms.length === 0) return null;
  const subunits = await currencySubunits(db);
  const every = check.allCurrencies ? " (deposits in every currency count)" : "";
  for (const { limit, usage, room } of rooms) {
    const code = limit.currency!;
    const format = (value: bigint) => `${formatAmount(value, subunits.get(code) ?? 1)} ${code}`;
    const allowed = limit.amount ?? 0n;
    if (room === 0n) {
      return `Your ${limit.period} deposit limit of ${format(allowed)}${every} is reached until ${usage.bounds.end.toISOString()}`;
    }
    if (check.amount === null) continue;
    const amount = convertAtSiteRates(check.amount, check.currency, code, rates, "up");
    if (amount > room) {
      return `This deposit would go past your ${limit.period} deposit limit of ${format(allowed)}${every}: ${format(room)} left`;
    }
  }
  return null;
}

/**
 * Serialises the money movements of one player that limits govern (deposits, bets, limit
 * changes) for the rest of the caller's transaction. Taking it again in the same transaction
 * waits for nothing (but costs a statement: callers that hold it say so, see BetCheck).
 */
export async function lockPlayerLimits(tx: Queryable, playerId: string): Promise<void> {
  await limitsRepository(tx).lockPlayer(playerId);
}

/**
 * In the transaction that creates a deposit invoice, before it is inserted: locks the player and
 * refuses (400/13100) a deposit the limits do not allow.
 */
export async function assertCanDeposit(tx: Queryable, check: DepositCheck): Promise<void> {
  await limitsRepository(tx).lockPlayer(check.playerId);
  const refusal = await depositRefusal(tx, check);
  if (refusal) throw new AppError(400, ErrorCode.DepositLimitReached, refusal);
}

/**
 * GET /api/payment/methods/deposit (BE-24, ER-10): 400/13100 while a self-exclusion or
 * cooling-off is on, or a deposit limit of the currency is used up (currentAmount >= amount).
 */
export async function assertDepositsOpen(
  db: Queryable,
  check: Omit<DepositCheck, "amount" | "excludeInvoiceId">,
): Promise<void> {
  const refusal = await depositRefusal(db, { ...check, amount: null });
  if (refusal) throw new AppError(400, ErrorCode.DepositLimitReached, refusal);
}

export interface BetCheck {
  playerId: string;
  currency: string;
  /** Minor units staked. */
  stake: bigint;
  now: Date;
  /** The caller took lockPlayerLimits earlier in this transaction: a statement saved per bet. */
  playerLocked?: boolean;
}

/** A bet refused by a limit (13110) or a self-exclusion / cooling-off (13111), with the limit. */
export class BetLimitRefusal extends AppError {
  constructor(
    code: number,
    message: string,
    public readonly limit: {
      definition: number;
      period: string | null;
      currency: string | null;
      /** Minor units. */
      amount: bigint | null;
      used: bigint | null;
      until: Date | null;
    },
  ) {
    super(400, code, message);
  }
}

/**
 * For the games issue, at bet time in the transaction that takes the stake (before posting it):
 * locks the player and refuses with 400/13111 while a self-exclusion or cooling-off is on, and
 * with 400/13110 when the stake would pass a bet limit (stakes + stake > amount) or, if lost, a
 * loss limit (net loss + stake > amount) of the currency in its current period. Bets count from
 * ledger transactions of kind game.bet and game.win (see limits-repository.ts playedIn).
 */
export async function assertCanBet(tx: Queryable, check: BetCheck): Promise<void> {
  const [refusal] = await betLimitRefusals(tx, [check]);
  if (refusal) throw refusal;
}

/**
 * assertCanBet for bets of distinct players at once (the provider wallet's batches), in four
 * statements whatever their number: the players' limits, their time zones, the play sums of
 * limited accounts that have none yet (started once), and the play of every period a bet or
 * loss limit counts. The refusal of each check, or null where it may go.
 */
export async function betLimitRefusals(
  tx: Queryable,
  checks: readonly BetCheck[],
): Promise<(BetLimitRefusal | null)[]> {
  const repository = limitsRepository(tx);
  for (const check of checks) {
    if (!check.playerLocked) await repository.lockPlayer(check.playerId);
  }
  const refusals: (BetLimitRefusal | null)[] = checks.map(() => null);
  if (checks.length === 0) return refusals;
  const limitsOf = await repository.listOfPlayers(checks.map((check) => check.playerId));
  const counted: { index: number; limit: LimitRecord }[] = [];
  checks.forEach((check, index) => {
    const current = (limitsOf.get(check.playerId) ?? []).filter(
      (limit) => limit.expiresAt === null || limit.expiresAt.getTime() > check.now.getTime(),
    );
    const block = current.find((limit) => isActiveBlock(limit, check.now));
    if (block) {
      refusals[index] = new BetLimitRefusal(ErrorCode.PlayerExcluded, blockMessage(block, "Bets"), {
        definition: block.definition,
        period: null,
        currency: null,
        amount: null,
        used: null,
        until: block.expiresAt,
      });
      return;
    }
    for (const limit of current) {
      if ((limit.definition === 1 || limit.definition === 2) && limit.currency === check.currency)
        counted.push({ index, limit });
    }
  });
  if (counted.length === 0) return refusals;
  const zones = await repository.timeZonesOf([
    ...new Set(counted.map(({ index }) => checks[index]!.playerId)),
  ]);
  const periods = counted.map(({ index, limit }) => {
    const check = checks[index]!;
    const zone = resolveTimeZone(zones.get(check.playerId));
    return { ...periodBounds(limit.period!, check.now, zone), limit };
  });
  // Under the players' locks (above): their limited accounts keep play sums from now on.
  await repository.startPlaySums(
    counted.map(({ limit }) => ({ playerId: limit.playerId, currency: limit.currency! })),
    checks[0]!.now,
  );
  const played = await repository.playedInEach(
    periods.map(({ start, end, limit }) => ({
      playerId: limit.playerId,
      currency: limit.currency!,
      start,
      end,
    })),
  );
  // In each player's limit order: the first limit without room decides.
  counted.forEach(({ index, limit }, position) => {
    const used = playUsed(limit.definition, played[position]!);
    if (refusals[index] || used + checks[index]!.stake <= (limit.amount ?? 0n)) return;
    const kind = limit.definition === 1 ? "bet" : "loss";
    refusals[index] = new BetLimitRefusal(
      ErrorCode.GameLimitReached,
      `This bet would go past your ${limit.period} ${kind} limit`,
      {
        definition: limit.definition,
        period: limit.period,
        currency: limit.currency,
        amount: limit.amount,
        used,
        until: periods[position]!.end,
      },
    );
  });
  return refusals;
}
