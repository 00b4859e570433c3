import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideRounded, ROUNDING_MODES, type RoundingMode } from "./rounding";

describe("divideRounded", () => {
  it("rounds ties by mode, symmetrically around zero", () => {
    const cases: [bigint, bigint, RoundingMode, bigint][] = [
      [5n, 2n, "half-up", 3n],
      [-5n, 2n, "half-up", -3n],
      [5n, 2n, "half-even", 2n],
      [7n, 2n, "half-even", 4n],
      [-7n, 2n, "half-even", -4n],
      [5n, 2n, "down", 2n],
      [-5n, 2n, "down", -2n],
      [29n, 10n, "down", 2n],
      [26n, 10n, "half-up", 3n],
      [24n, 10n, "half-up", 2n],
      [10n, -4n, "half-up", -3n],
      [0n, 7n, "half-even", 0n],
    ];
    for (const [n, d, mode, expected] of cases) {
      expect(divideRounded(n, d, mode), `${n}/${d} ${mode}`).toBe(expected);
    }
  });

  it("refuses a zero denominator and an unknown mode", () => {
    expect(() => divideRounded(1n, 0n, "down")).toThrow(RangeError);
    expect(() => divideRounded(1n, 3n, "up" as RoundingMode)).toThrow(RangeError);
  });

  it("property: the result is within one unit of the exact quotient (half a unit when rounding to nearest)", () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.bigInt().filter((d) => d !== 0n),
        fc.constantFrom(...ROUNDING_MODES),
        (n, d, mode) => {
          const q = divideRounded(n, d, mode);
          const ad = d < 0n ? -d : d;
          const error = q * d - n; // (q - n/d) * d
          const absError = error < 0n ? -error : error;
          if (mode === "down") {
            expect(absError < ad).toBe(true);
            // toward zero: |q| never exceeds |n/d|
            expect((q < 0n ? -q : q) * ad <= (n < 0n ? -n : n)).toBe(true);
          } else {
            expect(2n * absError <= ad).toBe(true);
          }
        },
      ),
    );
  });
});
