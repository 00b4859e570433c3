// Monte Carlo check of every game's declared RTP through the real draw path: HMAC-SHA256 floats
// of (serverSeed, clientSeed, nonce) for nonces from..to−1. Pure apart from the hashing, so a
// worker can run a slice of the nonces and the slices merge (Chan et al.'s parallel variance).

import {
  type BaccaratBet,
  declaredRtp as baccaratDeclaredRtp,
  baccaratDistribution,
  baccaratMultiplier,
  playBaccarat,
} from "./baccarat";
import { type ChiSquareResult, chiSquareTest, combineChiSquare } from "./chi-square";
import {
  type DiceBet,
  diceDistribution,
  diceMultiplier,
  diceRtp,
  diceWins,
  rollDice,
} from "./dice";
import type { NextFloat } from "./draw";
import { floatStream } from "./fairness";
import { LIMBO_BUCKETS, limboBucket, limboDistribution, limboMultiplier, limboRtp } from "./limbo";
import { type Rational, toNumber } from "./rational";
import {
  type RouletteBet,
  rouletteBets,
  rouletteDistribution,
  rouletteMultiplier,
  rouletteRtp,
  spinRoulette,
} from "./roulette";
import { playSlot, slotConfig, declaredRtp as slotDeclaredRtp, slotStopDistribution } from "./slot";

export const GAME_NAMES = ["dice", "limbo", "roulette", "baccarat", "slot"] as const;
export type GameName = (typeof GAME_NAMES)[number];

export interface SimulatedBet {
  readonly label: string;
  readonly declared: Rational;
}

export interface GameSimulation {
  readonly name: GameName;
  /** Bets settled on every round's outcome (the same outcome for all of them). */
  readonly bets: readonly SimulatedBet[];
  /** Chi-square cell groups; the groups are independent, so their statistics add. */
  readonly groups: readonly { readonly label: string; readonly probabilities: readonly number[] }[];
  /** One round: each bet's return per unit staked into `returns`, outcome cells into `counts`. */
  play(next: NextFloat, returns: Float64Array, counts: readonly Float64Array[]): void;
}

function diceSimulation(): GameSimulation {
  const bets: DiceBet[] = [
    { target: 5_000, direction: "under" },
    { target: 9_499, direction: "over" },
    { target: 100, direction: "under" },
  ];
  const multipliers = bets.map((b) => toNumber(diceMultiplier(b)));
  return {
    name: "dice",
    bets: bets.map((b) => ({
      label: `${b.direction} ${(b.target / 100).toFixed(2)} (${toNumber(diceMultiplier(b)).toFixed(4)}×)`,
      declared: diceRtp(b),
    })),
    groups: [{ label: "roll 0.00–99.99", probabilities: diceDistribution() }],
    play(next, returns, counts) {
      const roll = rollDice(next);
      counts[0]![roll]!++;
      for (let i = 0; i < bets.length; i++)
        returns[i] = diceWins(bets[i]!, roll) ? multipliers[i]! : 0;
    },
  };
}

function limboSimulation(): GameSimulation {
  const targets = [101, 200, 1_000, 10_000];
  return {
    name: "limbo",
    bets: targets.map((t) => ({ label: `target ${(t / 100).toFixed(2)}×`, declared: limboRtp(t) })),
    groups: [
      { label: `multiplier, ${LIMBO_BUCKETS.length} buckets`, probabilities: limboDistribution() },
    ],
    play(next, returns, counts) {
      const m = limboMultiplier(next);
      counts[0]![limboBucket(m)]!++;
      for (let i = 0; i < targets.length; i++)
        returns[i] = m >= targets[i]! ? targets[i]! / 100 : 0;
    },
  };
}

function rouletteSimulation(): GameSimulation {
  const b = rouletteBets;
  const bets: RouletteBet[] = [
    b.straight(17),
    b.split(17, 20),
    b.street(6),
    b.corner(17),
    b.line(5),
    b.dozen(2),
    b.column(2),
    b.red(),
    b.black(),
    b.odd(),
    b.even(),
    b.low(),
    b.high(),
  ];
  const covers = bets.map((bet) => {
    const set = new Uint8Array(37);
    for (const n of bet.numbers) set[n] = 1;
    return set;
  });
  const multipliers = bets.map(rouletteMultiplier);
  return {
    name: "roulette",
    bets: bets.map((bet) => ({
      label: `${bet.kind} ${bet.numbers.length <= 6 ? bet.numbers.join("-") : ""}`.trim(),
      declared: rouletteRtp(bet),
    })),
    groups: [{ label: "pocket 0–36", probabilities: rouletteDistribution() }],
    play(next, returns, counts) {
      const pocket = spinRoulette(next);
      counts[0]![pocket]!++;
      for (let i = 0; i < bets.length; i++) returns[i] = covers[i]![pocket] ? multipliers[i]! : 0;
    },
  };
}

function baccaratSimulation(): GameSimulation {
  const bets: BaccaratBet[] = ["player", "banker", "tie"];
  const results = ["player", "banker", "tie"] as const;
  const multipliers = bets.map((bet) => results.map((r) => toNumber(baccaratMultiplier(bet, r))));
  return {
    name: "baccarat",
    bets: bets.map((bet) => ({ label: bet, declared: baccaratDeclaredRtp[bet] })),
    groups: [{ label: "player total × banker total", probabilities: baccaratDistribution() }],
    play(next, returns, counts) {
      const hand = playBaccarat(next);
      counts[0]![hand.playerTotal * 10 + hand.bankerTotal]!++;
      const r = results.indexOf(hand.result);
      for (let i = 0; i < bets.length; i++) returns[i] = multipliers[i]![r]!;
    },
  };
}

