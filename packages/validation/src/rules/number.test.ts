import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { decimal, integer, numeric, numericValue } from "./number";

const ctx = makeContext();
const ok = (rule: typeof numeric, value: unknown) => rule(value, ctx) === null;

describe("number rules", () => {
  it("VR-38 numeric: unsigned digits with an optional fraction", () => {
    for (const v of ["0", "12", "12.5", ".5", 0, 12.5, 10n])
      expect(ok(numeric, v), String(v)).toBe(true);
    for (const v of ["-1", "+1", "1e3", "1,5", "1.", " 1", "abc", -1, Number.NaN, Infinity]) {
      expect(ok(numeric, v), String(v)).toBe(false);
    }
  });

  it("VR-11 VR-38 integer: whole numbers, optionally negative", () => {
    for (const v of ["0", "42", "-42", 42, -7, 5n]) expect(ok(integer, v), String(v)).toBe(true);
    for (const v of ["4.2", "+4", "1e3", "4 ", "", 4.5, Number.NaN]) {
      // "" is empty and passes, as every rule but required does
      expect(ok(integer, v), String(v)).toBe(v === "");
    }
  });

  it("VR-38 decimal: signed numbers with an optional fraction", () => {
    for (const v of ["0", "-1", "-1.25", ".5", "-.5", 3.14, -2])
      expect(ok(decimal, v), String(v)).toBe(true);
    for (const v of ["-", ".", "1.", "1e-3", "1,5", "--1", Infinity]) {
      expect(ok(decimal, v), String(v)).toBe(false);
    }
  });

  it("numericValue reads numbers, bigints and plain decimal text", () => {
    expect(numericValue("12.5")).toBe(12.5);
    expect(numericValue(-3)).toBe(-3);
    expect(numericValue(7n)).toBe(7);
    expect(numericValue("1e3")).toBeNull();
    expect(numericValue({})).toBeNull();
  });
});
