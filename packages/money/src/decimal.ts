/**
 * Exact decimal numbers as a bigint coefficient and a scale: value = coefficient / 10^scale.
 * Rates, percentages and amounts travel as plain decimal strings ("0.000016", "12.5"); they are
 * read here without ever passing through a binary float.
 */
export interface ExactDecimal {
  readonly coefficient: bigint;
  readonly scale: number;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads a plain decimal: digits, optionally a point followed by digits, optionally a leading
 * minus when `allowNegative`. No plus sign, exponent, blanks, separators, or bare point.
 */
export function readPlainDecimal(
  text: string,
  options: { allowNegative?: boolean } = {},
): ExactDecimal | null {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  if (sign && !options.allowNegative) return null;
  const magnitude = BigInt(`${whole}${fraction}`);
  return { coefficient: sign ? -magnitude : magnitude, scale: fraction.length };
}

/**
 * A trusted exact decimal parameter (rate, percentage): a plain decimal string, a bigint, or a
 * safe integer number. A number with a fraction is refused: it is a binary float already.
 */
export function toExactDecimal(
  value: string | bigint | number,
  what: string,
  options: { allowNegative?: boolean } = {},
): ExactDecimal {
  let decimal: ExactDecimal | null = null;
  if (typeof value === "string") decimal = readPlainDecimal(value, options);
  else if (typeof value === "bigint") decimal = { coefficient: value, scale: 0 };
  else if (Number.isSafeInteger(value)) decimal = { coefficient: BigInt(value), scale: 0 };
  if (decimal === null || (!options.allowNegative && decimal.coefficient < 0n)) {
    throw new TypeError(
      `${what} must be a plain decimal string, got ${JSON.stringify(String(value))}`,
    );
  }
  return decimal;
}
