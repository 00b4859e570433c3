import { formatScaled } from "./format";
import { type CurrencyRate, convertExact } from "./rate";
import { divideRounded, type RoundingMode } from "./rounding";
import { fractionDigits, type SubunitToUnit, subunitFactor } from "./subunit";

/** Spec §3/§5: BTC and ETH are shown in milli-units, factor 1000 (WL-19). */
export const MILLI_UNIT_FACTOR = 1000;

/** Decimals of the equivalent balance and of turn-over progress (WL-18, WR-26). */
export const DISPLAY_DECIMALS = 2;

/**
 * An amount as a decimal string with exactly `decimals` places, rounded once by `mode`
 * (default half-up): 123456n BTC sat, 8 decimals → "0.00" at 2 places; 1005n EUR cents → "10.05".
 */
export function roundForDisplay(
  minor: bigint,
  subunitToUnit: SubunitToUnit,
  decimals: number = DISPLAY_DECIMALS,
  mode: RoundingMode = "half-up",
): string {
  assertDecimals(decimals);
  const scaled = divideRounded(minor * 10n ** BigInt(decimals), subunitFactor(subunitToUnit), mode);
  return formatScaled(scaled, decimals);
}

/**
 * Minor units per sub-currency unit: BTC (10^8) in mBTC (factor 1000) → 10^5. Use it as the
 * `subunitToUnit` of `formatAmount` / `parseAmount` to show or read amounts in the sub-currency.
 * A factor that is not a power of ten, or finer than the minor unit, is a configuration error.
 */
export function subCurrencySubunit(subunitToUnit: SubunitToUnit, factor: SubunitToUnit): bigint {
  const currencyDigits = fractionDigits(subunitToUnit);
  const factorDigits = fractionDigits(factor);
  if (factorDigits > currencyDigits) {
    throw new RangeError(`sub-currency factor ${factor} is finer than the minor unit`);
  }
  return 10n ** BigInt(currencyDigits - factorDigits);
}

/** A currency as settings give it (spec §3): subCurrencies list e.g. { code: "mBTC", subunitToUnit: 1000 }. */
export interface DisplayCurrency {
  readonly code: string;
  readonly subunitToUnit: SubunitToUnit;
  readonly subCurrencies?: readonly {
    readonly code: string;
    readonly subunitToUnit: SubunitToUnit;
  }[];
}

/**
 * The player's one choice of unit for every currency that has sub-units: "sub" (the default,
 * spec §5: BTC and ETH in milli-units) or "major" (BTC, ETH).
 */
export type UnitChoice = "sub" | "major";

/**
 * The unit an amount of this currency is shown in: its first sub-currency when it has one
 * (BTC → mBTC) unless the choice is "major", otherwise itself. `subunitToUnit` is minor units
 * per shown unit.
 */
export function displayUnit(
  currency: DisplayCurrency,
  choice: UnitChoice = "sub",
): { code: string; subunitToUnit: bigint } {
  const sub = choice === "sub" ? currency.subCurrencies?.[0] : undefined;
  if (!sub) return { code: currency.code, subunitToUnit: subunitFactor(currency.subunitToUnit) };
  return {
    code: sub.code,
    subunitToUnit: subCurrencySubunit(currency.subunitToUnit, sub.subunitToUnit),
  };
}

/**
 * The value of `minor` units of `from` in `to`, in major units of `to` with exactly `decimals`
 * places (WL-18: the equivalent balance at 2 decimals). Converted exactly and rounded once: no
 * double rounding through the minor units of `to`.
 */
export function formatEquivalent(
  minor: bigint,
  from: CurrencyRate,
  to: CurrencyRate,
  options: { decimals?: number; mode?: RoundingMode } = {},
): string {
  const decimals = options.decimals ?? DISPLAY_DECIMALS;
  assertDecimals(decimals);
  const { numerator, denominator } = convertExact(minor, from, to);
  const scaled = divideRounded(
    numerator * 10n ** BigInt(decimals),
    denominator * subunitFactor(to.subunitToUnit),
    options.mode ?? "half-up",
  );
  return formatScaled(scaled, decimals);
}

function assertDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
}
