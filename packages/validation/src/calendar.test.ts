import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  formatCalendarDate,
  fullYearsBetween,
  isLeapYear,
  isValidDateValue,
  parseCalendarDate,
  toEpochMs,
} from "./calendar";

/**
 * Reference: the JavaScript Date's proleptic Gregorian calendar. A (year, month, day) is a real
 * date exactly when Date.UTC does not roll it over into another day.
 */
function referenceIsRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

describe("calendar", () => {
  it("VR-32 leap years follow the Gregorian rules", () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 13)).toBe(0);
  });

  it("VR-32 property: a YYYY-M-D text is valid exactly when the Gregorian reference says so", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 3000 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.boolean(),
        (year, month, day, pad) => {
          const two = (n: number) => (pad ? String(n).padStart(2, "0") : String(n));
          const text = `${year}-${two(month)}-${two(day)}`;
          const expected =
            month >= 1 && month <= 12 && day >= 1 && referenceIsRealDate(year, month, day);
          expect(parseCalendarDate(text) !== null).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("VR-32 property: every day of a leap-year February 29 agrees with the reference", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 3000 }), (year) => {
        expect(parseCalendarDate(`${year}-2-29`) !== null).toBe(referenceIsRealDate(year, 2, 29));
        expect(isLeapYear(year)).toBe(referenceIsRealDate(year, 2, 29));
      }),
    );
  });

  it("VR-31 property: valid dates round-trip through text and through the epoch", () => {
    const validDate = fc
      .date({
        min: new Date("1000-01-01T00:00:00Z"),
        max: new Date("3000-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));
    fc.assert(
      fc.property(validDate, fc.boolean(), (date, pad) => {
        const text = formatCalendarDate(date, { pad });
        expect(parseCalendarDate(text)).toEqual(date);
        const ms = toEpochMs(text);
        expect(ms).toBe(Date.UTC(date.year, date.month - 1, date.day));
        expect(new Date(ms!).toISOString().slice(0, 10)).toBe(formatCalendarDate(date));
      }),
    );
  });

  it("VR-31 property: years outside 1000-3000 are refused", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 3001, max: 9999 })),
        (year) => {
          expect(parseCalendarDate(`${String(year).padStart(4, "0")}-1-1`)).toBeNull();
        },
      ),
    );
  });

  it("VR-30 timestamps are valid when a Date can hold them", () => {
    expect(isValidDateValue(0)).toBe(true);
    expect(isValidDateValue(Date.UTC(2024, 1, 29))).toBe(true);
    expect(isValidDateValue(-8.64e15)).toBe(true);
    expect(isValidDateValue(8.64e15 + 1)).toBe(false);
    expect(isValidDateValue(Number.NaN)).toBe(false);
    expect(isValidDateValue(Infinity)).toBe(false);
  });

  it("fullYearsBetween counts completed years; a 29 February birthday comes on 1 March", () => {
    const birth = { year: 2008, month: 2, day: 29 };
    expect(fullYearsBetween(birth, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(fullYearsBetween(birth, { year: 2026, month: 3, day: 1 })).toBe(18);
    expect(fullYearsBetween(birth, { year: 2028, month: 2, day: 29 })).toBe(20);
  });
});
