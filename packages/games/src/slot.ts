// A 5-reel, 3-row video slot with 10 paylines, weighted reel strips, a wild and a scatter.
//
// - A spin stops each reel at a uniform position of its strip (intBelow(strip length), reels left
//   to right); the window shows the stop and the two symbols after it (rows 0, 1, 2).
// - Line wins pay left to right from the first reel: the line's symbol is its first non-wild
//   symbol, and the run counts that symbol and wilds. A run of wilds alone pays the wild's own
//   pays when those are higher. The scatter never forms or continues a line.
// - Scatters pay anywhere, in multiples of the total bet, and 3 or more start the free spins:
//   10 spins at 2× on the same strips; 3 or more scatters in a free spin add 10 more (retriggers
//   are unlimited: the expected number of spins is finite since P(trigger) × 10 < 1).
// - A round is the paid (or platform-paid) spin with all the free spins it triggers; its win is
//   the total bet × (sum of the round's line-bet units) / paylines, rounded down.
//
// The RTP is exact (slotRtp): every payline's five positions see each reel's strip frequencies,
// so one line's expected pay comes from the per-reel symbol counts; scatters per reel come from
// the strip; and a free spin is worth v = M·b + p·N·v, so v = M·b / (1 − p·N).

import { intBelow, type NextFloat } from "./draw";
import { add, applyMultiplier, div, mul, type Rational, ratio, sub } from "./rational";

export interface SlotConfig {
  readonly symbols: readonly string[];
  readonly wild: number;
  readonly scatter: number;
  readonly rows: number;
  /** One strip per reel: symbol indexes, read circularly. */
  readonly reels: readonly (readonly number[])[];
  /** The row of each reel, per line. */
  readonly paylines: readonly (readonly number[])[];
  /** pays[symbol][count]: line-bet units for a run of `count` (0 when absent). */
  readonly pays: readonly (readonly number[])[];
  /** scatterPays[count]: total-bet units for `count` scatters anywhere. */
  readonly scatterPays: readonly number[];
  readonly freeSpins: {
    readonly trigger: number;
    readonly spins: number;
    readonly multiplier: number;
  };
}

const S = {
  wild: 0,
  scatter: 1,
  seven: 2,
  bell: 3,
  bar: 4,
  cherry: 5,
  ace: 6,
  king: 7,
  queen: 8,
  jack: 9,
  ten: 10,
} as const;

// Reel strips, top to bottom (read circularly). Weights are repetitions: reels 2–4 carry the
// wilds, every reel two scatters at least three stops apart (never two in one window).
const { wild: W, scatter: SC, seven: S7, bell: BE, bar: BA, cherry: CH } = S;
const { ace: A, king: K, queen: Q, jack: J, ten: T } = S;
// biome-ignore format: one strip per line
const REELS: number[][] = [
  [BE, A, J, T, K, BA, Q, CH, SC, J, A, T, K, Q, J, T, BE, A, S7, BA, CH, Q, K, T, J, A, Q, CH, T, K, J, BA, SC, BE, A, Q, T, J, K, CH, T, Q, S7, BA, A, J, K, T, CH, Q],
  [Q, W, A, J, BE, K, T, BA, Q, CH, J, A, SC, W, K, Q, T, J, A, CH, BA, BE, S7, Q, K, T, J, W, A, Q, CH, K, J, T, BA, A, Q, SC, BE, J, W, K, CH, T, Q, A, BA, J, S7, K, T, CH],
  [CH, Q, W, A, J, BE, K, T, Q, BA, CH, J, A, SC, K, W, Q, T, J, A, CH, BA, BE, Q, K, S7, T, J, W, A, Q, CH, K, J, T, BA, A, Q, BE, J, SC, K, W, CH, T, Q, A, BA, J, K, S7, T],
  [T, S7, CH, Q, W, A, J, BE, K, T, Q, BA, CH, J, A, K, Q, W, T, SC, J, A, CH, BA, Q, BE, K, T, J, S7, W, A, Q, CH, K, J, T, BA, Q, A, J, BE, K, W, CH, T, SC, Q, A, J, BA, K],
  [K, T, Q, CH, S7, J, A, T, K, BE, Q, T, J, BA, CH, A, T, K, Q, J, SC, T, A, CH, J, BA, Q, K, T, BE, S7, J, A, T, Q, CH, K, T, J, BA, Q, A, T, K, J, BE, CH, SC, T, Q, A, J, BA],
];

