// The session token's cookie (ADR 0022): set by the server on every sign-in and refresh,
// HttpOnly (no script reads it), SameSite=Lax, Secure with the `__Host-` prefix when PUBLIC_URL
// is https, Path=/ (the server-side render reads it too), kept for the session's absolute
// lifetime. The refresh and logout routes read it; no other API route does, so the cookie never
// authenticates an API call by itself (those take the bearer access token).
import { ErrorCode } from "@casino/contract/errors";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { AppError } from "../../infra/errors";

export const SESSION_COOKIE = "casino_session";
/** On https: Secure, Path=/, no Domain, enforced by the browser for this prefix. */
export const SECURE_SESSION_COOKIE = "__Host-casino_session";
/** The script-readable cookie the web app kept the session token in before ADR 0022. */
export const LEGACY_SESSION_COOKIE = "sessionToken";

type CookieConfig = Pick<Config, "publicUrl">;

/** What a session token looks like (32 random bytes, base64url); anything else is no token. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

function secure(config: CookieConfig): boolean {
  return config.publicUrl.startsWith("https:");
}

export function sessionCookieName(config: CookieConfig): string {
  return secure(config) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The named cookie of a Cookie header, or null (the first one wins: browsers send the most specific first). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      value = raw;
    }
    return value === "" ? null : value;
  }
  return null;
}

/**
 * The session token the request's cookies carry: the HttpOnly cookie, or the web app's older
 * script-readable one (moved into the HttpOnly cookie by the next refresh).
 */
export function readSessionCookie(
  request: { headers: { cookie?: string | undefined } },
  config: CookieConfig,
): { token: string; legacy: boolean } | null {
  const header = request.headers.cookie;
  const token = cookieValue(header, sessionCookieName(config));
  if (token && SESSION_TOKEN.test(token)) return { token, legacy: false };
  const legacy = cookieValue(header, LEGACY_SESSION_COOKIE);
  return legacy && SESSION_TOKEN.test(legacy) ? { token: legacy, legacy: true } : null;
}

function serialize(name: string, value: string, maxAge: number, config: CookieConfig): string {
  const parts = [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAge))}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure(config)) parts.push("Secure");
  return parts.join("; ");
}

/** Sets the session cookie for `maxAgeSeconds` (what is left of the session's absolute life). */
export function setSessionCookie(
  reply: FastifyReply,
  config: CookieConfig,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.header("set-cookie", serialize(sessionCookieName(config), token, maxAgeSeconds, config));
  clearLegacyCookie(reply, reply.request);
}

export function clearSessionCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.header("set-cookie", serialize(sessionCookieName(config), "", 0, config));
  clearLegacyCookie(reply, reply.request);
}

function clearLegacyCookie(reply: FastifyReply, request: FastifyRequest): void {
  if (cookieValue(request.headers.cookie, LEGACY_SESSION_COOKIE) === null) return;
  reply.header("set-cookie", `${LEGACY_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
}

/**
 * CSRF check of a route that acts on the session cookie: a browser's request must come from the
 * site itself. A cross-site `Sec-Fetch-Site`, or an `Origin` other than PUBLIC_URL's or the
 * request's own host, is a 403. A request with neither header (a non-browser client; SameSite=Lax
 * keeps browsers' cross-site POSTs from carrying the cookie anyway) passes.
 */
export function assertSameOrigin(request: FastifyRequest, config: CookieConfig): void {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw crossSite();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === new URL(config.publicUrl).origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (host === "" || host !== request.headers.host) throw crossSite();
}

function crossSite(): AppError {
  return new AppError(403, ErrorCode.Forbidden, "Cross-site request refused");
}

/**
 * The answer of a sign-in (login, registrations, auto-login, social login): the new session's
 * token goes into the HttpOnly cookie, and the body's `sessionToken` is empty (the contract keeps
 * the field; ADR 0022). A non-browser client takes the token from the Set-Cookie header.
 */
export function signInAnswer<T extends { sessionToken: string }>(
  reply: FastifyReply,
  config: CookieConfig & { auth: { sessionMaxAgeSeconds: number } },
  tokens: T,
): T {
  setSessionCookie(reply, config, tokens.sessionToken, config.auth.sessionMaxAgeSeconds);
  return { ...tokens, sessionToken: "" };
}
