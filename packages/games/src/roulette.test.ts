import { describe, expect, it } from "vitest";
import { floatsFrom } from "./draw";
import { floatStream } from "./fairness";
import { ratio } from "./rational";
import {
  rouletteBets as bet,
  declaredRtp,
  RED_NUMBERS,
  roulettePayout,
  rouletteRtp,
  spinRoulette,
} from "./roulette";

const f = (k: number) => k / 2 ** 32;

describe("roulette", () => {
  it("the pocket is the float's 32-bit value mod 37, top values rejected", () => {
    expect(spinRoulette(floatsFrom([f(0)]))).toBe(0);
    expect(spinRoulette(floatsFrom([f(40)]))).toBe(3);
    const limit = 2 ** 32 - (2 ** 32 % 37);
    expect(spinRoulette(floatsFrom([f(limit), f(36)]))).toBe(36);
    const seeds = {
      serverSeed: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      clientSeed: "player-chosen",
      nonce: 7,
    };
    expect(spinRoulette(floatStream(seeds))).toBe(1_504_507_867 % 37); // 29
  });

  it("builds the standard bets from the layout", () => {
    expect(bet.split(1, 2).numbers).toEqual([1, 2]);
    expect(bet.split(4, 1).numbers).toEqual([1, 4]);
    expect(bet.split(0, 3).numbers).toEqual([0, 3]);
    expect(() => bet.split(3, 4)).toThrow(RangeError); // end of one row, start of the next
    expect(() => bet.split(0, 4)).toThrow(RangeError);
    expect(bet.street(12).numbers).toEqual([34, 35, 36]);
    expect(bet.corner(1).numbers).toEqual([1, 2, 4, 5]);
    expect(() => bet.corner(3)).toThrow(RangeError);
    expect(() => bet.corner(34)).toThrow(RangeError);
    expect(bet.line(11).numbers).toEqual([31, 32, 33, 34, 35, 36]);
    expect(bet.dozen(3).numbers).toEqual([25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
    expect(bet.column(1).numbers).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(RED_NUMBERS.size).toBe(18);
    expect(bet.black().numbers.filter((n) => RED_NUMBERS.has(n))).toEqual([]);
    expect(bet.black().numbers).toHaveLength(18);
    expect(bet.low().numbers).toHaveLength(18);
  });

  it("pays 36 / numbers covered; zero loses the even chances", () => {
    const chips = [
      { bet: bet.straight(17), stake: 100n },
      { bet: bet.split(17, 20), stake: 100n },
      { bet: bet.red(), stake: 100n },
      { bet: bet.odd(), stake: 100n },
    ];
    // 17 is black and odd: 3,600 + 1,800 + 0 + 200.
    expect(roulettePayout(chips, 17)).toBe(5_600n);
    expect(roulettePayout(chips, 20)).toBe(1_800n);
    expect(roulettePayout(chips, 0)).toBe(0n);
    expect(roulettePayout([{ bet: bet.corner(16), stake: 5n }], 20)).toBe(45n);
    expect(roulettePayout([{ bet: bet.line(1), stake: 5n }], 6)).toBe(30n);
    expect(roulettePayout([{ bet: bet.dozen(2), stake: 5n }], 13)).toBe(15n);
  });

  it("every bet returns 36/37", () => {
    expect(declaredRtp).toEqual(ratio(36, 37));
    const all = [
      bet.straight(0),
      bet.split(0, 1),
      bet.street(1),
      bet.corner(1),
      bet.line(1),
      bet.dozen(1),
      bet.column(3),
      bet.red(),
      bet.black(),
      bet.odd(),
      bet.even(),
      bet.low(),
      bet.high(),
    ];
    for (const b of all) expect(rouletteRtp(b)).toEqual(declaredRtp);
  });
});
