// What a limit has used in its current period, and the PlayerLimit view of a limit record.
import type { PlayerLimit } from "@casino/contract/limits";
import { formatAmount } from "@casino/money/format";
import { type CurrencyRate, convertExact } from "@casino/money/rate";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { getPublicSettings } from "../settings/get-public-settings";
import { currencySubunits } from "../settings/list-currencies";
import { settingsRepository } from "../settings/repository";
import { type PeriodBounds, periodBounds, resolveTimeZone } from "./limit-periods";
import { type LimitRecord, limitsRepository } from "./limits-repository";

/** The cooling period of a raise, a period change or a removal (LM-05, LM-06). */
export const COOLING_PERIOD_MS = 24 * 3_600_000;

export interface LimitUsage {
  bounds: PeriodBounds;
  /** Minor units used in the period. */
  used: bigint;
}

/** True while a self-exclusion or cooling-off has not ended. */
export function isActiveBlock(limit: LimitRecord, now: Date): boolean {
  return (
    (limit.definition === 4 || limit.definition === 5) &&
    (limit.expiresAt === null || limit.expiresAt.getTime() > now.getTime())
  );
}

/** The player's zone for calendar periods (players.time_zone when valid, else UTC). */
export async function playerTimeZone(db: Queryable, playerId: string): Promise<string> {
  return resolveTimeZone(await limitsRepository(db).timeZoneOf(playerId));
}

/**
 * The operator's setting DEPOSIT_LIMITS_ALL_CURRENCIES (site_settings
 * "limits.depositAllCurrencies"): a deposit limit counts the deposits of every currency,
 * converted into its own currency at the site's rates. Off (the default): only its own currency.
 */
export async function depositLimitsCountAll(
  ctx: Pick<AppContext, "config" | "db">,
): Promise<boolean> {
  const settings = await getPublicSettings(
    settingsRepository(ctx.db),
    ctx.config.publicSettingOverrides,
  );
  return settings.limits.depositAllCurrencies;
}

/** Every currency's minor units and rate to the base currency, switched-off ones too. */
export async function currencyRates(db: Queryable): Promise<Map<string, CurrencyRate>> {
  const currencies = await settingsRepository(db).listCurrencies(false);
  return new Map(
    currencies.map((item) => [item.code, { subunitToUnit: item.subunitToUnit, rate: item.rate }]),
  );
}

/**
 * `minor` of `from` in minor units of `to` at the site's rates (the same rates the bonus amounts
 * and the withdrawal approval threshold convert with), rounded by `mode`: usage and amounts up
 * (a limit is never passed by rounding), room down. An unknown currency counts as nothing.
 */
export function convertAtSiteRates(
  minor: bigint,
  from: string,
  to: string,
  rates: ReadonlyMap<string, CurrencyRate>,
  mode: "up" | "down",
): bigint {
  if (from === to || minor === 0n) return minor;
  const source = rates.get(from);
  const target = rates.get(to);
  if (!source || !target) return 0n;
  const { numerator, denominator } = convertExact(minor, source, target);
  const whole = numerator / denominator;
  return mode === "up" && whole * denominator < numerator ? whole + 1n : whole;
}

/**
 * Used in the current period of a cash limit: gross deposits (3), stakes (1), stakes minus
 * winnings and never below zero (2). null for self-exclusion and cooling-off. With
 * `allCurrencies` a deposit limit's usage is the deposits of every currency, each converted into
 * the limit's currency (rounded up).
 */
export async function usageOf(
  db: Queryable,
  limit: LimitRecord,
  input: {
    now: Date;
    timeZone: string;
    excludeInvoiceId?: string | null;
    allCurrencies?: boolean;
    rates?: ReadonlyMap<string, CurrencyRate>;
  },
): Promise<LimitUsage | null> {
  if (!limit.period || !limit.currency) return null;
  const bounds = periodBounds(limit.period, input.now, input.timeZone);
  const repository = limitsRepository(db);
  const scope = {
    playerId: limit.playerId,
    currency: limit.currency,
    start: bounds.start,
    end: bounds.end,
  };
  if (limit.definition === 3 && input.allCurrencies) {
    const totals = await repository.depositedByCurrency({
      playerId: limit.playerId,
      start: bounds.start,
      end: bounds.end,
      excludeInvoiceId: input.excludeInvoiceId ?? null,
    });
    const rates = input.rates ?? (await currencyRates(db));
    let used = 0n;
    for (const [currency, total] of totals) {
      used += convertAtSiteRates(total, currency, limit.currency, rates, "up");
    }
    return { bounds, used };
  }
  if (limit.definition === 3) {
    const used = await repository.depositedIn({
      ...scope,
      excludeInvoiceId: input.excludeInvoiceId ?? null,
    });
    return { bounds, used };
  }
  return { bounds, used: playUsed(limit.definition, await repository.playedIn(scope)) };
}

/** What a bet (1) or loss (2) limit has used of a period's play: stakes, or net loss (≥ 0). */
export function playUsed(definition: number, played: { stakes: bigint; winnings: bigint }): bigint {
  const { stakes, winnings } = played;
  if (definition === 1) return stakes;
  return stakes > winnings ? stakes - winnings : 0n;
}

/**
 * The currency's subunit; 422 on `currency` for an unknown one. A switched-off currency takes a
 * limit too: players may still hold and play money in it.
 */
export async function currencySubunitOf(db: Queryable, code: string): Promise<number> {
  const currency = (await settingsRepository(db).listCurrencies(false)).find(
    (item) => item.code === code,
  );
  if (!currency) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  return currency.subunitToUnit;
}

export function toPlayerLimit(
  limit: LimitRecord,
  usage: LimitUsage | null,
  subunits: ReadonlyMap<string, number>,
  now: Date,
): PlayerLimit {
  const subunit = limit.currency ? (subunits.get(limit.currency) ?? 1) : 1;
  const money = (value: bigint | null) => (value === null ? null : formatAmount(value, subunit));
  return {
    limitId: limit.id,
    definition: limit.definition,
    period: limit.period,
    currency: limit.currency,
    amount: money(limit.amount),
    currentAmount: usage ? money(usage.used) : null,
    periodStartsAt: usage ? usage.bounds.start.toISOString() : null,
    periodEndsAt: usage ? usage.bounds.end.toISOString() : null,
    expiresAt: limit.expiresAt ? limit.expiresAt.toISOString() : null,
    createdAt: limit.createdAt.toISOString(),
    pending: limit.pending
      ? {
          remove: limit.pending.remove,
          period: limit.pending.period,
          amount: money(limit.pending.amount),
          requestedAt: limit.pending.requestedAt.toISOString(),
          effectiveAt: limit.pending.effectiveAt.toISOString(),
          confirmable: now.getTime() >= limit.pending.effectiveAt.getTime(),
        }
      : null,
  };
}

/** One limit as the API shows it, with its usage in the current period. */
export async function viewOf(
  db: Queryable,
  limit: LimitRecord,
  now: Date,
  allCurrencies: boolean,
): Promise<PlayerLimit> {
  const zone = await playerTimeZone(db, limit.playerId);
  const usage = await usageOf(db, limit, { now, timeZone: zone, allCurrencies });
  return toPlayerLimit(limit, usage, await currencySubunits(db), now);
}
