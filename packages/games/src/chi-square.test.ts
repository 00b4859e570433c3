import { describe, expect, it } from "vitest";
import { chiSquareSurvival, chiSquareTest, combineChiSquare, lnGamma } from "./chi-square";

describe("chi-square p-values", () => {
  it("the 1% critical values give p = 0.01 (reference values from SciPy's chi2.isf)", () => {
    const critical: [number, number][] = [
      [1, 6.634896601021217],
      [10, 23.20925115895436],
      [36, 58.61921450168706],
      [99, 134.64161685578915],
      [9_999, 10_330.917127604109],
    ];
    for (const [df, x] of critical) expect(chiSquareSurvival(x, df)).toBeCloseTo(0.01, 10);
    expect(chiSquareSurvival(5, 3)).toBeCloseTo(0.1717971442967335, 12);
    expect(chiSquareSurvival(10_100, 9_999)).toBeCloseTo(0.23683108140899037, 9);
    expect(chiSquareSurvival(0.5, 2)).toBeCloseTo(Math.exp(-0.25), 12);
    expect(chiSquareSurvival(0, 4)).toBe(1);
  });

  it("lnGamma matches factorials", () => {
    expect(lnGamma(1)).toBeCloseTo(0, 12);
    expect(lnGamma(11)).toBeCloseTo(Math.log(3_628_800), 10);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it("tests observed counts against probabilities; independent tests combine", () => {
    const fair = chiSquareTest([25, 25, 25, 25], [0.25, 0.25, 0.25, 0.25]);
    expect(fair).toEqual({ statistic: 0, df: 3, pValue: 1 });
    const loaded = chiSquareTest([40, 20, 20, 20], [0.25, 0.25, 0.25, 0.25]);
    expect(loaded.statistic).toBeCloseTo(12, 12);
    expect(loaded.pValue).toBeLessThan(0.01);
    const both = combineChiSquare([fair, loaded]);
    expect(both.df).toBe(6);
    expect(both.statistic).toBeCloseTo(12, 12);
  });
});
