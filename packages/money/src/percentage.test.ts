import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cappedPercentOf, percentOf } from "./percentage";

describe("percentOf", () => {
  it("takes a percentage of an amount, rounding down", () => {
    expect(percentOf(10_000n, "50")).toBe(5_000n);
    expect(percentOf(999n, "50")).toBe(499n);
    expect(percentOf(999n, "50", "half-up")).toBe(500n);
    expect(percentOf(10_000n, "12.5")).toBe(1_250n);
    expect(percentOf(333n, "33.333")).toBe(110n);
    expect(percentOf(10_000n, 100)).toBe(10_000n);
    expect(percentOf(10_000n, 150n)).toBe(15_000n);
    expect(percentOf(0n, "50")).toBe(0n);
  });

  it("caps a percent-capped bonus", () => {
    expect(cappedPercentOf(100_000n, "100", 50_000n)).toBe(50_000n);
    expect(cappedPercentOf(20_000n, "100", 50_000n)).toBe(20_000n);
  });

  it("refuses float and negative percentages", () => {
    expect(() => percentOf(100n, 12.5)).toThrow(TypeError);
    expect(() => percentOf(100n, "-5")).toThrow(TypeError);
    expect(() => percentOf(100n, "5%")).toThrow(TypeError);
  });

  it("property: rounding down never gives more than the exact share, and less by under one unit", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 100_000 }),
        (minor, basisPoints) => {
          const percent = `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`;
          const share = percentOf(minor, percent);
          // exact share = minor × basisPoints / 10000
          expect(share * 10_000n <= minor * BigInt(basisPoints)).toBe(true);
          expect((share + 1n) * 10_000n > minor * BigInt(basisPoints)).toBe(true);
        },
      ),
    );
  });
});
