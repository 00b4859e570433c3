/**
 * numeric(78,0) arrives as a decimal string from both database drivers. Parse it with BigInt;
 * turn it into a JSON number only where the contract says number and the value is safe.
 */
export function bigintFromDb(value: string | number | bigint): bigint {
  return BigInt(value);
}

/**
 * A currency's minor units per major unit as the contract's JSON number: a power of ten up to
 * 10^18 (ETH's wei). Those are exact in a double even past 2^53, unlike arbitrary integers.
 */
export function subunitNumber(value: bigint, what: string): number {
  const text = value.toString();
  if (!/^10{0,18}$/.test(text))
    throw new RangeError(`${what} ${text} is not a power of ten <= 10^18`);
  return Number(value);
}

/** "1.0800" → "1.08", "2.000" → "2": the same number, written without noise. */
export function normalizeDecimal(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "");
  return trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed;
}