export const slotConfig: SlotConfig = {
  symbols: Object.keys(S),
  wild: S.wild,
  scatter: S.scatter,
  rows: 3,
  reels: REELS,
  paylines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [1, 0, 1, 2, 1],
  ],
  pays: [
    [0, 0, 0, 0, 0, 0], // wild: substitutes only
    [0, 0, 0, 0, 0, 0], // scatter: pays through scatterPays
    [0, 0, 0, 75, 250, 1000], // seven
    [0, 0, 0, 40, 150, 500], // bell
    [0, 0, 0, 30, 90, 300], // bar
    [0, 0, 0, 20, 60, 200], // cherry
    [0, 0, 0, 15, 35, 125], // ace
    [0, 0, 0, 12, 30, 100], // king
    [0, 0, 0, 10, 25, 80], // queen
    [0, 0, 0, 8, 20, 60], // jack
    [0, 0, 0, 7, 15, 50], // ten
  ],
  scatterPays: [0, 0, 0, 4, 20, 100],
  freeSpins: { trigger: 3, spins: 10, multiplier: 2 },
};

/** Exact RTP of slotConfig (≈ 96.05%): analyseSlot(slotConfig).rtp, checked by a test. */
export const declaredRtp: Rational = ratio(45_334_541_171_311n, 47_196_704_495_200n);

export interface LineWin {
  readonly line: number;
  readonly symbol: number;
  readonly count: number;
  /** Line-bet units (before the free-spin multiplier). */
  readonly pay: number;
}

export interface SlotSpin {
  readonly freeSpin: boolean;
  readonly stops: readonly number[];
  /** window[reel][row]: symbol indexes. */
  readonly window: readonly (readonly number[])[];
  readonly lineWins: readonly LineWin[];
  readonly scatters: number;
  /** Line-bet units of this spin, the free-spin multiplier applied. */
  readonly units: number;
  /** Free spins this spin awarded. */
  readonly awarded: number;
}

export interface SlotRound {
  /** "player": the player's stake; "platform": a platform free spin at this bet, paid by the platform. */
  readonly funding: "player" | "platform";
  readonly spins: readonly SlotSpin[];
  /** Line-bet units of the whole round. */
  readonly units: number;
  /** Return multiplier of the total bet: units / paylines. */
  readonly multiplier: Rational;
}

/** Pay of one line's five symbols. */
export function evaluateLine(
  config: SlotConfig,
  symbols: readonly number[],
): { symbol: number; count: number; pay: number } {
  const { wild, scatter, pays } = config;
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === wild) wilds++;
  let best = { symbol: wild, count: wilds, pay: pays[wild]![wilds] ?? 0 };
  const symbol = symbols[wilds];
  if (symbol !== undefined && symbol !== scatter) {
    let count = wilds;
    while (count < symbols.length && (symbols[count] === symbol || symbols[count] === wild))
      count++;
    const pay = pays[symbol]![count] ?? 0;
    if (pay > best.pay) best = { symbol, count, pay };
  }
  return best;
}

