/**
 * Calendar dates as the date rules read them (spec §5 rule 8).
 *
 * A date value is either a timestamp number (milliseconds since 1970-01-01T00:00:00Z, any finite
 * number a JavaScript Date can hold) or text `YYYY-M-D`: a four-digit year 1000-3000, a month
 * 1-12 and a day 1-31 valid for that month in the proleptic Gregorian calendar, months and days
 * with or without a leading zero. Calendar dates are placed at 00:00 UTC when compared, so the
 * result never depends on the time zone of the machine that checks it.
 */

export const MIN_YEAR = 1000;
export const MAX_YEAR = 3000;
/** The largest distance from the epoch a JavaScript Date can represent (ECMA-262 §21.4.1.1). */
export const MAX_TIMESTAMP_MS = 8.64e15;

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Gregorian rule: every fourth year, except centuries, except every fourth century. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in `month` (1-12) of `year`; 0 for a month outside 1-12. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 0;
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
}

const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** Reads `YYYY-M-D` text; null when it is not a real date within years 1000-3000. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = YMD.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** `YYYY-MM-DD`, or `YYYY-M-D` with `{ pad: false }`. */
export function formatCalendarDate(date: CalendarDate, options: { pad?: boolean } = {}): string {
  const pad = options.pad ?? true;
  const two = (n: number) => (pad ? String(n).padStart(2, "0") : String(n));
  return `${String(date.year).padStart(4, "0")}-${two(date.month)}-${two(date.day)}`;
}

export function isTimestamp(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= MAX_TIMESTAMP_MS;
}

/** VR-30/VR-31/VR-32: a timestamp number, or valid `YYYY-M-D` text. */
export function isValidDateValue(value: unknown): boolean {
  return toEpochMs(value) !== null;
}

/**
 * The instant of a date value in milliseconds since the epoch (calendar dates at 00:00 UTC),
 * or null for anything that is not a valid date value. `Date` objects are accepted too.
 */
export function toEpochMs(value: unknown): number | null {
  if (isTimestamp(value)) return value;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : ms;
  }
  if (typeof value !== "string") return null;
  const date = parseCalendarDate(value);
  return date ? Date.UTC(date.year, date.month - 1, date.day) : null;
}

/** The UTC calendar date of an instant. */
export function calendarDateOfEpochMs(ms: number): CalendarDate {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The calendar date of a date value (timestamps by their UTC day), or null when invalid. */
export function toCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value === "string") return parseCalendarDate(value);
  const ms = toEpochMs(value);
  return ms === null ? null : calendarDateOfEpochMs(ms);
}

/**
 * Completed years from `birth` to `today`. A birthday on 29 February is reached on 1 March in
 * common years (the person is not a year older before the date has passed).
 */
export function fullYearsBetween(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday =
    today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}
