import { ErrorCode } from "@casino/contract/errors";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { audit, limitOrAudit } from "./audit";
import { oneTimeCodesRepository, type PlayerRecord, playersRepository } from "./repository";
import { newOpaqueToken, sha256Hex } from "./secrets";

/** Confirmation links stay valid for two days. */
export const EMAIL_CONFIRM_TTL_SECONDS = 2 * 24 * 3600;

/** Code 11030: a reset code, confirmation code or login token that is wrong, used or expired. */
export function codeInvalid(): AppError {
  return new AppError(400, ErrorCode.CodeInvalid, "The code is invalid or has expired");
}

/** Issues a confirmation code and e-mails the `${PUBLIC_URL}/verify/{confirmCode}` link (BE-19). */
export async function sendEmailConfirmation(ctx: AppContext, player: PlayerRecord): Promise<void> {
  if (!player.email) return;
  const now = ctx.now();
  const code = newOpaqueToken();
  await oneTimeCodesRepository(ctx.db).insert({
    codeHash: sha256Hex(code),
    purpose: "email_confirm",
    playerId: player.id,
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_SECONDS * 1000),
    now,
  });
  const link = `${ctx.config.publicUrl}/verify/${code}`;
  await ctx.mail.send({
    to: player.email,
    subject: "Confirm your e-mail address",
    text: `Welcome! Confirm your e-mail address by opening this link:\n\n${link}\n\nThe link is valid for 48 hours.`,
    link,
  });
}

/** POST /api/player/profile/confirmations/email: uses up the code and confirms the e-mail. */
export async function confirmEmail(
  ctx: AppContext,
  request: FastifyRequest,
  confirmCode: string,
): Promise<void> {
  await limitOrAudit(
    ctx,
    request,
    { name: "codeUseIp", key: request.ip },
    { event: "email.confirm" },
  );
  const now = ctx.now();
  const playerId = await ctx.db.transaction(async (tx) => {
    const id = await oneTimeCodesRepository(tx).consume(
      sha256Hex(confirmCode),
      "email_confirm",
      now,
    );
    if (id) await playersRepository(tx).confirmEmail(id, now);
    return id;
  });
  await audit(ctx, request, {
    event: "email.confirm",
    outcome: playerId ? "ok" : "invalid_code",
    playerId,
  });
  if (!playerId) throw codeInvalid();
}

/**
 * POST /api/player/profile/confirmations/email/resend (PR-06): a new link for a player whose
 * e-mail is not confirmed yet; a confirmed e-mail answers OK without sending. Three per 15 min.
 */
export async function resendEmailConfirmation(
  ctx: AppContext,
  request: FastifyRequest,
  playerId: string,
): Promise<void> {
  await limitOrAudit(
    ctx,
    request,
    { name: "emailResendPlayer", key: playerId },
    { event: "email.confirm.resend", playerId },
  );
  const player = await playersRepository(ctx.db).findById(playerId);
  if (!player) throw AppError.unauthorized();
  if (!player.email) {
    throw AppError.unprocessable({ email: ["There is no e-mail address to confirm"] });
  }
  if (player.emailConfirmedAt) return;
  await sendEmailConfirmation(ctx, player);
  await audit(ctx, request, { event: "email.confirm.resend", outcome: "ok", playerId });
}
