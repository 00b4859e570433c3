import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DiceBet,
  declaredRtp,
  diceMultiplier,
  dicePayout,
  diceRtp,
  diceWins,
  rollDice,
} from "./dice";
import { floatsFrom } from "./draw";
import { floatStream } from "./fairness";
import { equals, ratio } from "./rational";

const f = (k: number) => k / 2 ** 32;

describe("dice", () => {
  it("the roll is the float's 32-bit value mod 10,000 (in hundredths)", () => {
    expect(rollDice(floatsFrom([f(0)]))).toBe(0);
    expect(rollDice(floatsFrom([f(12_345)]))).toBe(2_345);
    // The 7,296 values from 4,294,960,000 up are rejected (2³² mod 10,000) and the next float decides.
    expect(rollDice(floatsFrom([f(4_294_959_999)]))).toBe(9_999);
    expect(rollDice(floatsFrom([f(4_294_960_000), f(42)]))).toBe(42);
    // From the HMAC vector of fairness.test.ts, nonce 7: 59acf7db = 1,504,507,867 → 78.67.
    const seeds = {
      serverSeed: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      clientSeed: "player-chosen",
      nonce: 7,
    };
    expect(rollDice(floatStream(seeds))).toBe(7_867);
  });

  it("under wins below the target, over wins above it", () => {
    const under: DiceBet = { target: 5_000, direction: "under" };
    const over: DiceBet = { target: 5_000, direction: "over" };
    expect(diceWins(under, 4_999)).toBe(true);
    expect(diceWins(under, 5_000)).toBe(false);
    expect(diceWins(over, 5_000)).toBe(false);
    expect(diceWins(over, 5_001)).toBe(true);
  });

  it("pays 99 / chance%, rounded down to the minor unit", () => {
    const half: DiceBet = { target: 5_000, direction: "under" };
    expect(diceMultiplier(half)).toEqual(ratio(198, 100));
    expect(dicePayout(1_000n, half, 10)).toBe(1_980n);
    expect(dicePayout(1n, half, 10)).toBe(1n); // 1.98 → 1
    expect(dicePayout(1_000n, half, 6_000)).toBe(0n);
    const rare: DiceBet = { target: 7, direction: "under" }; // 0.07%: 9900/7 = 1414.28…×
    expect(dicePayout(7n, rare, 3)).toBe(9_900n);
    expect(dicePayout(1n, rare, 3)).toBe(1_414n);
    expect(diceMultiplier({ target: 9_499, direction: "over" })).toEqual(ratio(99, 5));
  });

  it("every allowed bet returns exactly 99%", () => {
    expect(declaredRtp).toEqual(ratio(99, 100));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_998 }),
        fc.constantFrom("under" as const, "over" as const),
        (target, direction) => {
          const bet = { target, direction };
          const wins = direction === "under" ? target : 9_999 - target;
          fc.pre(wins >= 1 && wins <= 9_800);
          expect(equals(diceRtp(bet), declaredRtp)).toBe(true);
        },
      ),
    );
  });

  it("refuses chances outside 0.01%–98%", () => {
    expect(() => diceMultiplier({ target: 0, direction: "under" })).toThrow(RangeError);
    expect(() => diceMultiplier({ target: 9_801, direction: "under" })).toThrow(RangeError);
    expect(() => diceMultiplier({ target: 9_999, direction: "over" })).toThrow(RangeError);
    expect(() => diceMultiplier({ target: 50.5, direction: "under" })).toThrow(RangeError);
  });
});
