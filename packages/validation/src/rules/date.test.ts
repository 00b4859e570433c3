import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import {
  after,
  afterOrEqual,
  ageOn,
  before,
  beforeOrEqual,
  type DateComparison,
  date,
  dateCompare,
  maxAge,
  minAge,
} from "./date";

const ctx = makeContext();
const valid = (value: unknown) => date(value, ctx) === null;

describe("date rule", () => {
  it("VR-30 date rule accepts a timestamp number", () => {
    expect(valid(0)).toBe(true);
    expect(valid(1_700_000_000_000)).toBe(true);
    expect(valid(-86_400_000)).toBe(true);
    expect(valid(Number.NaN)).toBe(false);
    expect(valid("1700000000000")).toBe(false);
  });

  it("VR-31 date rule needs YYYY-M-D with year 1000-3000 and month 1-12", () => {
    for (const ok of ["2024-1-5", "2024-01-05", "1000-1-1", "3000-12-31", "1990-12-1"]) {
      expect(valid(ok), ok).toBe(true);
    }
    for (const bad of [
      "999-1-1",
      "0999-1-1",
      "3001-1-1",
      "2024-0-1",
      "2024-13-1",
      "2024-1-0",
      "24-1-1",
      "2024/1/1",
      "2024-1-1T00:00",
      " 2024-1-1",
      "2024-001-1",
      "1-1-2024",
    ]) {
      expect(valid(bad), bad).toBe(false);
    }
  });

  it("VR-32 date rule knows leap years", () => {
    expect(valid("2024-2-29")).toBe(true);
    expect(valid("2000-2-29")).toBe(true);
    expect(valid("2023-2-29")).toBe(false);
    expect(valid("1900-2-29")).toBe(false);
    expect(valid("2023-4-31")).toBe(false);
    expect(valid("2023-4-30")).toBe(true);
    expect(date("2023-2-29", ctx)).toEqual({ rule: "date", key: "date", params: {} });
  });
});

describe("date comparison", () => {
  it("VR-33 after, afterOrEqual, before and beforeOrEqual against a parameter date", () => {
    const param = "2024-2-29";
    const table: [string, boolean, boolean, boolean, boolean][] = [
      // value       after  afterOrEqual before beforeOrEqual
      ["2024-2-28", false, false, true, true],
      ["2024-2-29", false, true, false, true],
      ["2024-03-01", true, true, false, false],
    ];
    for (const [value, a, ae, b, be] of table) {
      expect(after(param)(value, ctx) === null, `${value} after`).toBe(a);
      expect(afterOrEqual(param)(value, ctx) === null, `${value} afterOrEqual`).toBe(ae);
      expect(before(param)(value, ctx) === null, `${value} before`).toBe(b);
      expect(beforeOrEqual(param)(value, ctx) === null, `${value} beforeOrEqual`).toBe(be);
    }
  });

  it("VR-33 compares timestamps with calendar dates (calendar dates at 00:00 UTC)", () => {
    const midnight = Date.UTC(2024, 1, 29);
    expect(afterOrEqual("2024-2-29")(midnight, ctx)).toBeNull();
    expect(after("2024-2-29")(midnight, ctx)).not.toBeNull();
    expect(after("2024-2-29")(midnight + 1, ctx)).toBeNull();
    expect(before(midnight)("2024-2-28", ctx)).toBeNull();
  });

  it("VR-34 date comparison fails when either date is invalid", () => {
    expect(after("2024-1-1")("2023-2-29", ctx)).toEqual({
      rule: "after",
      key: "after",
      params: { param: "2024-1-1" },
    });
    expect(before("2023-2-29")("2020-1-1", ctx)).not.toBeNull();
    expect(beforeOrEqual("not a date")("2020-1-1", ctx)).not.toBeNull();
    expect(afterOrEqual(Number.NaN)("2020-1-1", ctx)).not.toBeNull();
  });

  it("a timestamp parameter is shown as its UTC date in the message", () => {
    expect(before(Date.UTC(2000, 0, 2))("2001-1-1", ctx)?.params).toEqual({ param: "2000-01-02" });
  });

  it("VR-33 property: comparisons agree with the order of the instants", () => {
    const day = fc
      .integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(3000, 11, 31) })
      .map((ms) => new Date(ms))
      .map((d) => `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()}`);
    const ops: Record<DateComparison, (a: number, b: number) => boolean> = {
      after: (a, b) => a > b,
      afterOrEqual: (a, b) => a >= b,
      before: (a, b) => a < b,
      beforeOrEqual: (a, b) => a <= b,
    };
    fc.assert(
      fc.property(
        day,
        day,
        fc.constantFrom(...(Object.keys(ops) as DateComparison[])),
        (value, other, op) => {
          const [y1, m1, d1] = value.split("-").map(Number) as [number, number, number];
          const [y2, m2, d2] = other.split("-").map(Number) as [number, number, number];
          const expected = ops[op](Date.UTC(y1, m1 - 1, d1), Date.UTC(y2, m2 - 1, d2));
          expect(dateCompare(op, other)(value, ctx) === null).toBe(expected);
        },
      ),
    );
  });
});

describe("age rules", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const on = makeContext({ now });

  it("VR-38 minAge counts full years relative to the injected now", () => {
    expect(minAge(18)("2008-3-1", on)).toBeNull();
    expect(minAge(18)("2008-3-2", on)).toEqual({
      rule: "minAge",
      key: "minAge",
      params: { min: 18 },
    });
    expect(minAge(18)("2008-2-29", on)).toBeNull();
    expect(minAge(18)(Date.UTC(2008, 2, 1), on)).toBeNull();
    expect(minAge(18)("2008-2-30", on)).not.toBeNull();
  });

  it("VR-38 maxAge refuses people older than the limit", () => {
    expect(maxAge(100)("1926-3-1", on)).toBeNull();
    expect(maxAge(99)("1926-3-1", on)).toEqual({
      rule: "maxAge",
      key: "maxAge",
      params: { max: 99 },
    });
    expect(maxAge(99)("2030-1-1", on)).not.toBeNull();
  });

  it("ageOn is null for a future birth date", () => {
    expect(ageOn("2026-03-02", now)).toBeNull();
    expect(ageOn("2026-03-01", now)).toBe(0);
  });

  it("property: minAge(n) and maxAge(n - 1) never agree", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 1), max: now.getTime() }),
        fc.integer({ min: 1, max: 120 }),
        (birthMs, years) => {
          const birth = new Date(birthMs).toISOString().slice(0, 10);
          const oldEnough = minAge(years)(birth, on) === null;
          const young = maxAge(years - 1)(birth, on) === null;
          expect(oldEnough).toBe(!young);
        },
      ),
    );
  });
});
