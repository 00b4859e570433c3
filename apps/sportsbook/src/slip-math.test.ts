import { describe, expect, it } from "vitest";
import {
  acceptsOddsChange,
  allowedTypes,
  binomial,
  combinations,
  formatAmount,
  formatOdds,
  multipleOdds,
  parseAmount,
  parseOdds,
  quote,
  shownOdds,
  systemsFor,
} from "./slip-math";

describe("sportsbook slip maths", () => {
  it("reads and writes decimal odds exactly", () => {
    expect(parseOdds("2.10")).toBe(21_000n);
    expect(parseOdds("1.01")).toBe(10_100n);
    expect(parseOdds("15")).toBe(150_000n);
    expect(formatOdds(21_000n)).toBe("2.10");
    expect(formatOdds(21_250n)).toBe("2.125");
    expect(formatOdds(150_000n)).toBe("15.00");
    expect(() => parseOdds("0.95")).toThrow();
    expect(() => parseOdds("2.12345")).toThrow();
    expect(() => parseOdds("abc")).toThrow();
  });

  it("multiplies a multiple's odds without floating-point drift", () => {
    // 2.10 × 2.50 = 5.25 (the contract's example); in floating point 2.1 * 2.5 is 5.25 but
    // 1.1 * 1.1 * 1.1 is 1.3310000000000004.
    expect(formatOdds(multipleOdds(["2.10", "2.50"]))).toBe("5.25");
    expect(formatOdds(multipleOdds(["1.10", "1.10", "1.10"]))).toBe("1.331");
    // Rounded down to 1/10000: 1.33 × 1.33 × 1.33 = 2.352637.
    expect(multipleOdds(["1.33", "1.33", "1.33"])).toBe(23_526n);
    // 20 legs stay exact.
    expect(multipleOdds(Array(20).fill("2.00"))).toBe(1_048_576n * 10_000n);
  });

  it("prices a multiple: stake × total odds, rounded down to the minor unit", () => {
    const q = quote("multiple", ["2.10", "2.50", "1.80"], 1_000n);
    expect(q.lines).toBe(1);
    expect(q.totalStake).toBe(1_000n);
    expect(formatOdds(q.totalOdds!)).toBe("9.45");
    expect(q.potentialPayout).toBe(9_450n);
    expect(q.capped).toBe(false);
    // The payout comes from the exact product, rounded down once: 5.00 × 1.56 × 1.38 × 1.72
    // = 5.00 × 3.702816 = 18.51408 → 18.51 (total odds shown 3.70).
    const exact = quote("multiple", ["1.56", "1.38", "1.72"], 500n);
    expect(exact.potentialPayout).toBe(1_851n);
    expect(shownOdds(exact.totalOdds!)).toBe("3.70");
    // 1,000.00 × 1.33³ = 2,352.637 → 2,352.63, not 2,352.60 from the rounded odds 2.3526.
    expect(quote("multiple", ["1.33", "1.33", "1.33"], 100_000n).potentialPayout).toBe(235_263n);
  });

  it("lists the combinations of a system 2/3 and 3/4", () => {
    expect(combinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(combinations(4, 3)).toHaveLength(4);
    expect(combinations(20, 10)).toHaveLength(binomial(20, 10));
    expect(binomial(20, 10)).toBe(184_756);
    expect(systemsFor(3)).toEqual(["2/3"]);
    expect(systemsFor(4)).toEqual(["2/4", "3/4"]);
    expect(systemsFor(2)).toEqual([]);
  });

  it("prices a system 2/3: the total stake split evenly over three doubles", () => {
    // Doubles: 2.00×3.00 = 6, 2.00×1.50 = 3, 3.00×1.50 = 4.5; 30.00 → 10.00 each → 135.00.
    const q = quote("system", ["2.00", "3.00", "1.50"], 3_000n, { system: "2/3" });
    expect(q.lines).toBe(3);
    expect(q.totalStake).toBe(3_000n);
    expect(q.potentialPayout).toBe(13_500n);
    // An uneven split is rounded down once, not per line: 10.00 / 3 × 13.5 = 45.00.
    expect(
      quote("system", ["2.00", "3.00", "1.50"], 1_000n, { system: "2/3" }).potentialPayout,
    ).toBe(4_500n);
    // 3/4 with 3-leg products that are not whole hundredths: 4 trebles of 1.11 = 1.367631 each.
    expect(
      quote("system", ["1.11", "1.11", "1.11", "1.11"], 40_000n, { system: "3/4" }).potentialPayout,
    ).toBe(54_705n);
    // 2/4: six doubles.
    expect(quote("system", ["2.00", "2.00", "2.00", "2.00"], 600n, { system: "2/4" }).lines).toBe(
      6,
    );
    expect(() => quote("system", ["2.00", "3.00"], 1_000n, { system: "2/3" })).toThrow();
  });

  it("prices singles as one bet per leg", () => {
    const q = quote("single", ["2.10", "1.50"], 500n);
    expect(q.lines).toBe(2);
    expect(q.totalStake).toBe(1_000n);
    expect(q.potentialPayout).toBe(1_050n + 750n);
  });

  it("caps the payout at the maximum per bet", () => {
    const multiple = quote("multiple", Array(10).fill("3.00"), 10_000n, { maxPayout: 10_000_000n });
    expect(multiple.uncappedPayout).toBe(590_490_000n);
    expect(multiple.potentialPayout).toBe(10_000_000n);
    expect(multiple.capped).toBe(true);
    // Singles: each single is its own bet, capped on its own.
    const singles = quote("single", ["50.00", "2.00"], 10_000n, { maxPayout: 100_000n });
    expect(singles.potentialPayout).toBe(100_000n + 20_000n);
    expect(singles.capped).toBe(true);
    // Under the cap nothing changes.
    const under = quote("multiple", ["2.00", "2.00"], 100n, { maxPayout: 100_000n });
    expect(under.potentialPayout).toBe(400n);
    expect(under.capped).toBe(false);
  });

  it("applies the odds-change rule: any, higher only, none", () => {
    expect(acceptsOddsChange("any", "2.10", "1.90")).toBe(true);
    expect(acceptsOddsChange("any", "2.10", "2.30")).toBe(true);
    expect(acceptsOddsChange("higher", "2.10", "2.30")).toBe(true);
    expect(acceptsOddsChange("higher", "2.10", "2.10")).toBe(true);
    expect(acceptsOddsChange("higher", "2.10", "2.09")).toBe(false);
    expect(acceptsOddsChange("none", "2.10", "2.10")).toBe(true);
    expect(acceptsOddsChange("none", "2.10", "2.11")).toBe(false);
    expect(acceptsOddsChange("none", "2.10", "2.09")).toBe(false);
  });

  it("reads stakes as minor units and refuses what is not an amount", () => {
    expect(parseAmount("12.5", 2)).toBe(1_250n);
    expect(parseAmount("12,50", 2)).toBe(1_250n);
    expect(parseAmount("7", 2)).toBe(700n);
    expect(parseAmount("0.00012345", 8)).toBe(12_345n);
    expect(parseAmount("1.234", 2)).toBeNull();
    expect(parseAmount("-1", 2)).toBeNull();
    expect(parseAmount("", 2)).toBeNull();
    expect(formatAmount(1_250n, 2)).toBe("12.50");
    expect(formatAmount(5n, 0)).toBe("5");
  });

  it("offers a multiple only for different events and a system from three legs", () => {
    expect(allowedTypes(["a"])).toEqual(["single"]);
    expect(allowedTypes(["a", "b"])).toEqual(["single", "multiple"]);
    expect(allowedTypes(["a", "a"])).toEqual(["single"]);
    expect(allowedTypes(["a", "b", "c"])).toEqual(["single", "multiple", "system"]);
    expect(allowedTypes(Array.from({ length: 21 }, (_, i) => `e${i}`))).toEqual(["single"]);
  });
});
