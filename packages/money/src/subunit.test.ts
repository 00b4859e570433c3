import { describe, expect, it } from "vitest";
import { fractionDigits, subunitFactor } from "./subunit";

describe("subunitToUnit", () => {
  it("gives the decimals of powers of ten, as numbers or bigints", () => {
    expect(fractionDigits(1)).toBe(0);
    expect(fractionDigits(100)).toBe(2);
    expect(fractionDigits(1e8)).toBe(8);
    expect(fractionDigits(1e18)).toBe(18);
    expect(fractionDigits(10n ** 30n)).toBe(30);
    expect(subunitFactor(1e18)).toBe(10n ** 18n);
  });

  it("refuses anything that is not a positive power of ten", () => {
    for (const bad of [0, -100, 50, 1.5, 101, Number.NaN, 0n, 20n]) {
      expect(() => fractionDigits(bad), String(bad)).toThrow(RangeError);
    }
  });
});
