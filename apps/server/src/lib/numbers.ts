/**
 * numeric(78,0) arrives as a decimal string from both database drivers. Parse it with BigInt;
 * turn it into a JSON number only where the contract says number and the value is safe.
 */
export function bigintFromDb(value: string | number | bigint): bigint {
  return BigInt(value);
}

export function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} ${value} does not fit a JSON number`);
  }
  return Number(value);
}

/** "1.0800" → "1.08", "2.000" → "2": the same number, written without noise. */
export function normalizeDecimal(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "");
  return trimmed.endsWith(".") ? trimmed.slice(0, -1) : trimmed;
}
