import { randomInt } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { type OtpRecord, otpRepository } from "./repository";
import { equalHex, keyedHash } from "./secrets";

/** Wrong guesses a code survives; the next one burns it (code 11004). */
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_LENGTH = 6;

/** Coded errors are HTTP 400 without `fields`: 422 means "fix these fields" to the client (ER-07). */
export function otpInvalid(): AppError {
  return new AppError(400, ErrorCode.OtpInvalid, "The code is invalid or has expired");
}

export function otpBurnt(): AppError {
  return new AppError(
    400,
    ErrorCode.OtpAttemptsExceeded,
    "Too many wrong codes; request a new code",
  );
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, "0");
}

/** Bound to phone and reason, keyed with a server secret (six digits are trivial to brute-force). */
export function otpHash(ctx: AppContext, phone: string, reason: string, code: string): string {
  return keyedHash(ctx.config.secrets.jwtSecret, `otp:${reason}:${phone}`, code);
}

/**
 * Checks a code against the phone's live code without using it up (BE-11). Every guess is counted
 * *before* it is compared (one conditional UPDATE), so simultaneous guesses get no more than
 * OTP_MAX_ATTEMPTS comparisons between them; a right guess gives its count back. The fifth wrong
 * guess burns the code (11004, and 11004 for any later try of that code). A malformed, wrong,
 * used, replaced or expired code is 11003.
 */
export async function checkOtp(
  ctx: AppContext,
  db: Queryable,
  input: { phone: string; reason: string; code: string },
): Promise<OtpRecord> {
  const repo = otpRepository(db);
  const live = await repo.findLive(input.phone, input.reason, ctx.now());
  if (!live) throw otpInvalid();
  if (live.attempts >= OTP_MAX_ATTEMPTS) throw otpBurnt();
  const pattern = new RegExp(`^\\d{${OTP_LENGTH}}$`);
  if (!pattern.test(input.code)) throw otpInvalid();
  const attempts = await repo.addAttempt(live.id, OTP_MAX_ATTEMPTS);
  if (attempts === null) throw otpBurnt();
  if (equalHex(live.codeHash, otpHash(ctx, input.phone, input.reason, input.code))) {
    await repo.refundAttempt(live.id);
    return live;
  }
  if (attempts >= OTP_MAX_ATTEMPTS) throw otpBurnt();
  throw otpInvalid();
}
