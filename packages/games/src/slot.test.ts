import { describe, expect, it } from "vitest";
import { floatsFrom } from "./draw";
import { add, div, equals, mul, type Rational, ratio, toNumber } from "./rational";
import {
  analyseSlot,
  declaredRtp,
  evaluateLine,
  evaluateSpin,
  playSlot,
  type SlotConfig,
  slotConfig,
  slotPayout,
  slotStake,
  spinWindow,
} from "./slot";

const f = (k: number) => k / 2 ** 32;
const sym = (name: string) => slotConfig.symbols.indexOf(name);
const [W, SC, S7, BE, A, K, Q, J] = [
  "wild",
  "scatter",
  "seven",
  "bell",
  "ace",
  "king",
  "queen",
  "jack",
].map(sym) as number[];

describe("slot: lines, scatters, free spins", () => {
  it("line wins pay left to right, wilds substitute, scatters break the run", () => {
    expect(evaluateLine(slotConfig, [S7!, S7!, S7!, Q!, J!])).toEqual({
      symbol: S7,
      count: 3,
      pay: 75,
    });
    expect(evaluateLine(slotConfig, [A!, W!, W!, A!, K!])).toEqual({
      symbol: A,
      count: 4,
      pay: 35,
    });
    expect(evaluateLine(slotConfig, [BE!, W!, W!, W!, BE!])).toEqual({
      symbol: BE,
      count: 5,
      pay: 500,
    });
    expect(evaluateLine(slotConfig, [Q!, W!, SC!, Q!, Q!]).pay).toBe(0);
    expect(evaluateLine(slotConfig, [SC!, SC!, SC!, Q!, Q!]).pay).toBe(0);
    expect(evaluateLine(slotConfig, [J!, K!, J!, J!, J!]).pay).toBe(0);
  });

  it("a spin at stops 0,0,0,0,0 pays lines 4 (3 bells) and 9 (3 aces) by hand", () => {
    const window = spinWindow(slotConfig, [0, 0, 0, 0, 0]);
    expect(window.map((column) => column.map((s) => slotConfig.symbols[s]))).toEqual([
      ["bell", "ace", "jack"],
      ["queen", "wild", "ace"],
      ["cherry", "queen", "wild"],
      ["ten", "seven", "cherry"],
      ["king", "ten", "queen"],
    ]);
    const spin = evaluateSpin(slotConfig, window);
    expect(spin.lineWins).toEqual([
      { line: 3, symbol: BE, count: 3, pay: 40 },
      { line: 8, symbol: A, count: 3, pay: 15 },
    ]);
    expect(spin).toMatchObject({ scatters: 0, units: 55 });
  });

  it("3 scatters pay 4× the total bet and start 10 free spins at 2×", () => {
    // Stops 8, 12, 13 put a scatter on the top row of reels 1–3; the free spins stop at 0s.
    const floats = [f(8), f(12), f(13), f(0), f(0), ...new Array(50).fill(0)];
    const round = playSlot(floatsFrom(floats));
    const [base, ...free] = round.spins;
    expect(base).toMatchObject({
      freeSpin: false,
      stops: [8, 12, 13, 0, 0],
      scatters: 3,
      awarded: 10,
      units: 40,
    });
    expect(base!.lineWins).toEqual([]);
    expect(free).toHaveLength(10);
    for (const spin of free) expect(spin).toMatchObject({ freeSpin: true, units: 110, awarded: 0 });
    expect(round.units).toBe(40 + 10 * 110);
    expect(round.multiplier).toEqual(ratio(114));
    expect(slotPayout(100n, round)).toBe(11_400n);
    expect(slotStake(100n, round)).toBe(100n);
  });

  it("a retrigger in the free spins adds 10 more", () => {
    const trigger = [f(8), f(12), f(13), f(0), f(0)];
    const floats = [...trigger, ...trigger, ...new Array(19 * 5).fill(0)];
    const round = playSlot(floatsFrom(floats));
    expect(round.spins).toHaveLength(1 + 20);
    expect(round.spins[1]).toMatchObject({ freeSpin: true, awarded: 10, units: 80 });
  });

  it("a platform free spin plays the same round; the platform pays the bet, the player stakes nothing", () => {
    const floats = [f(0), f(0), f(0), f(0), f(0)];
    const paid = playSlot(floatsFrom(floats));
    const platform = playSlot(floatsFrom(floats), { funding: "platform" });
    expect(platform.spins).toEqual(paid.spins);
    expect(platform.funding).toBe("platform");
    expect(slotStake(250n, platform)).toBe(0n);
    expect(slotPayout(250n, platform)).toBe(slotPayout(250n, paid));
    // 55 line-bet units on 10 lines: 5.5× the bet, rounded down.
    expect(slotPayout(250n, platform)).toBe(1_375n);
    expect(slotPayout(3n, platform)).toBe(16n);
  });
});

