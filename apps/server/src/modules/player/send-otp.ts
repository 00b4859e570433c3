import { ErrorCode } from "@casino/contract/errors";
import type { OtpSendBody } from "@casino/contract/player";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { assertCountryAllowed } from "./assert-country-allowed";
import { audit, limitOrAudit } from "./audit";
import { newOtpCode, otpHash } from "./one-time-codes";
import { FIELD_MESSAGES, normalizePhone } from "./player-fields";
import { otpRepository, playersRepository } from "./repository";

const HOUR_MS = 3_600_000;

/**
 * POST /api/player/otp/send (BE-10): a six-digit code for the phone and reason, by SMS.
 * Per phone: one code per OTP_RESEND_SECONDS and at most OTP_MAX_PER_HOUR an hour, else 429
 * with code 11005 and Retry-After. The check and the insert run under a per-phone advisory lock,
 * so parallel requests cannot both slip under the limit. A new code replaces the previous one.
 */
export async function sendOtp(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof OtpSendBody>,
): Promise<{ expiresIn: number; resendIn: number }> {
  const country = await assertCountryAllowed(ctx, request).catch(async (error: unknown) => {
    await audit(ctx, request, { event: "otp.send", outcome: "restricted", login: body.phone });
    throw error;
  });
  const phone = normalizePhone(body.phone);
  if (!phone) throw AppError.unprocessable({ phone: ["The value is not a valid phone number"] });
  await limitOrAudit(
    ctx,
    request,
    { name: "otpSendIp", key: request.ip },
    { event: "otp.send", login: phone },
  );
  if (body.reason === "registration" && (await playersRepository(ctx.db).findByPhone(phone))) {
    throw AppError.unprocessable({ phone: [FIELD_MESSAGES.phoneTaken] });
  }

  const { otpTtlSeconds, otpResendSeconds, otpMaxPerHour } = ctx.config.auth;
  const now = ctx.now();
  const code = newOtpCode();
  const refusal = await ctx.db.transaction(async (tx) => {
    const repo = otpRepository(tx);
    await repo.lockPhone(phone);
    const recent = await repo.listSince(phone, body.reason, new Date(now.getTime() - HOUR_MS));
    const latest = recent[0];
    const cooldownLeft = latest
      ? latest.createdAt.getTime() + otpResendSeconds * 1000 - now.getTime()
      : 0;
    if (cooldownLeft > 0) return cooldownLeft / 1000;
    if (recent.length >= otpMaxPerHour) {
      const oldest = recent[recent.length - 1]!;
      return (oldest.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000;
    }
    await repo.insertReplacing({
      phone,
      reason: body.reason,
      codeHash: otpHash(ctx, phone, body.reason, code),
      expiresAt: new Date(now.getTime() + otpTtlSeconds * 1000),
      now,
    });
    return null;
  });
  if (refusal !== null) {
    await audit(ctx, request, {
      event: "otp.send",
      outcome: "rate_limited",
      login: phone,
      country,
    });
    throw AppError.tooManyRequests(
      refusal,
      ErrorCode.OtpResendLimit,
      "Too many codes requested for this phone; try again later",
    );
  }

  await ctx.sms.send({
    to: phone,
    text: `Your verification code is ${code}. It expires in ${Math.round(otpTtlSeconds / 60)} minutes.`,
  });
  await audit(ctx, request, { event: "otp.send", outcome: "ok", login: phone, country });
  return { expiresIn: otpTtlSeconds, resendIn: otpResendSeconds };
}
