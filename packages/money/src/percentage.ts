import { toExactDecimal } from "./decimal";
import { divideRounded, type RoundingMode } from "./rounding";

/**
 * `percent` % of an amount (a deposit bonus of 50 % of the deposit), rounded down (toward zero)
 * by default so a bonus never exceeds its percentage. The percentage is an exact decimal string
 * ("12.5"), a bigint or a safe integer; negative percentages are refused.
 */
export function percentOf(
  minor: bigint,
  percent: string | bigint | number,
  mode: RoundingMode = "down",
): bigint {
  const { coefficient, scale } = toExactDecimal(percent, "percent");
  return divideRounded(minor * coefficient, 100n * 10n ** BigInt(scale), mode);
}

/** `percentOf`, at most `cap` (a percent-capped cash bonus). */
export function cappedPercentOf(
  minor: bigint,
  percent: string | bigint | number,
  cap: bigint,
  mode: RoundingMode = "down",
): bigint {
  const share = percentOf(minor, percent, mode);
  return share > cap ? cap : share;
}
