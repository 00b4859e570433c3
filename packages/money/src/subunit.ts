/**
 * A currency's `subunitToUnit`: how many minor units make one major unit, always a power of ten
 * (1 for JPY-like, 100 for EUR, 10^8 for BTC, 10^18 for ETH). Configuration gives it as a number
 * (10^18 is exact in a double) or a bigint; anything that is not a positive power of ten is a
 * configuration error and throws.
 */
export type SubunitToUnit = bigint | number;

/** The power of ten as a bigint. */
export function subunitFactor(subunitToUnit: SubunitToUnit): bigint {
  return 10n ** BigInt(fractionDigits(subunitToUnit));
}

/** Number of decimal places of the currency: log10(subunitToUnit). 100 → 2. */
export function fractionDigits(subunitToUnit: SubunitToUnit): number {
  let factor: bigint;
  if (typeof subunitToUnit === "bigint") factor = subunitToUnit;
  else if (Number.isInteger(subunitToUnit) && subunitToUnit >= 1) factor = BigInt(subunitToUnit);
  else throw new RangeError(`subunitToUnit must be a positive power of ten, got ${subunitToUnit}`);
  const text = factor.toString();
  if (!/^10*$/.test(text)) {
    throw new RangeError(`subunitToUnit must be a positive power of ten, got ${text}`);
  }
  return text.length - 1;
}
