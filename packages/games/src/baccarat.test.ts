import { describe, expect, it } from "vitest";
import {
  baccaratDistribution,
  baccaratExact,
  baccaratPayout,
  cardRank,
  cardValue,
  declaredRtp,
  playBaccarat,
  playTableau,
} from "./baccarat";
import { floatsFrom } from "./draw";
import { toNumber } from "./rational";

const byValues = (values: number[]) => {
  let i = 0;
  return playTableau(
    () => values[i++]!,
    (v) => v,
  );
};

describe("baccarat", () => {
  it("card values: ace 1, 2–9 face value, tens and faces 0", () => {
    expect([0, 1, 8, 9, 10, 11, 12, 13, 415].map(cardValue)).toEqual([1, 2, 9, 0, 0, 0, 0, 1, 0]);
    expect(cardRank(415)).toBe(12);
  });

  it("deals from the top of the shuffled shoe: all-zero floats deal cards 0, 1, 2, …", () => {
    // A 2 3 4 5 …: player A+3 = 4 draws the 5 → 9; banker 2+4 = 6 stands on a third card of 5.
    const hand = playBaccarat(floatsFrom(new Array(6).fill(0)));
    expect(hand.playerCards).toEqual([0, 2, 4]);
    expect(hand.bankerCards).toEqual([1, 3]);
    expect(hand).toMatchObject({ playerTotal: 9, bankerTotal: 6, result: "player" });
  });

  it("follows the drawing rules", () => {
    // Natural 8 or 9: nobody draws.
    expect(byValues([9, 5, 0, 0])).toMatchObject({ playerTotal: 9, bankerTotal: 5 });
    expect(byValues([3, 4, 0, 4]).banker).toHaveLength(2); // banker natural 8
    // Player stands on 6–7, banker then draws on 0–5.
    expect(byValues([3, 2, 3, 2, 5])).toMatchObject({ player: [3, 3], banker: [2, 2, 5] });
    expect(byValues([3, 3, 4, 3])).toMatchObject({ player: [3, 4], banker: [3, 3] });
    // Player draws on 0–5; banker 3 draws unless the player's third card is 8.
    expect(byValues([1, 1, 1, 2, 8, 9]).banker).toEqual([1, 2]);
    expect(byValues([1, 1, 1, 2, 7, 9]).banker).toEqual([1, 2, 9]);
    // Banker 4: draws on 2–7; banker 5: on 4–7; banker 6: on 6–7; banker 7 stands.
    expect(byValues([1, 2, 1, 2, 1, 5]).banker).toEqual([2, 2]);
    expect(byValues([1, 2, 1, 2, 2, 5]).banker).toEqual([2, 2, 5]);
    expect(byValues([1, 2, 1, 3, 3, 5]).banker).toEqual([2, 3]);
    expect(byValues([1, 2, 1, 3, 4, 5]).banker).toEqual([2, 3, 5]);
    expect(byValues([1, 3, 1, 3, 5, 5]).banker).toEqual([3, 3]);
    expect(byValues([1, 3, 1, 3, 6, 5]).banker).toEqual([3, 3, 5]);
    expect(byValues([1, 3, 1, 4, 6, 5]).banker).toEqual([3, 4]);
    // Banker 0–2 always draws.
    expect(byValues([1, 0, 1, 2, 8, 5]).banker).toEqual([0, 2, 5]);
  });

  it("pays player 1:1, banker 0.95:1 (rounded down), tie 8:1; player and banker push on a tie", () => {
    expect(baccaratPayout(100n, "player", "player")).toBe(200n);
    expect(baccaratPayout(100n, "banker", "banker")).toBe(195n);
    expect(baccaratPayout(1n, "banker", "banker")).toBe(1n); // 1.95 → 1
    expect(baccaratPayout(30n, "banker", "banker")).toBe(58n); // 58.5 → 58
    expect(baccaratPayout(100n, "tie", "tie")).toBe(900n);
    expect(baccaratPayout(100n, "player", "tie")).toBe(100n);
    expect(baccaratPayout(100n, "banker", "tie")).toBe(100n);
    expect(baccaratPayout(100n, "banker", "player")).toBe(0n);
    expect(baccaratPayout(100n, "tie", "banker")).toBe(0n);
  });

  it("exact RTPs of an eight-deck shoe match the published figures", () => {
    const exact = baccaratExact();
    expect(exact.totals.reduce((a, b) => a + b, 0n)).toBe(exact.deals);
    expect(toNumber(exact.probability.banker)).toBeCloseTo(0.458597, 6);
    expect(toNumber(exact.probability.player)).toBeCloseTo(0.446247, 6);
    expect(toNumber(exact.probability.tie)).toBeCloseTo(0.095156, 6);
    // House edges 1.0579%, 1.2351%, 14.3596% (Wizard of Odds, eight decks).
    expect(toNumber(exact.rtp.banker)).toBeCloseTo(1 - 0.010579, 6);
    expect(toNumber(exact.rtp.player)).toBeCloseTo(1 - 0.012351, 6);
    expect(toNumber(exact.rtp.tie)).toBeCloseTo(1 - 0.143596, 6);
    expect(baccaratDistribution().reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(exact.rtp).toEqual(declaredRtp);
  });
});
