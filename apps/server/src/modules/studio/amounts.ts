// Amounts between the wallet's decimal strings and the studio's minor units, by the number of
// decimals the wallet writes for the session's currency ("37.50": 2).
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import { AppError } from "../../infra/errors";

/** Decimals of a decimal string the wallet wrote ("37.50" → 2, "12" → 0). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Major-unit text to minor units; 422 on `field` when it does not fit the currency. */
export function toMinor(text: string, decimals: number, field: string): bigint {
  const parsed = parseAmount(text, 10n ** BigInt(decimals));
  if (!parsed.ok) {
    throw AppError.unprocessable({
      [field]: [
        parsed.error === "too_many_fraction_digits"
          ? `At most ${decimals} decimals in this currency`
          : "Must be an amount like 1.50",
      ],
    });
  }
  return parsed.value;
}

export function toMajor(minor: bigint, decimals: number): string {
  return formatAmount(minor, 10n ** BigInt(decimals));
}
