import { readPlainDecimal } from "./decimal";
import { fractionDigits, type SubunitToUnit } from "./subunit";

/** Why a text is not an amount. */
export type AmountParseErrorCode =
  /** "" */
  | "empty"
  /** any space, tab or line break, anywhere (" 10", "1 000") */
  | "blank"
  /** a leading + or - ("-5", "+5"); amounts players type are never signed */
  | "sign"
  /** scientific notation ("1e3", "1.5E-2") */
  | "exponent"
  /** more decimals than the currency has ("1.234" for EUR, even "1.230") */
  | "too_many_fraction_digits"
  /** more than `maxDigits` digits of minor units */
  | "too_large"
  /** anything else that is not digits with an optional ".digits" ("1,5", ".5", "5.", "abc", a number) */
  | "not_a_decimal";

export type AmountParseResult =
  | { readonly ok: true; readonly value: bigint }
  | { readonly ok: false; readonly error: AmountParseErrorCode };

/**
 * The widest amount the ledger stores: `numeric(78,0)` holds 78 digits (2^256 − 1 has 78).
 */
export const MAX_AMOUNT_DIGITS = 78;

export interface ParseAmountOptions {
  /** Accept a leading minus (for trusted signed amounts). Default false. */
  readonly allowNegative?: boolean;
  /** Refuse amounts whose minor units have more digits. Default 78 (`MAX_AMOUNT_DIGITS`). */
  readonly maxDigits?: number;
}

/**
 * Reads user input in major units ("10.5" EUR) into minor units (1050n). Never throws: bad
 * input gives `{ ok: false, error }`. Accepted: digits, optionally "." and at most as many
 * digits as the currency has decimals. Leading zeros are fine ("007.50").
 */
export function parseAmount(
  input: string,
  subunitToUnit: SubunitToUnit,
  options: ParseAmountOptions = {},
): AmountParseResult {
  const decimals = fractionDigits(subunitToUnit);
  if (typeof input !== "string") return fail("not_a_decimal");
  if (input === "") return fail("empty");
  if (/\s/.test(input)) return fail("blank");
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(input)) return fail("exponent");
  if (/^\+/.test(input) || (/^-/.test(input) && !options.allowNegative)) {
    return readPlainDecimal(input.slice(1)) ? fail("sign") : fail("not_a_decimal");
  }
  const decimal = readPlainDecimal(input, { allowNegative: options.allowNegative });
  if (!decimal) return fail("not_a_decimal");
  if (decimal.scale > decimals) return fail("too_many_fraction_digits");
  const value = decimal.coefficient * 10n ** BigInt(decimals - decimal.scale);
  const magnitude = value < 0n ? -value : value;
  if (magnitude.toString().length > (options.maxDigits ?? MAX_AMOUNT_DIGITS)) {
    return fail("too_large");
  }
  return { ok: true, value };
}

/** The error thrown by `parseAmountOrThrow`. */
export class InvalidAmountError extends Error {
  override readonly name = "InvalidAmountError";
  constructor(
    readonly code: AmountParseErrorCode,
    readonly input: unknown,
  ) {
    super(`invalid amount ${JSON.stringify(String(input))}: ${code}`);
  }
}

/**
 * For trusted data (our API, the database, configuration): like `parseAmount`, but signed
 * amounts are accepted, there is no size limit, and bad input throws `InvalidAmountError`.
 * `parseAmountOrThrow(formatAmount(x, s), s) === x` for every bigint x.
 */
export function parseAmountOrThrow(input: string, subunitToUnit: SubunitToUnit): bigint {
  const result = parseAmount(input, subunitToUnit, {
    allowNegative: true,
    maxDigits: Number.POSITIVE_INFINITY,
  });
  if (!result.ok) throw new InvalidAmountError(result.error, input);
  return result.value;
}

function fail(error: AmountParseErrorCode): AmountParseResult {
  return { ok: false, error };
}