function slotSimulation(): GameSimulation {
  const lines = slotConfig.paylines.length;
  return {
    name: "slot",
    bets: [{ label: `round (${lines} lines, free spins included)`, declared: slotDeclaredRtp }],
    groups: slotStopDistribution().map((probabilities, reel) => ({
      label: `reel ${reel + 1} stops`,
      probabilities,
    })),
    play(next, returns, counts) {
      const round = playSlot(next);
      for (const spin of round.spins) {
        spin.stops.forEach((stop, reel) => {
          counts[reel]![stop]!++;
        });
      }
      returns[0] = round.units / lines;
    },
  };
}

export function gameSimulation(name: GameName): GameSimulation {
  switch (name) {
    case "dice":
      return diceSimulation();
    case "limbo":
      return limboSimulation();
    case "roulette":
      return rouletteSimulation();
    case "baccarat":
      return baccaratSimulation();
    case "slot":
      return slotSimulation();
  }
}

/** Running mean and sum of squared deviations (Welford). */
export interface Moments {
  n: number;
  mean: number;
  m2: number;
}

const emptyMoments = (): Moments => ({ n: 0, mean: 0, m2: 0 });

function push(m: Moments, x: number): void {
  m.n++;
  const d = x - m.mean;
  m.mean += d / m.n;
  m.m2 += d * (x - m.mean);
}

function mergeMoments(a: Moments, b: Moments): Moments {
  const n = a.n + b.n;
  if (n === 0) return emptyMoments();
  const d = b.mean - a.mean;
  return {
    n,
    mean: a.mean + (d * b.n) / n,
    m2: a.m2 + b.m2 + (d * d * a.n * b.n) / n,
  };
}

export interface Tally {
  readonly game: GameName;
  rounds: number;
  /** Per bet: return per unit staked. */
  moments: Moments[];
  counts: number[][];
}

export interface SimulationRange {
  readonly serverSeed: string;
  readonly clientSeed: string;
  /** Nonces from (inclusive) to (exclusive). */
  readonly from: number;
  readonly to: number;
}

export function simulate(name: GameName, range: SimulationRange): Tally {
  const game = gameSimulation(name);
  const betCount = game.bets.length;
  const returns = new Float64Array(betCount);
  const counts = game.groups.map((g) => new Float64Array(g.probabilities.length));
  const moments = Array.from({ length: betCount }, emptyMoments);
  const { serverSeed, clientSeed } = range;
  for (let nonce = range.from; nonce < range.to; nonce++) {
    game.play(floatStream({ serverSeed, clientSeed, nonce }), returns, counts);
    for (let i = 0; i < betCount; i++) push(moments[i]!, returns[i]!);
  }
  return { game: name, rounds: range.to - range.from, moments, counts: counts.map((c) => [...c]) };
}

export function mergeTallies(a: Tally, b: Tally): Tally {
  return {
    game: a.game,
    rounds: a.rounds + b.rounds,
    moments: a.moments.map((m, i) => mergeMoments(m, b.moments[i]!)),
    counts: a.counts.map((c, g) => c.map((x, i) => x + b.counts[g]![i]!)),
  };
}

/**
 * The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9;
 * one Newton step on erfc would not change the intervals printed).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`quantile of ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972,
    -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number): number =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Confidence of the intervals: 99%, shared by all of a game's bets. */
export const CONFIDENCE = 0.99;

/**
 * z of two-sided intervals that hold simultaneously for `bets` bets at 99% (Bonferroni: each at
 * 1 − 0.01 / bets). One bet: 2.576; three: 2.935; thirteen: 3.364.
 */
export function simultaneousZ(bets: number): number {
  return normalQuantile(1 - (1 - CONFIDENCE) / (2 * bets));
}

export interface RtpEstimate {
  readonly label: string;
  readonly declared: Rational;
  readonly measured: number;
  readonly low: number;
  readonly high: number;
  readonly contains: boolean;
}

export function estimate(label: string, declared: Rational, m: Moments, z: number): RtpEstimate {
  const sd = m.n > 1 ? Math.sqrt(m.m2 / (m.n - 1)) : Number.POSITIVE_INFINITY;
  const half = (z * sd) / Math.sqrt(m.n);
  const d = toNumber(declared);
  return {
    label,
    declared,
    measured: m.mean,
    low: m.mean - half,
    high: m.mean + half,
    contains: m.mean - half <= d && d <= m.mean + half,
  };
}

export interface GameReport {
  readonly game: GameName;
  readonly rounds: number;
  /** z of the intervals: 99% for all of the game's bets together. */
  readonly z: number;
  /** Each bet's measured RTP and interval: every interval must contain its declared RTP. */
  readonly bets: readonly RtpEstimate[];
  readonly groups: readonly (ChiSquareResult & { readonly label: string })[];
  /** The groups combined: must pass at 99%. */
  readonly chiSquare: ChiSquareResult;
  readonly passed: boolean;
}

export function report(tally: Tally): GameReport {
  const game = gameSimulation(tally.game);
  const z = simultaneousZ(game.bets.length);
  const bets = game.bets.map((bet, i) => estimate(bet.label, bet.declared, tally.moments[i]!, z));
  const groups = game.groups.map((g, i) => ({
    label: g.label,
    ...chiSquareTest(tally.counts[i]!, g.probabilities),
  }));
  const chiSquare = groups.length === 1 ? groups[0]! : combineChiSquare(groups);
  return {
    game: tally.game,
    rounds: tally.rounds,
    z,
    bets,
    groups,
    chiSquare,
    passed: bets.every((b) => b.contains) && chiSquare.pValue >= 1 - CONFIDENCE,
  };
}
