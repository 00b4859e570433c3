import type { PageMeta } from "@casino/contract/pagination";
import type { PlayerSession } from "@casino/contract/player";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { enqueueDisconnect } from "../realtime/control";
import { bearerToken, signAccessToken, verifyAccessToken } from "./access-token";
import { type AuthOutcome, audit } from "./audit";
import type { AuthenticatedPlayer } from "./authenticate";
import { accountBlocked } from "./login";
import { sessionsRepository } from "./repository";
import { newOpaqueToken, sha256Hex } from "./secrets";
import {
  assertSameOrigin,
  clearSessionCookie,
  readSessionCookie,
  setSessionCookie,
} from "./session-cookie";
import { liveSince, secondsLeft, sessionLive, withinRotationGrace } from "./session-lifetime";

/** Where the refresh found its session token: the bearer header, or the HttpOnly cookie. */
type PresentedToken = { token: string; via: "bearer" | "cookie" };

function presentedToken(ctx: AppContext, request: FastifyRequest): PresentedToken | null {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = readSessionCookie(request, ctx.config);
  if (!cookie) return null;
  // The cookie rides along with any request the browser makes: only the site's own pages may
  // use it (CSRF).
  assertSameOrigin(request, ctx.config);
  return { token: cookie.token, via: "cookie" };
}

/** Ends a session and closes its WebSockets on every node (after the commit). */
async function endSession(
  ctx: AppContext,
  session: { id: string; playerId: string },
  reason: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await sessionsRepository(tx).revoke(session.id, session.playerId, reason, now);
    await enqueueDisconnect(tx, { sessionId: session.id }, now);
  });
}

/**
 * POST /api/player/sessions/refresh (BE-14, ADR 0022): the session token, from the HttpOnly
 * cookie (the web app) or `Authorization: Bearer <sessionToken>` (a non-browser client), gives a
 * new access token and a new session token: every refresh rotates it. The old token is kept as
 * retired; presented again within SESSION_ROTATION_GRACE_SECONDS (two tabs refreshing at once) it
 * gets an access token and no new session token (the cookie the first refresh set stays); later
 * it is a reuse (a stolen copy, or the thief's after the owner refreshed): the session ends, 401.
 * A revoked, idle or too old session, or an unknown token, is a 401 (the client logs out, SE-05).
 * With the cookie, the new token is set in it and the body's `sessionToken` is empty; with the
 * bearer, the body carries it.
 */
export async function refreshSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const presented = presentedToken(ctx, request);
  if (!presented) throw AppError.unauthorized();
  const refused = async (
    playerId: string | undefined,
    outcome: AuthOutcome = "failed",
  ): Promise<never> => {
    await audit(ctx, request, { event: "refresh", outcome, playerId });
    if (presented.via === "cookie") clearSessionCookie(reply, ctx.config);
    throw AppError.unauthorized();
  };
  const sessions = sessionsRepository(ctx.db);
  const auth = ctx.config.auth;
  const now = ctx.now();
  const hash = sha256Hex(presented.token);
  let session = await sessions.findByTokenHash(hash);
  let newToken: string | null = null;
  if (session) {
    if (!sessionLive(session, now, auth)) return refused(session.playerId, "expired");
    if (session.playerStatus === 3) throw accountBlocked();
    newToken = newOpaqueToken();
    if (!(await sessions.rotate(session.id, hash, sha256Hex(newToken), now))) {
      // Another refresh with the same token rotated it first: the grace rule below decides.
      newToken = null;
      session = null;
    }
  }
  if (!session) {
    const retired = await sessions.findByRetiredTokenHash(hash);
    if (!retired) return refused(undefined);
    session = retired.session;
    if (!sessionLive(session, now, auth)) return refused(session.playerId, "expired");
    if (!withinRotationGrace(retired.retiredAt, now, auth)) {
      await endSession(ctx, session, "token_reuse");
      return refused(session.playerId, "token_reuse");
    }
    if (session.playerStatus === 3) throw accountBlocked();
    await sessions.touch(session.id, now, 60);
  }
  const access = await signAccessToken(
    ctx.config.secrets.jwtSecret,
    { profileId: session.playerId, sessionId: session.id },
    now,
    auth.accessTokenTtlSeconds,
  );
  await audit(ctx, request, { event: "refresh", outcome: "ok", playerId: session.playerId });
  if (newToken && presented.via === "cookie") {
    setSessionCookie(reply, ctx.config, newToken, secondsLeft(session, now, auth));
  }
  return {
    accessToken: access.token,
    sessionToken: presented.via === "bearer" ? (newToken ?? "") : "",
    expiresAt: access.expiresAt.toISOString(),
    profileId: session.playerId,
  };
}

/**
 * POST /api/player/sessions/logout (SE-07, BE-15): revokes the session of the bearer token, which
 * may be the access token (also an expired one: its signature still names the session) or the
 * session token, or else of the session cookie, so a client that logs out after a long idle
 * time still ends its session. The session cookie is cleared and the session's WebSockets close
 * on every node. Logging out of an ended session is OK; an unknown or forged token is a 401.
 */
export async function logout(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const sessions = sessionsRepository(ctx.db);
  const cookie = readSessionCookie(request, ctx.config);
  if (cookie) {
    assertSameOrigin(request, ctx.config);
    clearSessionCookie(reply, ctx.config);
  }
  const token = bearerToken(request.headers.authorization);
  if (!token && !cookie) throw AppError.unauthorized();
  const ending = new Map<string, { id: string; playerId: string }>();
  if (token) {
    const claims = await verifyAccessToken(ctx.config.secrets.jwtSecret, token, ctx.now(), {
      allowExpired: true,
    });
    const found = claims
      ? await sessions.findById(claims.sessionId)
      : await sessions.findByTokenHash(sha256Hex(token));
    if (found && (!claims || found.playerId === claims.profileId)) ending.set(found.id, found);
    else if (!cookie) throw AppError.unauthorized();
  }
  // The cookie's session too: a page whose access token is gone still ends its session. An
  // unknown cookie is only cleared.
  const fromCookie = cookie ? await sessionOfToken(ctx, cookie.token) : null;
  if (fromCookie) ending.set(fromCookie.id, fromCookie);
  for (const session of ending.values()) {
    await endSession(ctx, session, "logout");
    await audit(ctx, request, { event: "logout", outcome: "ok", playerId: session.playerId });
  }
}

/** The session a session token (current or retired) belongs to, or null. */
async function sessionOfToken(
  ctx: AppContext,
  token: string,
): Promise<{ id: string; playerId: string } | null> {
  const sessions = sessionsRepository(ctx.db);
  const hash = sha256Hex(token);
  const current = await sessions.findByTokenHash(hash);
  if (current) return current;
  return (await sessions.findByRetiredTokenHash(hash))?.session ?? null;
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
    liveSince(ctx.now(), ctx.config.auth),
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
  const now = ctx.now();
  const closed = await ctx.db.transaction(async (tx) => {
    const revoked = await sessionsRepository(tx).revoke(sessionId, player.profileId, "closed", now);
    if (revoked) await enqueueDisconnect(tx, { sessionId }, now);
    return revoked;
  });
  if (!closed) throw AppError.notFound("Session not found");
  await audit(ctx, request, { event: "session.close", outcome: "ok", playerId: player.profileId });
}
