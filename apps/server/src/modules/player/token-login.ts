import type { SessionTokens, TokenLoginBody } from "@casino/contract/player";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { assertCountryAllowed } from "./assert-country-allowed";
import { audit, limitOrAudit } from "./audit";
import { codeInvalid } from "./email-confirmation";
import { accountBlocked } from "./login";
import { oneTimeCodesRepository, playersRepository } from "./repository";
import { newOpaqueToken, sha256Hex } from "./secrets";
import { startSession } from "./start-session";

export const LOGIN_LINK_TTL_SECONDS = 600;

/**
 * A single-use auto-login link, valid for ten minutes (BE-16): `${PUBLIC_URL}/auth/autologin?token=…`.
 * Used by `npm run player:login-link -- <email>` (support, demos) and anything that signs a
 * player in from outside (e-mail campaigns).
 */
export async function createLoginLink(
  db: Queryable,
  input: { playerId: string; publicUrl: string; now: Date },
): Promise<{ url: string; token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(input.now.getTime() + LOGIN_LINK_TTL_SECONDS * 1000);
  await oneTimeCodesRepository(db).insert({
    codeHash: sha256Hex(token),
    purpose: "autologin",
    playerId: input.playerId,
    expiresAt,
    now: input.now,
  });
  return { url: `${input.publicUrl}/auth/autologin?token=${token}`, token, expiresAt };
}

/** POST /api/player/sessions/token (SI-28, BE-16): uses up the token and opens a session. */
export async function tokenLogin(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof TokenLoginBody>,
): Promise<SessionTokens> {
  const country = await assertCountryAllowed(ctx, request);
  await limitOrAudit(ctx, request, { name: "codeUseIp", key: request.ip }, { event: "autologin" });
  const playerId = await oneTimeCodesRepository(ctx.db).consume(
    sha256Hex(body.token),
    "autologin",
    ctx.now(),
  );
  if (!playerId) {
    await audit(ctx, request, { event: "autologin", outcome: "invalid_code", country });
    throw codeInvalid();
  }
  const player = await playersRepository(ctx.db).findById(playerId);
  if (!player) throw codeInvalid();
  if (player.status === 3) {
    await audit(ctx, request, { event: "autologin", outcome: "blocked", playerId, country });
    throw accountBlocked();
  }
  await audit(ctx, request, { event: "autologin", outcome: "ok", playerId, country });
  return startSession(ctx, {
    playerId,
    request,
    method: "token",
    fingerprint: body.fingerprint ?? null,
    country,
  });
}
