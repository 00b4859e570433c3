// The session (spec §3, SE-01; ADR 0022): `token`, the short-lived access token (a JWT with
// `sub` = profile id, `sid`, `exp`) sent as the bearer token, is kept in a script-readable cookie
// for one year (an expired one still means "signed in": it is refreshed before use). The
// long-lived session token that refreshes it is in an HttpOnly cookie the server sets on sign-in
// and rotates on every refresh (POST /sessions/refresh): no script here ever sees it.
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from "../cookies";

export const TOKEN_COOKIE = "token";
/** Where the session token was kept before ADR 0022 (script-readable); cleared on sign-out. */
export const LEGACY_SESSION_TOKEN_COOKIE = "sessionToken";
/** Token cookie max-age (spec §9). */
export const TOKEN_MAX_AGE_SECONDS = 31_536_000;

export type Session = { isLoggedIn: boolean; profileId: string | null };
export const GUEST: Session = { isLoggedIn: false, profileId: null };

export type StoredTokens = { accessToken: string };

type Claims = { sub?: unknown; profileId?: unknown; exp?: unknown };

export function decodeClaims(token: string): Claims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
    return json && typeof json === "object" ? (json as Claims) : null;
  } catch {
    return null;
  }
}

/** The token's `exp` claim in milliseconds, or null when it has none. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/** SE-03: refresh this long before `exp`. */
export const EXPIRY_MARGIN_MS = 10_000;

/** SE-03: whether the token must be refreshed before use (exp − 10 s ≤ now). */
export function needsRefresh(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS <= now;
}

/**
 * The session a token stands for. Any well-formed JWT counts as signed in; an expired one is
 * refreshed before the next call that needs it (refresh.ts), so it does not sign anyone out.
 */
export function sessionFromToken(token: string | null | undefined): Session {
  if (!token) return GUEST;
  const claims = decodeClaims(token);
  if (!claims) return GUEST;
  const id = claims.profileId ?? claims.sub;
  return { isLoggedIn: true, profileId: typeof id === "string" ? id : null };
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const tokenStore = {
  get(): string | null {
    return readBrowserCookie(TOKEN_COOKIE);
  },
  /** Stores the access token of a sign-in or a refresh (the session token is the server's cookie). */
  set(tokens: StoredTokens): void {
    writeBrowserCookie(TOKEN_COOKIE, tokens.accessToken, { maxAge: TOKEN_MAX_AGE_SECONDS });
    notify();
  },
  clear(): void {
    deleteBrowserCookie(TOKEN_COOKIE);
    if (readBrowserCookie(LEGACY_SESSION_TOKEN_COOKIE)) {
      deleteBrowserCookie(LEGACY_SESSION_TOKEN_COOKIE);
    }
    notify();
  },
  /** Tells subscribers to read the cookies again (another tab may have changed them). */
  notify,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
