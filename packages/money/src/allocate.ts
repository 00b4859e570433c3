/**
 * Splits an amount into parts proportional to integer ratios, so that the parts add up to the
 * amount exactly (largest remainder method): every part is its exact share rounded down, and
 * the minor units left over go one each to the parts with the largest dropped fractions (the
 * earlier part first on a tie). Each part is within one minor unit of its exact share.
 * A negative amount is split like its absolute value, then negated.
 */
export function allocate(amount: bigint, ratios: readonly (bigint | number)[]): bigint[] {
  const weights = ratios.map((ratio) => {
    const weight =
      typeof ratio === "bigint" ? ratio : Number.isSafeInteger(ratio) ? BigInt(ratio) : -1n;
    if (weight < 0n) throw new RangeError("allocate: ratios must be non-negative integers");
    return weight;
  });
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) throw new RangeError("allocate: at least one ratio must be positive");
  if (amount < 0n) return allocate(-amount, weights).map((part) => -part);

  const parts = weights.map((weight) => (amount * weight) / total);
  const remainders = weights.map((weight, index) => ({ index, rest: (amount * weight) % total }));
  let leftover = amount - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    parts[index]! += 1n;
    leftover -= 1n;
  }
  return parts;
}

/** `count` parts as equal as possible; the first ones get the extra minor units. */
export function split(amount: bigint, count: number): bigint[] {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError("split: count must be a positive integer");
  }
  return allocate(amount, new Array<bigint>(count).fill(1n));
}
