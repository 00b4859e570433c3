import { describe, expect, it } from "vitest";
import {
  addMonths,
  isValidTimeZone,
  periodBounds,
  resolveTimeZone,
  zonedToInstant,
} from "./limit-periods";

const at = (iso: string) => new Date(iso);
const bounds = (period: "daily" | "weekly" | "monthly", iso: string, zone: string) => {
  const { start, end } = periodBounds(period, at(iso), zone);
  return [start.toISOString(), end.toISOString()];
};
const hours = (period: "daily" | "weekly" | "monthly", iso: string, zone: string) => {
  const { start, end } = periodBounds(period, at(iso), zone);
  return (end.getTime() - start.getTime()) / 3_600_000;
};

describe("limit periods (LM-03, BE-34)", () => {
  it("LM-03 a day runs from local midnight to the next, the boundary instant belonging to the new day", () => {
    expect(bounds("daily", "2026-11-22T12:00:00Z", "UTC")).toEqual([
      "2026-11-22T00:00:00.000Z",
      "2026-11-23T00:00:00.000Z",
    ]);
    expect(bounds("daily", "2026-11-23T00:00:00Z", "UTC")[0]).toBe("2026-11-23T00:00:00.000Z");
    expect(bounds("daily", "2026-11-22T23:59:59.999Z", "UTC")[1]).toBe("2026-11-23T00:00:00.000Z");
    // 23:30 UTC is already tomorrow in Berlin (UTC+1 in winter).
    expect(bounds("daily", "2026-11-22T23:30:00Z", "Europe/Berlin")).toEqual([
      "2026-11-22T23:00:00.000Z",
      "2026-11-23T23:00:00.000Z",
    ]);
    expect(bounds("daily", "2026-11-22T22:59:59.999Z", "Europe/Berlin")[0]).toBe(
      "2026-11-21T23:00:00.000Z",
    );
    // New York is UTC-5 in winter: 03:00 UTC is still the previous local day.
    expect(bounds("daily", "2026-11-23T03:00:00Z", "America/New_York")).toEqual([
      "2026-11-22T05:00:00.000Z",
      "2026-11-23T05:00:00.000Z",
    ]);
    // Far east of UTC: Kiritimati is UTC+14.
    expect(bounds("daily", "2026-11-22T09:59:59Z", "Pacific/Kiritimati")).toEqual([
      "2026-11-21T10:00:00.000Z",
      "2026-11-22T10:00:00.000Z",
    ]);
  });

  it("LM-03 an ISO week starts on Monday 00:00 local time, also when the instant is a Sunday night or a Monday", () => {
    // 2026-11-22 is a Sunday: its week began on Monday 16 November.
    expect(bounds("weekly", "2026-11-22T12:00:00Z", "UTC")).toEqual([
      "2026-11-16T00:00:00.000Z",
      "2026-11-23T00:00:00.000Z",
    ]);
    expect(bounds("weekly", "2026-11-23T00:00:00Z", "UTC")[0]).toBe("2026-11-23T00:00:00.000Z");
    // Sunday 23:30 UTC is Monday 00:30 in Berlin: a new week there.
    expect(bounds("weekly", "2026-11-22T23:30:00Z", "Europe/Berlin")).toEqual([
      "2026-11-22T23:00:00.000Z",
      "2026-11-29T23:00:00.000Z",
    ]);
    // A week across the turn of the year (ISO week 53 of 2026 runs 28 Dec – 3 Jan).
    expect(bounds("weekly", "2027-01-01T10:00:00Z", "UTC")).toEqual([
      "2026-12-28T00:00:00.000Z",
      "2027-01-04T00:00:00.000Z",
    ]);
  });

  it("LM-03 a month runs from the 1st 00:00 to the next 1st, month ends and 29 February 2028 included", () => {
    expect(bounds("monthly", "2026-11-30T23:59:59Z", "UTC")).toEqual([
      "2026-11-01T00:00:00.000Z",
      "2026-12-01T00:00:00.000Z",
    ]);
    expect(bounds("monthly", "2026-12-31T12:00:00Z", "UTC")).toEqual([
      "2026-12-01T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
    ]);
    expect(bounds("monthly", "2028-02-29T12:00:00Z", "UTC")).toEqual([
      "2028-02-01T00:00:00.000Z",
      "2028-03-01T00:00:00.000Z",
    ]);
    expect(bounds("daily", "2028-02-29T12:00:00Z", "UTC")).toEqual([
      "2028-02-29T00:00:00.000Z",
      "2028-03-01T00:00:00.000Z",
    ]);
    expect(bounds("daily", "2027-02-28T12:00:00Z", "UTC")[1]).toBe("2027-03-01T00:00:00.000Z");
    // 30 November 23:30 UTC is already December in Berlin.
    expect(bounds("monthly", "2026-11-30T23:30:00Z", "Europe/Berlin")).toEqual([
      "2026-11-30T23:00:00.000Z",
      "2026-12-31T23:00:00.000Z",
    ]);
    // The month of the spring change in Berlin starts at UTC+1 and ends at UTC+2.
    expect(bounds("monthly", "2027-03-15T12:00:00Z", "Europe/Berlin")).toEqual([
      "2027-02-28T23:00:00.000Z",
      "2027-03-31T22:00:00.000Z",
    ]);
  });

  it("LM-03 the daylight-saving days are 23 and 25 hours long in Europe/Berlin and America/New_York", () => {
    // Berlin: 28 March 2027 02:00 → 03:00 (23 h), 31 October 2027 03:00 → 02:00 (25 h).
    expect(bounds("daily", "2027-03-28T12:00:00Z", "Europe/Berlin")).toEqual([
      "2027-03-27T23:00:00.000Z",
      "2027-03-28T22:00:00.000Z",
    ]);
    expect(hours("daily", "2027-03-28T00:30:00Z", "Europe/Berlin")).toBe(23);
    expect(bounds("daily", "2027-10-31T12:00:00Z", "Europe/Berlin")).toEqual([
      "2027-10-30T22:00:00.000Z",
      "2027-10-31T23:00:00.000Z",
    ]);
    expect(hours("daily", "2027-10-31T01:30:00Z", "Europe/Berlin")).toBe(25);
    // New York: 14 March 2027 02:00 → 03:00 (23 h), 7 November 2027 02:00 → 01:00 (25 h).
    expect(bounds("daily", "2027-03-14T12:00:00Z", "America/New_York")).toEqual([
      "2027-03-14T05:00:00.000Z",
      "2027-03-15T04:00:00.000Z",
    ]);
    expect(hours("daily", "2027-03-14T12:00:00Z", "America/New_York")).toBe(23);
    expect(bounds("daily", "2027-11-07T12:00:00Z", "America/New_York")).toEqual([
      "2027-11-07T04:00:00.000Z",
      "2027-11-08T05:00:00.000Z",
    ]);
    expect(hours("daily", "2027-11-07T05:30:00Z", "America/New_York")).toBe(25);
    // The week and month around a change are an hour shorter or longer, too.
    expect(hours("weekly", "2027-03-28T12:00:00Z", "Europe/Berlin")).toBe(7 * 24 - 1);
    expect(hours("monthly", "2027-11-10T12:00:00Z", "America/New_York")).toBe(30 * 24 + 1);
  });

  it("LM-03 a zone whose clocks skip midnight starts the day when the gap ends", () => {
    // America/Santiago springs forward at 00:00 on 5 September 2027: the day starts at 01:00 (-03).
    const { start } = periodBounds("daily", at("2027-09-05T15:00:00Z"), "America/Santiago");
    expect(start.toISOString()).toBe("2027-09-05T04:00:00.000Z");
    // A repeated hour resolves to its first occurrence.
    const wall = Date.UTC(2027, 9, 31, 2, 30);
    expect(new Date(zonedToInstant(wall, "Europe/Berlin")).toISOString()).toBe(
      "2027-10-31T00:30:00.000Z",
    );
  });

  it("BE-34 an unknown or empty zone is UTC; known zones are kept", () => {
    expect(resolveTimeZone(null)).toBe("UTC");
    expect(resolveTimeZone("")).toBe("UTC");
    expect(resolveTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(resolveTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("not a zone")).toBe(false);
    expect(bounds("daily", "2026-11-22T12:00:00Z", "Nowhere/Else")[0]).toBe(
      "2026-11-22T00:00:00.000Z",
    );
  });

  it("BE-34 months of self-exclusion are calendar months, the day clamped at the month's end", () => {
    expect(addMonths(at("2026-11-22T12:34:56Z"), 6).toISOString()).toBe("2027-05-22T12:34:56.000Z");
    expect(addMonths(at("2027-08-31T10:00:00Z"), 6).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(at("2026-08-31T10:00:00Z"), 6).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(addMonths(at("2026-11-22T00:00:00Z"), 120).toISOString()).toBe(
      "2036-11-22T00:00:00.000Z",
    );
  });
});
