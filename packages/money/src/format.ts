import { fractionDigits, type SubunitToUnit } from "./subunit";

/**
 * - `fixed` (default): always every decimal of the currency: 1050n EUR → "10.50", 1000n → "10.00",
 *   5n → "0.05". What the API sends and what lines up in tables.
 * - `trim`: trailing zeros of the fraction dropped, and the point with them: 1050n → "10.5",
 *   1000n → "10". What an amount input shows.
 * Both are exact (no rounding ever happens here) and both parse back to the same bigint.
 */
export type FormatMode = "fixed" | "trim";

export interface FormatAmountOptions {
  readonly mode?: FormatMode;
}

/** Minor units to an exact decimal string in major units; a minus for negatives ("-0.05"). */
export function formatAmount(
  minor: bigint,
  subunitToUnit: SubunitToUnit,
  options: FormatAmountOptions = {},
): string {
  if (typeof minor !== "bigint") throw new TypeError("formatAmount: minor units must be a bigint");
  return formatScaled(minor, fractionDigits(subunitToUnit), options.mode ?? "fixed");
}

/** `value / 10^decimals` as a decimal string. */
export function formatScaled(value: bigint, decimals: number, mode: FormatMode = "fixed"): string {
  const sign = value < 0n ? "-" : "";
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (mode === "trim") fraction = fraction.replace(/0+$/, "");
  return fraction === "" ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}
