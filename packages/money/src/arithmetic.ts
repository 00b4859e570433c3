/**
 * Arithmetic on amounts in minor units. Plain bigint operators would do; these names make the
 * intent readable at call sites and refuse a stray number (which would be a float) at run time.
 */

export function add(a: bigint, b: bigint): bigint {
  return amount(a) + amount(b);
}

export function subtract(a: bigint, b: bigint): bigint {
  return amount(a) - amount(b);
}

/** The sum of any number of amounts (0n for none). */
export function sum(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of amounts) total += amount(value);
  return total;
}

/** -1, 0 or 1, usable as an `Array.prototype.sort` comparator. */
export function compare(a: bigint, b: bigint): -1 | 0 | 1 {
  return amount(a) < amount(b) ? -1 : a > b ? 1 : 0;
}

export function min(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce((lowest, value) => (amount(value) < lowest ? value : lowest), amount(first));
}

export function max(first: bigint, ...rest: bigint[]): bigint {
  return rest.reduce(
    (highest, value) => (amount(value) > highest ? value : highest),
    amount(first),
  );
}

export function negate(a: bigint): bigint {
  return -amount(a);
}

export function abs(a: bigint): bigint {
  return amount(a) < 0n ? -a : a;
}

export function isZero(a: bigint): boolean {
  return amount(a) === 0n;
}

export function isNegative(a: bigint): boolean {
  return amount(a) < 0n;
}

function amount(value: bigint): bigint {
  if (typeof value !== "bigint") {
    throw new TypeError(`amounts are bigint minor units, got ${typeof value}`);
  }
  return value;
}
