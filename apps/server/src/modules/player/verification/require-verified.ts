import { ErrorCode } from "@casino/contract/errors";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import { convertExact } from "@casino/money/rate";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import { settingsRepository } from "../../settings/repository";
import { verificationRepository } from "./repository";

/**
 * VERIFICATION_REQUIRED_ABOVE: a withdrawal worth more than the threshold in the base currency
 * needs a verified identity; otherwise 422 with code 13120 and the message on `amount`. Unset: no check.
 */
export async function assertVerifiedForWithdrawal(
  ctx: AppContext,
  playerId: string,
  amount: bigint,
  currency: { subunitToUnit: number; rate: string },
): Promise<void> {
  const threshold = ctx.config.verification.requiredAbove;
  if (threshold === null) return;
  const record = await verificationRepository(ctx.db).find(playerId);
  if (record?.status === "verified") return;
  const base = (await settingsRepository(ctx.db).listCurrencies(false)).find((item) => item.isBase);
  const limit = base ? parseAmount(threshold, base.subunitToUnit) : null;
  let above = true;
  if (base && limit?.ok && limit.value > 0n) {
    const value = convertExact(amount, currency, base);
    above = value.numerator > limit.value * value.denominator;
  }
  if (!above) return;
  const shown =
    base && limit?.ok && limit.value > 0n
      ? ` above ${formatAmount(limit.value, base.subunitToUnit)} ${base.code}`
      : "";
  // 422 with the message on the amount field, so the wallet's withdraw form shows it there
  // (ER-13); the code tells clients why. (A 403 would end the web app's session.)
  const message = `Verify your identity to withdraw${shown}: see Profile, Verification.`;
  throw new AppError(422, ErrorCode.VerificationRequired, message, { amount: [message] });
}
