import {
  calendarDateOfEpochMs,
  formatCalendarDate,
  fullYearsBetween,
  isTimestamp,
  isValidDateValue,
  toCalendarDate,
  toEpochMs,
} from "../calendar";
import { defineRule, makeIssue, predicateRule, type Rule } from "../rule";
import { assertFiniteNumber } from "./number";

/** VR-30..VR-32: a timestamp number, or `YYYY-M-D` with year 1000-3000 and a real day. */
export const date: Rule = predicateRule("date", [], (value) => isValidDateValue(value));

export type DateComparison = "after" | "afterOrEqual" | "before" | "beforeOrEqual";

export const DATE_COMPARISONS: readonly DateComparison[] = [
  "after",
  "afterOrEqual",
  "before",
  "beforeOrEqual",
];

/**
 * VR-33/VR-34: compares the value with the parameter date (a timestamp number or `YYYY-M-D`
 * text). Fails when either is not a valid date. The rule id is the comparison's name.
 */
export function dateCompare(comparison: DateComparison, other: number | string): Rule {
  if (!DATE_COMPARISONS.includes(comparison)) {
    throw new TypeError(`dateCompare: unknown comparison ${String(comparison)}`);
  }
  if (typeof other !== "number" && typeof other !== "string") {
    throw new TypeError("dateCompare: the parameter date must be a timestamp or YYYY-M-D text");
  }
  const otherMs = toEpochMs(other);
  const param = typeof other === "number" && isTimestamp(other) ? formatTimestamp(other) : other;
  return defineRule(comparison, [other], (value) => {
    const valueMs = toEpochMs(value);
    const passes =
      valueMs !== null && otherMs !== null && compareInstants(comparison, valueMs, otherMs);
    return passes ? null : makeIssue(comparison, { param });
  });
}

export const after = (other: number | string): Rule => dateCompare("after", other);
export const afterOrEqual = (other: number | string): Rule => dateCompare("afterOrEqual", other);
export const before = (other: number | string): Rule => dateCompare("before", other);
export const beforeOrEqual = (other: number | string): Rule => dateCompare("beforeOrEqual", other);

function compareInstants(comparison: DateComparison, a: number, b: number): boolean {
  switch (comparison) {
    case "after":
      return a > b;
    case "afterOrEqual":
      return a >= b;
    case "before":
      return a < b;
    case "beforeOrEqual":
      return a <= b;
  }
}

function formatTimestamp(ms: number): string {
  return formatCalendarDate(calendarDateOfEpochMs(ms));
}

/**
 * At least `years` full years old on `ctx.now` (by UTC calendar days), the value being a birth
 * date. An invalid date or a birth date in the future fails.
 */
export function minAge(years: number): Rule {
  assertFiniteNumber("minAge", years);
  return defineRule("minAge", [years], (value, ctx) => {
    const age = ageOn(value, ctx.now);
    return age !== null && age >= years ? null : makeIssue("minAge", { min: years });
  });
}

/** At most `years` full years old on `ctx.now`; see `minAge`. */
export function maxAge(years: number): Rule {
  assertFiniteNumber("maxAge", years);
  return defineRule("maxAge", [years], (value, ctx) => {
    const age = ageOn(value, ctx.now);
    return age !== null && age <= years ? null : makeIssue("maxAge", { max: years });
  });
}

/** Full years from a birth date value to `now`; null for an invalid or future birth date. */
export function ageOn(birthDate: unknown, now: Date): number | null {
  const birth = toCalendarDate(birthDate);
  if (!birth) return null;
  const age = fullYearsBetween(birth, calendarDateOfEpochMs(now.getTime()));
  return age >= 0 ? age : null;
}
