// Calendar periods of cash limits in the player's time zone (ADR 0008): a day from local
// midnight, an ISO week from Monday 00:00, a month from the 1st 00:00; each period ends where the
// next begins, so a period is [start, end) and may be 23 or 25 hours long across a daylight-saving
// change. Pure: the zone's offsets come from Intl (the ICU time-zone data Node ships), the
// calendar arithmetic from Date.UTC on wall-clock fields.
import type { LimitPeriod } from "@casino/contract/limits";

export interface PeriodBounds {
  /** The first instant of the period. */
  start: Date;
  /** The first instant of the next period. */
  end: Date;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      era: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone Intl knows ("Europe/Berlin", "UTC"); false for anything else. */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The player's zone when it is a valid IANA zone, else UTC. */
export function resolveTimeZone(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : "UTC";
}

/** The wall clock of `instant` in `zone`, as if that wall-clock time were UTC (ms). */
function wallClockMs(instant: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(instant))) {
    parts[part.type] = part.value;
  }
  let year = Number(parts.year);
  if (parts.era === "BC" || parts.era === "B") year = 1 - year;
  const utc = new Date(0);
  utc.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  utc.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return utc.getTime() + (instant - Math.floor(instant / 1000) * 1000);
}

/** The zone's offset from UTC at `instant` (ms; +3 600 000 for CET). */
function offsetAt(instant: number, zone: string): number {
  return wallClockMs(instant, zone) - instant;
}

/**
 * The first instant whose wall clock in `zone` is at or after `wall` (a wall-clock time written
 * as UTC ms). For an ordinary time that is the instant itself; for a time that occurs twice (a
 * fall-back hour) the earlier one; for a time the zone skips (a spring-forward gap, e.g. midnight
 * in a zone that changes at 00:00) the instant the gap ends.
 */
export function zonedToInstant(wall: number, zone: string): number {
  const before = wall - offsetAt(wall - DAY_MS, zone);
  const after = wall - offsetAt(wall + DAY_MS, zone);
  const candidates = [before, after]
    .filter((instant) => wallClockMs(instant, zone) === wall)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return candidates[0];
  // In a gap: the old offset still applies up to the change, so `before` is where it happens.
  return before;
}

/** Calendar date arithmetic on a wall-clock midnight: y, m (0-based) and d normalised by Date.UTC. */
function wallDate(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(0, 0, 0, 0);
  return date.getTime();
}

/** The calendar period of `period` in `timeZone` that contains `instant`. */
export function periodBounds(period: LimitPeriod, instant: Date, timeZone: string): PeriodBounds {
  const zone = resolveTimeZone(timeZone);
  const local = new Date(wallClockMs(instant.getTime(), zone));
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  let start: number;
  let end: number;
  if (period === "daily") {
    start = wallDate(year, month, day);
    end = wallDate(year, month, day + 1);
  } else if (period === "weekly") {
    // getUTCDay: 0 Sunday … 6 Saturday; ISO weeks start on Monday.
    const sinceMonday = (local.getUTCDay() + 6) % 7;
    start = wallDate(year, month, day - sinceMonday);
    end = wallDate(year, month, day - sinceMonday + 7);
  } else {
    start = wallDate(year, month, 1);
    end = wallDate(year, month + 1, 1);
  }
  return { start: new Date(zonedToInstant(start, zone)), end: new Date(zonedToInstant(end, zone)) };
}

/**
 * `instant` plus whole calendar months in UTC, the day clamped to the target month's last day
 * (31 August + 6 months = 28 or 29 February): when a months-long self-exclusion ends.
 */
export function addMonths(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(instant.getTime());
  result.setUTCFullYear(year, month, Math.min(instant.getUTCDate(), lastDay));
  return result;
}
