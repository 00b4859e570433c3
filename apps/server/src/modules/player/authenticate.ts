import { ErrorCode } from "@casino/contract/errors";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { bearerToken, verifyAccessToken } from "./access-token";
import { sessionsRepository } from "./repository";
import { sessionLive } from "./session-lifetime";

/** The signed-in player of a request, set by `requirePlayer`. */
export interface AuthenticatedPlayer {
  profileId: string;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    player: AuthenticatedPlayer | null;
  }
}

/** Seconds between last_seen_at writes of one session. */
const TOUCH_INTERVAL_SECONDS = 60;

/** Declares request.player on the root instance, before any route module registers. */
export function registerPlayerAuth(app: FastifyInstance): void {
  app.decorateRequest("player", null);
}

/**
 * The preHandler of every authenticated route:
 *   api.get("/api/...", { preHandler: requirePlayer(ctx), schema }, async (request) => {
 *     const { profileId } = playerOf(request);
 *   })
 * A missing, malformed or expired access token is a 401; so is a token whose server-side
 * session was revoked or outlived its idle or absolute lifetime (checked on every request, so
 * logout and "close session" act at once).
 * A blocked account gets 403 with code 11040.
 */
export function requirePlayer(ctx: AppContext): preHandlerAsyncHookHandler {
  const sessions = sessionsRepository(ctx.db);
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw AppError.unauthorized();
    const now = ctx.now();
    const claims = await verifyAccessToken(ctx.config.secrets.jwtSecret, token, now);
    if (!claims) throw AppError.unauthorized();
    const session = await sessions.findById(claims.sessionId);
    // Revoked, idle past SESSION_IDLE_TIMEOUT_SECONDS or older than SESSION_MAX_AGE_SECONDS.
    if (
      !session ||
      session.playerId !== claims.profileId ||
      !sessionLive(session, now, ctx.config.auth)
    ) {
      throw AppError.unauthorized();
    }
    if (session.playerStatus === 3) {
      throw new AppError(403, ErrorCode.AccountBlocked, "The account is blocked");
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_SECONDS * 1000) {
      await sessions.touch(session.id, now, TOUCH_INTERVAL_SECONDS);
    }
    request.player = { profileId: claims.profileId, sessionId: claims.sessionId };
  };
}

/** The player `requirePlayer` authenticated; a 401 if the route forgot the preHandler. */
export function playerOf(request: FastifyRequest): AuthenticatedPlayer {
  if (!request.player) throw AppError.unauthorized();
  return request.player;
}
