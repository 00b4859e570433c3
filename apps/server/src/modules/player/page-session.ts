// The server-side render of a signed-in page (ADR 0022). The page's loaders call the API with
// the access token of the `token` cookie, as the browser would. When that token is missing or
// about to expire but the request carries a live session cookie, the server makes a fresh access
// token for the render, in process, and hands it to the browser in the `token` cookie, so the
// page renders signed in after any idle time. Nothing rotates here (a GET changes no state): the
// session token rotates on the browser's next POST /sessions/refresh. A session cookie that no
// longer names a live session makes the page render for a guest, and both cookies are cleared.
import { decodeJwt } from "jose";
import type { AppContext } from "../../context";
import { signAccessToken } from "./access-token";
import { sessionsRepository } from "./repository";
import { sha256Hex } from "./secrets";
import {
  cookieValue,
  LEGACY_SESSION_COOKIE,
  readSessionCookie,
  sessionCookieName,
} from "./session-cookie";
import { sessionLive, withinRotationGrace } from "./session-lifetime";

/** The web app's access-token cookie (apps/web token-store.ts). */
export const ACCESS_TOKEN_COOKIE = "token";
/** As the web app: refresh this long before `exp` (SE-03). */
const EXPIRY_MARGIN_MS = 10_000;
/** The access-token cookie's max-age (spec §9, SE-01). */
const TOKEN_COOKIE_MAX_AGE = 31_536_000;

export interface PageSession {
  /** The request's Cookie header as the render must see it. */
  cookieHeader: string;
  /** Set-Cookie lines for the page's answer. */
  setCookies: string[];
}

function replaceCookie(header: string, name: string, value: string | null): string {
  const parts = header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.split("=")[0]!.trim() !== name);
  if (value !== null) parts.push(`${name}=${value}`);
  return parts.join("; ");
}

/**
 * What the render of this page request needs changed, or null when nothing: no session cookie,
 * or an access token good for more than a few seconds.
 */
export async function pageSession(
  ctx: Pick<AppContext, "config" | "db" | "now">,
  headers: { cookie?: string | undefined },
): Promise<PageSession | null> {
  const header = headers.cookie;
  const presented = readSessionCookie({ headers }, ctx.config);
  if (!header || !presented) return null;
  const now = ctx.now();
  const current = cookieValue(header, ACCESS_TOKEN_COOKIE);
  if (current) {
    let exp: unknown;
    try {
      exp = decodeJwt(current).exp;
    } catch {
      exp = undefined;
    }
    if (typeof exp === "number" && exp * 1000 - EXPIRY_MARGIN_MS > now.getTime()) return null;
  }
  const secure = ctx.config.publicUrl.startsWith("https:") ? "; Secure" : "";
  const sessions = sessionsRepository(ctx.db);
  const hash = sha256Hex(presented.token);
  let session = await sessions.findByTokenHash(hash);
  if (!session) {
    // A token a refresh has just replaced (another tab's refresh in flight) still counts.
    const retired = await sessions.findByRetiredTokenHash(hash);
    if (retired && withinRotationGrace(retired.retiredAt, now, ctx.config.auth)) {
      session = retired.session;
    }
  }
  if (!session || !sessionLive(session, now, ctx.config.auth) || session.playerStatus === 3) {
    // Signed out (or blocked): the page renders for a guest and the browser forgets both.
    return {
      cookieHeader: replaceCookie(
        replaceCookie(header, ACCESS_TOKEN_COOKIE, null),
        presented.legacy ? LEGACY_SESSION_COOKIE : sessionCookieName(ctx.config),
        null,
      ),
      setCookies: [
        `${ACCESS_TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`,
        presented.legacy
          ? `${LEGACY_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
          : `${sessionCookieName(ctx.config)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      ],
    };
  }
  await sessions.touch(session.id, now, 60);
  const access = await signAccessToken(
    ctx.config.secrets.jwtSecret,
    { profileId: session.playerId, sessionId: session.id },
    now,
    ctx.config.auth.accessTokenTtlSeconds,
  );
  return {
    cookieHeader: replaceCookie(header, ACCESS_TOKEN_COOKIE, access.token),
    setCookies: [
      `${ACCESS_TOKEN_COOKIE}=${access.token}; Path=/; Max-Age=${TOKEN_COOKIE_MAX_AGE}; SameSite=Lax${secure}`,
    ],
  };
}
