// Dice: a roll of 0.00 to 99.99 (10,000 equally likely values, in hundredths); the player bets it
// lands under or over a target. Return multiplier = 99 / (chance in %), so RTP is 99% exactly.

import { intBelow, type NextFloat } from "./draw";
import { applyMultiplier, type Rational, ratio } from "./rational";

export const DICE_OUTCOMES = 10_000;
/** Return per unit staked: (100 − 1% edge) / 100. */
export const declaredRtp: Rational = ratio(99, 100);
/** Highest chance offered: 98% (multiplier 1.0102×). */
export const MAX_WINNING_ROLLS = 9_800;

export interface DiceBet {
  /** In hundredths: 5000 is 50.00. */
  readonly target: number;
  /** "under": wins when roll < target; "over": wins when roll > target. */
  readonly direction: "under" | "over";
}

/** The roll in hundredths, 0..9999 (displayed as 0.00 to 99.99). */
export function rollDice(next: NextFloat): number {
  return intBelow(next, DICE_OUTCOMES);
}

export function winningRolls(bet: DiceBet): number {
  return bet.direction === "under" ? bet.target : DICE_OUTCOMES - 1 - bet.target;
}

export function assertDiceBet(bet: DiceBet): void {
  const w = Number.isInteger(bet.target) ? winningRolls(bet) : 0;
  if (w < 1 || w > MAX_WINNING_ROLLS) {
    throw new RangeError(`dice target ${bet.target} ${bet.direction}: chance must be 0.01%–98%`);
  }
}

/** Return multiplier on a win: 99% / chance = 9900 / winning rolls. */
export function diceMultiplier(bet: DiceBet): Rational {
  assertDiceBet(bet);
  return ratio(9_900, winningRolls(bet));
}

export function diceWins(bet: DiceBet, roll: number): boolean {
  return bet.direction === "under" ? roll < bet.target : roll > bet.target;
}

/** What the stake returns (0 on a loss), rounded down to the minor unit. */
export function dicePayout(stake: bigint, bet: DiceBet, roll: number): bigint {
  return diceWins(bet, roll) ? applyMultiplier(stake, diceMultiplier(bet)) : 0n;
}

/** Exact RTP of one bet: chance × multiplier. */
export function diceRtp(bet: DiceBet): Rational {
  return ratio(winningRolls(bet) * 9_900, DICE_OUTCOMES * winningRolls(bet));
}

/** Probability of each roll, for the chi-square test: uniform. */
export function diceDistribution(): number[] {
  return new Array<number>(DICE_OUTCOMES).fill(1 / DICE_OUTCOMES);
}
