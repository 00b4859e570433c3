import { formatAmount } from "./format";
import { parseAmount } from "./parse";
import { fractionDigits, type SubunitToUnit } from "./subunit";

/** WR-01: the deposit amount input takes at most 10 characters. */
export const AMOUNT_INPUT_MAX_LENGTH = 10;

export interface MaskAmountOptions {
  /** Default 10 (`AMOUNT_INPUT_MAX_LENGTH`). */
  readonly maxLength?: number;
  /** Decimals of the currency; more typed decimals are dropped. Unlimited by default. */
  readonly maxFractionDigits?: number;
}

/**
 * What the amount input shows after each keystroke (WR-02, WR-03): digits with an optional
 * decimal part (`digits.digits`). A comma counts as the decimal point (keyboards in many
 * locales type one); the first point wins and later ones are dropped; every other character is
 * dropped; leading zeros of the whole part are stripped ("007" → "7", "00.5" → "0.5",
 * ".5" → "0.5"); a trailing point stays so "12." can be typed on the way to "12.5"; the result
 * is cut to `maxLength`.
 */
export function maskAmountInput(raw: string, options: MaskAmountOptions = {}): string {
  const maxLength = options.maxLength ?? AMOUNT_INPUT_MAX_LENGTH;
  const cleaned = raw.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const point = cleaned.indexOf(".");
  let whole = point === -1 ? cleaned : cleaned.slice(0, point);
  let fraction = point === -1 ? null : cleaned.slice(point + 1).replace(/\./g, "");
  whole = whole.replace(/^0+(?=\d)/, "");
  if (fraction !== null && whole === "") whole = "0";
  if (fraction !== null && options.maxFractionDigits !== undefined) {
    fraction =
      options.maxFractionDigits === 0 ? null : fraction.slice(0, options.maxFractionDigits);
  }
  const masked = fraction === null ? whole : `${whole}.${fraction}`;
  return masked.slice(0, maxLength);
}

/** `value` brought into [min, max]; with min above max, min wins. */
export function clampAmount(value: bigint, min: bigint, max: bigint): bigint {
  if (value < min) return min;
  if (value > max) return max;
  return value;
}

export interface AmountRange {
  readonly min: bigint;
  readonly max: bigint;
  readonly subunitToUnit: SubunitToUnit;
}

export interface AmountInputState {
  /** The typed amount in minor units ("12." reads as 12), or null when there is none (empty, "abc"). */
  readonly value: bigint | null;
  /** True when the typed amount is within [min, max] (WR-04). */
  readonly inRange: boolean;
  /** The amount the submit button shows: the typed one clamped to [min, max], min when none (WR-07). */
  readonly clamped: bigint;
}

/** Reads the masked input text against the method's range. */
export function amountInputState(text: string, range: AmountRange): AmountInputState {
  const parsed = parseAmount(text.endsWith(".") ? text.slice(0, -1) : text, range.subunitToUnit);
  const value = parsed.ok ? parsed.value : null;
  return {
    value,
    inRange: value !== null && value >= range.min && value <= range.max,
    clamped: value === null ? range.min : clampAmount(value, range.min, range.max),
  };
}

/**
 * The text the input takes on blur (WR-05, WR-06): an empty or unreadable amount, or one below
 * min, becomes min; one above max becomes max; an amount in range keeps its value. Written
 * without trailing zeros ("10", "10.5"), as a person types it.
 */
export function amountOnBlur(text: string, range: AmountRange): string {
  const { clamped } = amountInputState(text, range);
  return formatAmount(clamped, range.subunitToUnit, { mode: "trim" });
}

/** The mask options for a currency: at most its decimals, at most 10 characters. */
export function amountMaskFor(subunitToUnit: SubunitToUnit): MaskAmountOptions {
  return { maxLength: AMOUNT_INPUT_MAX_LENGTH, maxFractionDigits: fractionDigits(subunitToUnit) };
}
