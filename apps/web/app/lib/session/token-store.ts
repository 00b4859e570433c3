// The session token lives in a cookie named `token` (spec §3, SE-01). Accounts arrive in a later
// issue; this store already reads and writes it so the API client and the modal access rules can
// tell a guest from a player.
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from "../cookies";

export const TOKEN_COOKIE = "token";
/** Token cookie max-age (spec §9). */
export const TOKEN_MAX_AGE_SECONDS = 31_536_000;

export type Session = { isLoggedIn: boolean; profileId: string | null };
export const GUEST: Session = { isLoggedIn: false, profileId: null };

type Claims = { sub?: unknown; profileId?: unknown; exp?: unknown };

function decodeClaims(token: string): Claims | null {
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

/**
 * The session a token stands for. Any well-formed JWT counts as signed in; expiry is handled by
 * the refresh logic of the accounts issue (a token refreshed 10 s before `exp`), not here.
 */
export function sessionFromToken(token: string | null | undefined): Session {
  if (!token) return GUEST;
  const claims = decodeClaims(token);
  if (!claims) return GUEST;
  const id = claims.profileId ?? claims.sub;
  return { isLoggedIn: true, profileId: typeof id === "string" ? id : null };
}

const listeners = new Set<() => void>();

export const tokenStore = {
  get(): string | null {
    return readBrowserCookie(TOKEN_COOKIE);
  },
  set(token: string): void {
    writeBrowserCookie(TOKEN_COOKIE, token, { maxAge: TOKEN_MAX_AGE_SECONDS });
    for (const listener of listeners) listener();
  },
  clear(): void {
    deleteBrowserCookie(TOKEN_COOKIE);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
