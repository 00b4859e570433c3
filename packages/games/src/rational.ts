// Exact ratios for RTPs and payout multipliers: money never passes through a binary float.

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError("ratio with a zero denominator");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export function add(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.num, a.den * b.den);
}

export function div(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.den, a.den * b.num);
}

export function equals(a: Rational, b: Rational): boolean {
  return a.num * b.den === b.num * a.den;
}

export function compare(a: Rational, b: Rational): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** For display and statistics only; never for money. */
export function toNumber(r: Rational): number {
  // Scale first so huge numerators and denominators keep their precision.
  const scale = 10n ** 18n;
  return Number((r.num * scale) / r.den) / 1e18;
}

/**
 * The win of a stake at a multiplier, in integer minor units. Rounded down: any fraction of a
 * minor unit stays with the house (at most one minor unit per settlement).
 */
export function applyMultiplier(stake: bigint, multiplier: Rational): bigint {
  if (stake < 0n) throw new RangeError("negative stake");
  if (multiplier.num < 0n) throw new RangeError("negative multiplier");
  return (stake * multiplier.num) / multiplier.den;
}