export function spinWindow(config: SlotConfig, stops: readonly number[]): number[][] {
  return config.reels.map((strip, reel) =>
    Array.from({ length: config.rows }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
}

/** One spin's wins in line-bet units, before any free-spin multiplier. */
export function evaluateSpin(
  config: SlotConfig,
  window: readonly (readonly number[])[],
): { lineWins: LineWin[]; scatters: number; units: number } {
  const lineWins: LineWin[] = [];
  let units = 0;
  config.paylines.forEach((rows, line) => {
    const win = evaluateLine(
      config,
      rows.map((row, reel) => window[reel]![row]!),
    );
    if (win.pay > 0) {
      lineWins.push({ line, ...win });
      units += win.pay;
    }
  });
  let scatters = 0;
  for (const column of window) for (const s of column) if (s === config.scatter) scatters++;
  units += (config.scatterPays[scatters] ?? 0) * config.paylines.length;
  return { lineWins, scatters, units };
}

function spin(config: SlotConfig, next: NextFloat, freeSpin: boolean): SlotSpin {
  const stops = config.reels.map((strip) => intBelow(next, strip.length));
  const window = spinWindow(config, stops);
  const { lineWins, scatters, units } = evaluateSpin(config, window);
  const { trigger, spins, multiplier } = config.freeSpins;
  return {
    freeSpin,
    stops,
    window,
    lineWins,
    scatters,
    units: freeSpin ? units * multiplier : units,
    awarded: scatters >= trigger ? spins : 0,
  };
}

/** A round: the spin and every free spin it triggers, all from the round's float stream. */
export function playSlot(
  next: NextFloat,
  options: { funding?: "player" | "platform"; config?: SlotConfig } = {},
): SlotRound {
  const config = options.config ?? slotConfig;
  const first = spin(config, next, false);
  const spins = [first];
  let left = first.awarded;
  let units = first.units;
  while (left > 0) {
    const free = spin(config, next, true);
    spins.push(free);
    units += free.units;
    left += free.awarded - 1;
  }
  return {
    funding: options.funding ?? "player",
    spins,
    units,
    multiplier: ratio(units, config.paylines.length),
  };
}

/** The round's win on a total bet, rounded down to the minor unit. */
export function slotPayout(totalBet: bigint, round: SlotRound): bigint {
  return applyMultiplier(totalBet, round.multiplier);
}

/** What the player is debited: the bet, or nothing on a platform free spin. */
export function slotStake(totalBet: bigint, round: SlotRound): bigint {
  return round.funding === "platform" ? 0n : totalBet;
}

export interface SlotAnalysis {
  /** Expected line-bet units of one line. */
  readonly lineUnits: Rational;
  /** Expected line-bet units of one spin (all lines and scatters), before multipliers. */
  readonly spinUnits: Rational;
  /** P(a spin triggers or retriggers the free spins). */
  readonly triggerProbability: Rational;
  /** Expected free spins per triggered feature, retriggers included: N / (1 − p·N). */
  readonly featureSpins: Rational;
  /** Parts of the RTP (of the total bet). */
  readonly baseRtp: Rational;
  readonly featureRtp: Rational;
  readonly rtp: Rational;
}

/** The exact RTP of a slot configuration (see the top of the file). */
export function analyseSlot(config: SlotConfig): SlotAnalysis {
  const lines = BigInt(config.paylines.length);
  // One line: every combination of distinct symbols per reel, weighted by their strip counts.
  const counts = config.reels.map((strip) => {
    const c = new Map<number, bigint>();
    for (const s of strip) c.set(s, (c.get(s) ?? 0n) + 1n);
    return [...c];
  });
  let lineNumerator = 0n;
  const symbols: number[] = [];
  const walk = (reel: number, weight: bigint): void => {
    if (reel === counts.length) {
      const pay = evaluateLine(config, symbols).pay;
      if (pay > 0) lineNumerator += BigInt(pay) * weight;
      return;
    }
    for (const [symbol, count] of counts[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1, weight * count);
    }
  };
  walk(0, 1n);
  const stopsTotal = config.reels.reduce((p, strip) => p * BigInt(strip.length), 1n);
  const lineUnits = ratio(lineNumerator, stopsTotal);

  // Scatters: distribution of the count in the window, reel by reel, then convolved.
  let scatterCounts = [1n]; // ways (over stops of the reels so far) to see k scatters
  for (const strip of config.reels) {
    const perReel: bigint[] = [];
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < config.rows; row++) {
        if (strip[(stop + row) % strip.length] === config.scatter) k++;
      }
      perReel[k] = (perReel[k] ?? 0n) + 1n;
    }
    const next: bigint[] = [];
    scatterCounts.forEach((a, i) => {
      perReel.forEach((b, j) => {
        next[i + j] = (next[i + j] ?? 0n) + a * (b ?? 0n);
      });
    });
    scatterCounts = next;
  }
  let scatterUnits = 0n;
  let triggers = 0n;
  scatterCounts.forEach((ways, k) => {
    scatterUnits += ways * BigInt(config.scatterPays[k] ?? 0) * lines;
    if (k >= config.freeSpins.trigger) triggers += ways;
  });

  const spinUnits = add(mul(lineUnits, ratio(lines)), ratio(scatterUnits, stopsTotal));
  const p = ratio(triggers, stopsTotal);
  const n = ratio(config.freeSpins.spins);
  const pn = mul(p, n);
  if (pn.num >= pn.den) throw new RangeError("free spins retrigger forever: p × N ≥ 1");
  const featureSpins = div(n, sub(ratio(1), pn));
  const baseRtp = div(spinUnits, ratio(lines));
  const featureRtp = mul(mul(p, featureSpins), mul(ratio(config.freeSpins.multiplier), baseRtp));
  return {
    lineUnits,
    spinUnits,
    triggerProbability: p,
    featureSpins,
    baseRtp,
    featureRtp,
    rtp: add(baseRtp, featureRtp),
  };
}

/** Reel stops are uniform per reel: the chi-square cells. */
export function slotStopDistribution(config: SlotConfig = slotConfig): number[][] {
  return config.reels.map((strip) => new Array<number>(strip.length).fill(1 / strip.length));
}
