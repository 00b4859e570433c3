// Limbo: the round draws a multiplier; the player wins target × stake when it reaches the target.
//
//   multiplier = max(1.00, floor(100 × 0.99 / (1 − float)) / 100), capped at 1,000,000.00
//
// With float = k / 2³² this is, exactly in integers, floor(99 · 2³² / (2³² − k)) hundredths.
// P(multiplier ≥ t) = 0.99 / t up to the 2⁻³² grid, so every target returns 99% (a hair less:
// limboRtp gives the exact value).

import type { NextFloat } from "./draw";
import { floatToUint32 } from "./draw";
import { applyMultiplier, type Rational, ratio, sub, toNumber } from "./rational";

const TWO_POW_32 = 4_294_967_296;
const EDGE_NUMERATOR = 99 * TWO_POW_32; // 4.25e11: exact in a double

export const declaredRtp: Rational = ratio(99, 100);
/** In hundredths. */
export const MIN_TARGET = 101;
export const MAX_MULTIPLIER = 100_000_000; // 1,000,000.00×

/** The round's multiplier in hundredths (100 = 1.00×). */
export function limboMultiplier(next: NextFloat): number {
  const j = TWO_POW_32 - floatToUint32(next()); // 1 .. 2³²
  let m = Math.floor(EDGE_NUMERATOR / j);
  // The division above is rounded; fix the floor exactly (both products are below 2⁵³).
  if (m * j > EDGE_NUMERATOR) m--;
  else if ((m + 1) * j <= EDGE_NUMERATOR) m++;
  return Math.min(MAX_MULTIPLIER, Math.max(100, m));
}

export function assertLimboTarget(target: number): void {
  if (!Number.isInteger(target) || target < MIN_TARGET || target > MAX_MULTIPLIER) {
    throw new RangeError(`limbo target must be 1.01 to 1,000,000.00 (in hundredths): ${target}`);
  }
}

export function limboWins(target: number, multiplier: number): boolean {
  return multiplier >= target;
}

/** What the stake returns: stake × target / 100 on a win, rounded down. */
export function limboPayout(stake: bigint, target: number, multiplier: number): bigint {
  assertLimboTarget(target);
  return limboWins(target, multiplier) ? applyMultiplier(stake, ratio(target, 100)) : 0n;
}

/** P(multiplier ≥ m hundredths), exact: ⌊99·2³²/m⌋ / 2³² of the 2³² possible floats. */
export function probabilityAtLeast(m: number): Rational {
  if (m <= 100) return ratio(1);
  if (m > MAX_MULTIPLIER) return ratio(0);
  return ratio(BigInt(Math.floor(EDGE_NUMERATOR / m)), BigInt(TWO_POW_32));
}

/** Exact RTP of a target: P(win) × target / 100 (99% less under T / (100·2³²)). */
export function limboRtp(target: number): Rational {
  assertLimboTarget(target);
  const p = probabilityAtLeast(target);
  return ratio(p.num * BigInt(target), p.den * 100n);
}

/** Buckets of the multiplier for the chi-square test (lower edges, in hundredths). */
export const LIMBO_BUCKETS: readonly number[] = [
  100, 101, 102, 105, 110, 120, 130, 150, 175, 200, 250, 300, 400, 500, 700, 1_000, 1_500, 2_000,
  3_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000,
];

export function limboBucket(multiplier: number): number {
  let b = 0;
  while (b + 1 < LIMBO_BUCKETS.length && multiplier >= LIMBO_BUCKETS[b + 1]!) b++;
  return b;
}

export function limboDistribution(): number[] {
  return LIMBO_BUCKETS.map((edge, b) => {
    const upper = LIMBO_BUCKETS[b + 1];
    const pAt = probabilityAtLeast(edge);
    const pAbove = upper === undefined ? ratio(0) : probabilityAtLeast(upper);
    return toNumber(sub(pAt, pAbove));
  });
}