describe("slot: exact RTP", () => {
  it("the analytic RTP of the strips and paytable is the declared one (about 96.05%)", () => {
    const analysis = analyseSlot(slotConfig);
    expect(equals(analysis.rtp, declaredRtp)).toBe(true);
    expect(toNumber(declaredRtp)).toBeCloseTo(0.960545, 6);
    // The feature: 1 in 77 spins, 11.49 free spins on average with retriggers.
    expect(toNumber(analysis.triggerProbability)).toBeCloseTo(1 / 77.066, 5);
    expect(toNumber(analysis.featureSpins)).toBeCloseTo(11.491, 3);
    const p = analysis.triggerProbability;
    expect(analysis.featureSpins).toEqual(div(ratio(10), add(ratio(1), mul(p, ratio(-10)))));
  });

  it("the analysis equals a full enumeration of every stop combination (small slot)", () => {
    // Wild on reel 1 with its own pays, two scatters in one window, 3 lines.
    const small: SlotConfig = {
      symbols: ["wild", "scatter", "a", "b"],
      wild: 0,
      scatter: 1,
      rows: 3,
      reels: [
        [0, 2, 3, 1, 2, 3],
        [2, 0, 1, 1, 3],
        [3, 2, 0, 1, 2, 2],
        [2, 3, 0, 2],
        [1, 2, 3, 2, 0, 3, 2],
      ],
      paylines: [
        [1, 1, 1, 1, 1],
        [0, 1, 2, 1, 0],
        [2, 2, 0, 0, 1],
      ],
      pays: [
        [0, 0, 0, 20, 50, 200],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 2, 5, 10, 25],
        [0, 0, 0, 3, 12, 30],
      ],
      scatterPays: [0, 0, 1, 3, 10, 30, 60, 100, 200, 500, 1000],
      freeSpins: { trigger: 4, spins: 3, multiplier: 3 },
    };
    let units = 0n;
    let triggers = 0n;
    let combinations = 0n;
    const stops: number[] = [];
    const walk = (reel: number): void => {
      if (reel === small.reels.length) {
        const spin = evaluateSpin(small, spinWindow(small, stops));
        units += BigInt(spin.units);
        if (spin.scatters >= small.freeSpins.trigger) triggers++;
        combinations++;
        return;
      }
      for (let s = 0; s < small.reels[reel]!.length; s++) {
        stops[reel] = s;
        walk(reel + 1);
      }
    };
    walk(0);
    const analysis = analyseSlot(small);
    expect(analysis.spinUnits).toEqual(ratio(units, combinations));
    expect(analysis.triggerProbability).toEqual(ratio(triggers, combinations));
    const b: Rational = ratio(units, combinations * 3n);
    const p = ratio(triggers, combinations);
    const featureSpins = div(ratio(3), add(ratio(1), mul(p, ratio(-3))));
    expect(analysis.rtp).toEqual(add(b, mul(mul(p, featureSpins), mul(ratio(3), b))));
  });

  it("scatters never share a window on the real strips (the feature needs three reels)", () => {
    for (const strip of slotConfig.reels) {
      strip.forEach((s, i) => {
        if (s !== SC) return;
        expect(strip[(i + 1) % strip.length]).not.toBe(SC);
        expect(strip[(i + 2) % strip.length]).not.toBe(SC);
      });
    }
  });
});
