import type {
  PasswordChangeBody,
  PasswordConfirmBody,
  PasswordResetBody,
} from "@casino/contract/player";
import { buildSchema } from "@casino/validation/descriptor";
import { FIELD_RULE_DESCRIPTORS } from "@casino/validation/fields";
import { validateForm } from "@casino/validation/validate";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { checkCommonPassword } from "../../lib/common-passwords";
import { enqueueDisconnect } from "../realtime/control";
import { audit, limitOrAudit, loginHash } from "./audit";
import type { AuthenticatedPlayer } from "./authenticate";
import { codeInvalid } from "./email-confirmation";
import { findPlayerByLogin } from "./login";
import { oneTimeCodesRepository, playersRepository, sessionsRepository } from "./repository";
import { newOpaqueToken, sha256Hex } from "./secrets";

export const PASSWORD_RESET_TTL_SECONDS = 3600;

const changeSchema = buildSchema({
  currentPassword: FIELD_RULE_DESCRIPTORS.currentPassword,
  newPassword: FIELD_RULE_DESCRIPTORS.newPassword,
  repeatNewPassword: FIELD_RULE_DESCRIPTORS.repeatNewPassword,
});

const confirmSchema = buildSchema({
  password: [{ rule: "required" }, ...FIELD_RULE_DESCRIPTORS.password],
  password_confirmation: FIELD_RULE_DESCRIPTORS.password_confirmation,
});

/**
 * PUT /api/player/passwords (PR-04, BE-18): the §5 rules (422), the current password (422 on
 * currentPassword when wrong), then the new hash; every other session of the player ends (and
 * its WebSockets close), the current one stays; the answer says how many ended.
 */
export async function changePassword(
  ctx: AppContext,
  request: FastifyRequest,
  player: AuthenticatedPlayer,
  body: z.infer<typeof PasswordChangeBody>,
): Promise<{ closedSessions: number }> {
  const errors = validateForm(body, changeSchema);
  await checkCommonPassword(errors, "newPassword", body.newPassword);
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
  await limitOrAudit(
    ctx,
    request,
    { name: "passwordChangePlayer", key: player.profileId },
    { event: "password.change", playerId: player.profileId },
  );
  const players = playersRepository(ctx.db);
  const record = await players.findById(player.profileId);
  if (!record) throw AppError.unauthorized();
  const matches = record.passwordHash
    ? await ctx.passwords.verify(record.passwordHash, body.currentPassword!)
    : false;
  if (!matches) {
    // The point spent before the check stays spent: simultaneous guesses cannot outrun the limit.
    await audit(ctx, request, {
      event: "password.change",
      outcome: "failed",
      playerId: player.profileId,
    });
    throw AppError.unprocessable({ currentPassword: ["The current password is incorrect"] });
  }
  await ctx.rateLimits.refund("passwordChangePlayer", player.profileId);
  const hash = await ctx.passwords.hash(body.newPassword!);
  const now = ctx.now();
  const closedSessions = await ctx.db.transaction(async (tx) => {
    await playersRepository(tx).setPasswordHash(player.profileId, hash, now);
    // Every other session ends, always (ADR 0022; `closeOtherSessions` is no longer needed).
    const closed = await sessionsRepository(tx).revokeAll(
      player.profileId,
      "password_changed",
      now,
      player.sessionId,
    );
    await enqueueDisconnect(
      tx,
      { profileId: player.profileId, exceptSessionId: player.sessionId },
      now,
    );
    return closed;
  });
  await audit(ctx, request, {
    event: "password.change",
    outcome: "ok",
    playerId: player.profileId,
  });
  return { closedSessions };
}

/**
 * POST /api/player/passwords/reset (SI-29, BE-18): the same 200 for every login, known or not
 * (no enumeration). A known account gets a single-use code, valid for an hour, as a
 * `${PUBLIC_URL}/password-reset/{resetCode}` link: by e-mail, or by SMS for a phone-only account.
 * Limited per IP and per login value (429).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof PasswordResetBody>,
): Promise<void> {
  const login = body.login.trim();
  if (login === "") throw AppError.unprocessable({ login: ["Value is required"] });
  const entry = { event: "password.reset.request" as const, login };
  await limitOrAudit(ctx, request, { name: "passwordResetIp", key: request.ip }, entry);
  await limitOrAudit(
    ctx,
    request,
    { name: "passwordResetLogin", key: loginHash(ctx, login) },
    entry,
  );

  const player = await findPlayerByLogin(ctx, login);
  await audit(ctx, request, {
    event: "password.reset.request",
    outcome: player ? "ok" : "unknown_account",
    playerId: player?.id ?? null,
    login,
  });
  if (!player || player.status === 3 || (!player.email && !player.phone)) return;

  const now = ctx.now();
  const code = newOpaqueToken();
  await oneTimeCodesRepository(ctx.db).insert({
    codeHash: sha256Hex(code),
    purpose: "password_reset",
    playerId: player.id,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000),
    now,
  });
  const link = `${ctx.config.publicUrl}/password-reset/${code}`;
  try {
    if (player.email) {
      await ctx.mail.send({
        to: player.email,
        subject: "Reset your password",
        text: `Someone asked to reset the password of your account. If it was you, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays the same.`,
        link,
      });
    } else {
      await ctx.sms.send({ to: player.phone!, text: `Reset your password: ${link}`, link });
    }
  } catch (error) {
    // The caller must see the same answer either way; the operator sees the log.
    request.log.error({ err: error }, "password reset message failed");
  }
}

/**
 * POST /api/player/passwords/confirm (SI-30, BE-18): the new password's rules first (422, the
 * code stays usable), then the code is used up in the same transaction that sets the password
 * and revokes every session. A wrong, used or expired code is 400 with code 11030.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof PasswordConfirmBody>,
): Promise<void> {
  const errors = validateForm(body, confirmSchema);
  await checkCommonPassword(errors, "password", body.password);
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
  await limitOrAudit(
    ctx,
    request,
    { name: "codeUseIp", key: request.ip },
    { event: "password.reset" },
  );
  const hash = await ctx.passwords.hash(body.password!);
  const now = ctx.now();
  const playerId = await ctx.db.transaction(async (tx) => {
    const id = await oneTimeCodesRepository(tx).consume(
      sha256Hex(body.resetCode),
      "password_reset",
      now,
    );
    if (!id) return null;
    await playersRepository(tx).setPasswordHash(id, hash, now);
    await sessionsRepository(tx).revokeAll(id, "password_reset", now);
    await enqueueDisconnect(tx, { profileId: id }, now);
    return id;
  });
  await audit(ctx, request, {
    event: "password.reset",
    outcome: playerId ? "ok" : "invalid_code",
    playerId,
  });
  if (!playerId) throw codeInvalid();
}
