import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { floatsFrom } from "./draw";
import {
  declaredRtp,
  LIMBO_BUCKETS,
  limboBucket,
  limboDistribution,
  limboMultiplier,
  limboPayout,
  limboRtp,
  probabilityAtLeast,
} from "./limbo";
import { compare, ratio, sub, toNumber } from "./rational";

const TWO_32 = 2 ** 32;
const multiplierOf = (k: number) => limboMultiplier(floatsFrom([k / TWO_32]));

describe("limbo", () => {
  it("multiplier = max(1.00, floor(99 / (1 − float)) / 100)", () => {
    expect(multiplierOf(0)).toBe(100); // 0.99 → 1.00
    expect(multiplierOf(TWO_32 / 2)).toBe(198); // 1 − 0.5 → 1.98
    expect(multiplierOf(TWO_32 * 0.75)).toBe(396);
    // The exact edge of 2.00×: 2³² − k ≤ ⌊99·2³²/200⌋ = 2,126,008,811.
    expect(multiplierOf(TWO_32 - 2_126_008_811)).toBe(200);
    expect(multiplierOf(TWO_32 - 2_126_008_812)).toBe(199);
    expect(multiplierOf(TWO_32 - 1)).toBe(100_000_000); // capped at 1,000,000×
    // The README's hand-worked round (nonce 7 of fairness.test.ts): k = 0x59acf7db → 1.52×.
    expect(multiplierOf(0x59acf7db)).toBe(152);
  });

  it("the float formula and the integer one agree on sampled floats", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TWO_32 - 1 }), (k) => {
        const float = k / TWO_32;
        const m = multiplierOf(k);
        const naive = Math.max(100, Math.floor(99 / (1 - float)));
        // Floating division may land on the other side of an integer only within 1e-6 of it.
        if (Math.abs(99 / (1 - float) - Math.round(99 / (1 - float))) > 1e-6) {
          expect(m).toBe(Math.min(naive, 100_000_000));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("wins when the multiplier reaches the target; pays target × stake, rounded down", () => {
    expect(limboPayout(100n, 250, 250)).toBe(250n);
    expect(limboPayout(100n, 250, 249)).toBe(0n);
    expect(limboPayout(3n, 101, 5_000)).toBe(3n); // 3.03 → 3
    expect(() => limboPayout(100n, 100, 500)).toThrow(RangeError);
  });

  it("P(multiplier ≥ t) counts the floats exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TWO_32 - 1 }),
        fc.integer({ min: 101, max: 100_000_000 }),
        (k, target) => {
          const wins = multiplierOf(k) >= target;
          expect(wins).toBe(TWO_32 - k <= Math.floor((99 * TWO_32) / target));
        },
      ),
      { numRuns: 2_000 },
    );
    expect(probabilityAtLeast(200)).toEqual(ratio(2_126_008_811, TWO_32));
  });

  it("every target returns 99%, less than T / (100·2³²) lost to the float grid", () => {
    expect(declaredRtp).toEqual(ratio(99, 100));
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 100_000_000 }), (target) => {
        const rtp = limboRtp(target);
        expect(compare(rtp, declaredRtp)).toBeLessThanOrEqual(0);
        expect(compare(sub(declaredRtp, rtp), ratio(target, 100 * TWO_32))).toBe(-1);
      }),
    );
    expect(toNumber(limboRtp(200))).toBeCloseTo(0.99, 9);
  });

  it("buckets partition the multipliers and their probabilities sum to 1", () => {
    expect(limboBucket(100)).toBe(0);
    expect(limboBucket(101)).toBe(1);
    expect(limboBucket(199)).toBe(8);
    expect(limboBucket(200)).toBe(9);
    expect(limboBucket(100_000_000)).toBe(LIMBO_BUCKETS.length - 1);
    const p = limboDistribution();
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[0]).toBeCloseTo(1 - 0.99 / 1.01, 6);
  });
});
