import { defineRule, makeIssue, type Rule } from "../rule";
import { assertFiniteNumber, numericValue } from "./number";

/**
 * `min(n)` and `max(n)` measure what the value is:
 * - a string: its length in characters (Unicode code points, so an emoji counts once);
 * - an array: its number of items;
 * - a number or bigint: its value (the issue then uses the `minValue` / `maxValue` message).
 * A numeric *string* from a form is measured by length; use `between` for its value.
 * Anything else fails.
 */
export function min(limit: number): Rule {
  assertFiniteNumber("min", limit);
  return defineRule("min", [limit], (value) => {
    const size = measure(value);
    if (size === null) return makeIssue("min", { min: limit });
    if (size.by === "value")
      return size.n >= limit ? null : makeIssue("min", { min: limit }, "minValue");
    return size.n >= limit ? null : makeIssue("min", { min: limit });
  });
}

/** See `min`: length for strings and arrays, value for numbers (message `maxValue`). */
export function max(limit: number): Rule {
  assertFiniteNumber("max", limit);
  return defineRule("max", [limit], (value) => {
    const size = measure(value);
    if (size === null) return makeIssue("max", { max: limit });
    if (size.by === "value")
      return size.n <= limit ? null : makeIssue("max", { max: limit }, "maxValue");
    return size.n <= limit ? null : makeIssue("max", { max: limit });
  });
}

/** Exactly `count` characters (code points) for a string or number text, or items for an array. */
export function length(count: number): Rule {
  assertFiniteNumber("length", count);
  return defineRule("length", [count], (value) => {
    const n = Array.isArray(value)
      ? value.length
      : typeof value === "string" || typeof value === "number" || typeof value === "bigint"
        ? [...String(value)].length
        : null;
    return n === count ? null : makeIssue("length", { param: count });
  });
}

/**
 * The numeric value (a number, a bigint, or a plain decimal string such as "12.5") lies within
 * [lower, upper], both ends included. Text that is not a plain decimal fails.
 */
export function between(lower: number, upper: number): Rule {
  assertFiniteNumber("between", lower);
  assertFiniteNumber("between", upper);
  return defineRule("between", [lower, upper], (value) => {
    const n = numericValue(value);
    return n !== null && n >= lower && n <= upper
      ? null
      : makeIssue("between", { min: lower, max: upper });
  });
}

function measure(value: unknown): { by: "length" | "value"; n: number } | null {
  if (typeof value === "string") return { by: "length", n: [...value].length };
  if (Array.isArray(value)) return { by: "length", n: value.length };
  if (typeof value === "number") return Number.isNaN(value) ? null : { by: "value", n: value };
  if (typeof value === "bigint") return { by: "value", n: Number(value) };
  return null;
}
