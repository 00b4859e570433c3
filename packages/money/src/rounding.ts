/**
 * How a division that does not come out even is rounded to a whole number of minor units.
 * - `half-up`: to the nearest, a tie away from zero (2.5 → 3, -2.5 → -3): what people expect on screen.
 * - `half-even`: to the nearest, a tie to the even neighbour (2.5 → 2, 3.5 → 4): no bias over many sums.
 * - `down`: toward zero, dropping the fraction (2.9 → 2, -2.9 → -2): never gives more than owed.
 */
export type RoundingMode = "half-up" | "half-even" | "down";

export const ROUNDING_MODES: readonly RoundingMode[] = ["half-up", "half-even", "down"];

/** numerator / denominator rounded to an integer by `mode`. Throws on a zero denominator. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const twiceRemainder = (n % d) * 2n;
  switch (mode) {
    case "down":
      break;
    case "half-up":
      if (twiceRemainder >= d) quotient += 1n;
      break;
    case "half-even":
      if (twiceRemainder > d || (twiceRemainder === d && quotient % 2n === 1n)) quotient += 1n;
      break;
    default:
      throw new RangeError(`unknown rounding mode ${String(mode)}`);
  }
  return negative ? -quotient : quotient;
}
