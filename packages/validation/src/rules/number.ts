import { predicateRule, type Rule } from "../rule";

const UNSIGNED_DECIMAL = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
const SIGNED_DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
const SIGNED_INTEGER = /^-?\d+$/;

/**
 * Unsigned number: a finite number >= 0, a bigint >= 0, or text of digits with an optional
 * fraction ("12", "12.5", ".5"). No sign, exponent, blanks or separators.
 */
export const numeric: Rule = predicateRule("numeric", [], (value) => {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0;
  if (typeof value === "bigint") return value >= 0n;
  return typeof value === "string" && UNSIGNED_DECIMAL.test(value);
});

/** Whole number, optionally negative: an integral number, a bigint, or text like "-12". */
export const integer: Rule = predicateRule("integer", [], (value) => {
  if (typeof value === "number") return Number.isInteger(value);
  if (typeof value === "bigint") return true;
  return typeof value === "string" && SIGNED_INTEGER.test(value);
});

/** Signed decimal: a finite number, a bigint, or text like "-12.5", "0.25", ".5". */
export const decimal: Rule = predicateRule("decimal", [], (value) => {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value === "bigint") return true;
  return typeof value === "string" && SIGNED_DECIMAL.test(value);
});

/** The value of a number, bigint or signed plain decimal string; null for anything else. */
export function numericValue(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && SIGNED_DECIMAL.test(value)) return Number(value);
  return null;
}

/** Rule factories take trusted parameters; a wrong one is a programming error, so it throws. */
export function assertFiniteNumber(rule: string, param: unknown): asserts param is number {
  if (typeof param !== "number" || !Number.isFinite(param)) {
    throw new TypeError(`${rule}: expected a finite number parameter, got ${String(param)}`);
  }
}
