// Who a realtime connection is (BE-42): the same access token (JWT) as the API's bearer token,
// and the same server-side session check as requirePlayer, on connect and on every refresh.
// An expired token is told apart from a bad one: it answers error 109 so the client fetches a
// new token (getToken) and connects again, while a bad one closes the connection for good.
import { decodeJwt } from "jose";
import type { AppContext } from "../../context";
import { verifyAccessToken } from "../player/access-token";
import { sessionsRepository } from "../player/repository";
import { sessionLive } from "../player/session-lifetime";

export type ConnectionAuth =
  | { kind: "player"; profileId: string; sessionId: string; expiresAt: Date }
  | { kind: "expired" }
  | { kind: "invalid" }
  | { kind: "blocked" };

/** Player status of a blocked account (as requirePlayer treats it). */
const BLOCKED_STATUS = 3;

export async function authenticateConnection(
  ctx: Pick<AppContext, "config" | "db" | "now">,
  token: string,
): Promise<ConnectionAuth> {
  const now = ctx.now();
  // The signature first (an expired token must still be ours to count as expired).
  const claims = await verifyAccessToken(ctx.config.secrets.jwtSecret, token, now, {
    allowExpired: true,
  });
  if (!claims) return { kind: "invalid" };
  const exp = decodeJwt(token).exp;
  if (typeof exp !== "number") return { kind: "invalid" };
  const expiresAt = new Date(exp * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { kind: "expired" };
  const session = await sessionsRepository(ctx.db).findById(claims.sessionId);
  if (
    !session ||
    session.playerId !== claims.profileId ||
    !sessionLive(session, now, ctx.config.auth)
  ) {
    return { kind: "invalid" };
  }
  if (session.playerStatus === BLOCKED_STATUS) return { kind: "blocked" };
  return { kind: "player", profileId: claims.profileId, sessionId: claims.sessionId, expiresAt };
}
