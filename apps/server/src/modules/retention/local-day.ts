// Calendar days in the player's time zone (login-days streaks): the local date of an instant,
// and the day before a date. Pure; zones come from Intl, an unknown or unset zone is UTC.
import { resolveTimeZone } from "../risk/limit-periods";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar date ("2026-11-22") of `instant` in `zone`. */
export function localDate(instant: Date, zone: string | null | undefined): string {
  const timeZone = resolveTimeZone(zone);
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar day before `date` ("2026-03-01" → "2026-02-28"). */
export function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
