import { parseAmount } from "@casino/money/parse";
import { AppError } from "../../infra/errors";

/** A cash limit's amount (already shaped by the contract) in minor units; 422 on `amount`. */
export function limitAmount(text: string, subunitToUnit: number): bigint {
  const parsed = parseAmount(text, subunitToUnit);
  if (!parsed.ok) {
    throw AppError.unprocessable({
      amount: [
        parsed.error === "too_many_fraction_digits"
          ? "Too many decimal places for this currency"
          : "Must be a positive amount",
      ],
    });
  }
  if (parsed.value <= 0n) throw AppError.unprocessable({ amount: ["Must be greater than zero"] });
  return parsed.value;
}
