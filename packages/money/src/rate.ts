import { toExactDecimal } from "./decimal";
import { divideRounded, type RoundingMode } from "./rounding";
import { type SubunitToUnit, subunitFactor } from "./subunit";

/**
 * `minor × rate`, rounded once by `mode`. The rate is an exact decimal string ("1.0825"), a
 * bigint or a safe integer; a fractional number is refused because it is already a float.
 */
export function multiplyByRate(
  minor: bigint,
  rate: string | bigint | number,
  mode: RoundingMode,
): bigint {
  const { coefficient, scale } = toExactDecimal(rate, "rate", { allowNegative: true });
  return divideRounded(minor * coefficient, 10n ** BigInt(scale), mode);
}

/** A currency as conversions see it: its minor units and its rate to the base currency. */
export interface CurrencyRate {
  readonly subunitToUnit: SubunitToUnit;
  /** Units of the base currency one unit of this currency is worth, as an exact decimal ("1" for the base). */
  readonly rate: string;
}

/** An exact fraction; `numerator / denominator`, denominator > 0. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/**
 * The exact value, in minor units of `to`, of `minor` minor units of `from`:
 * minor / from.subunit × from.rate / to.rate × to.subunit. Throws when `to` has a zero rate.
 */
export function convertExact(minor: bigint, from: CurrencyRate, to: CurrencyRate): Fraction {
  const fromRate = toExactDecimal(from.rate, "rate");
  const toRate = toExactDecimal(to.rate, "rate");
  if (toRate.coefficient === 0n) throw new RangeError("cannot convert into a currency with rate 0");
  return {
    numerator:
      minor * fromRate.coefficient * 10n ** BigInt(toRate.scale) * subunitFactor(to.subunitToUnit),
    denominator:
      subunitFactor(from.subunitToUnit) * 10n ** BigInt(fromRate.scale) * toRate.coefficient,
  };
}

/**
 * Converts minor units of `from` into minor units of `to` through the base currency, computed
 * exactly and rounded once, so the result is never more than one minor unit away from the
 * exact value (at most half a unit with the half-* modes).
 */
export function convert(
  minor: bigint,
  from: CurrencyRate,
  to: CurrencyRate,
  mode: RoundingMode,
): bigint {
  const { numerator, denominator } = convertExact(minor, from, to);
  return divideRounded(numerator, denominator, mode);
}
