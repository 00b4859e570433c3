import type { PageMeta } from "@casino/contract/pagination";
import type { PlayerSession } from "@casino/contract/player";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { bearerToken, signAccessToken, verifyAccessToken } from "./access-token";
import { audit } from "./audit";
import type { AuthenticatedPlayer } from "./authenticate";
import { accountBlocked } from "./login";
import { sessionsRepository } from "./repository";
import { sha256Hex } from "./secrets";

/**
 * POST /api/player/sessions/refresh (BE-14): `Authorization: Bearer <sessionToken>` → a new
 * access token for the same session and the same session token. A revoked or unknown session
 * is a 401 at once, so the client logs out (SE-05).
 */
export async function refreshSession(ctx: AppContext, request: FastifyRequest) {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw AppError.unauthorized();
  const session = await sessionsRepository(ctx.db).findByTokenHash(sha256Hex(token));
  if (!session || session.revokedAt) {
    await audit(ctx, request, { event: "refresh", outcome: "failed", playerId: session?.playerId });
    throw AppError.unauthorized();
  }
  if (session.playerStatus === 3) throw accountBlocked();
  const now = ctx.now();
  await sessionsRepository(ctx.db).touch(session.id, now, 60);
  const access = await signAccessToken(
    ctx.config.secrets.jwtSecret,
    { profileId: session.playerId, sessionId: session.id },
    now,
    ctx.config.auth.accessTokenTtlSeconds,
  );
  await audit(ctx, request, { event: "refresh", outcome: "ok", playerId: session.playerId });
  return {
    accessToken: access.token,
    sessionToken: token,
    expiresAt: access.expiresAt.toISOString(),
    profileId: session.playerId,
  };
}

/**
 * POST /api/player/sessions/logout (SE-07, BE-15): revokes the session of the bearer token, which
 * may be the access token (also an expired one: its signature still names the session) or the
 * session token, so a client that logs out after a long idle time still ends its session.
 * Logging out of an ended session is OK; an unknown or forged token is a 401.
 */
export async function logout(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw AppError.unauthorized();
  const sessions = sessionsRepository(ctx.db);
  const claims = await verifyAccessToken(ctx.config.secrets.jwtSecret, token, ctx.now(), {
    allowExpired: true,
  });
  const session = claims
    ? await sessions.findById(claims.sessionId)
    : await sessions.findByTokenHash(sha256Hex(token));
  if (!session || (claims && session.playerId !== claims.profileId)) {
    throw AppError.unauthorized();
  }
  await sessions.revoke(session.id, session.playerId, "logout", ctx.now());
  await audit(ctx, request, { event: "logout", outcome: "ok", playerId: session.playerId });
}

/** GET /api/player/sessions (PR-05): live sessions, newest first, the current one marked. */
export async function listSessions(
  ctx: AppContext,
  player: AuthenticatedPlayer,
  page: { page: number; perPage: number },
): Promise<{ data: PlayerSession[]; meta: PageMeta }> {
  const { sessions, total } = await sessionsRepository(ctx.db).listLive(
    player.profileId,
    page.page,
    page.perPage,
  );
  return {
    data: sessions.map((session) => ({
      id: session.id,
      device: session.device,
      ip: session.ip,
      country: session.country && /^[A-Z]{2}$/.test(session.country) ? session.country : null,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      isCurrent: session.id === player.sessionId,
    })),
    meta: { page: page.page, perPage: page.perPage, total },
  };
}

/** PUT /api/player/sessions/{id}/close (PR-05, BE-15): another player's session is a 404. */
export async function closeSession(
  ctx: AppContext,
  request: FastifyRequest,
  player: AuthenticatedPlayer,
  sessionId: string,
): Promise<void> {
  const closed = await sessionsRepository(ctx.db).revoke(
    sessionId,
    player.profileId,
    "closed",
    ctx.now(),
  );
  if (!closed) throw AppError.notFound("Session not found");
  await audit(ctx, request, { event: "session.close", outcome: "ok", playerId: player.profileId });
}
