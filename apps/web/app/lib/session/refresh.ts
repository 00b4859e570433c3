// Access-token refresh (spec §4 "Session", SE-02..SE-05). Before a call that carries the token,
// a token whose `exp` is 10 s away or past is refreshed with POST /api/player/sessions/refresh
// (bearer: the session token). Tabs share the cookies, so only one tab refreshes: it takes a lock
// key in localStorage; the others poll the cookie up to 10 times, 500 ms apart, for the new
// token. A failed refresh ends the session (the caller logs out).
import { needsRefresh } from "./token-store";

export { EXPIRY_MARGIN_MS, needsRefresh } from "./token-store";
export const REFRESH_POLL_MS = 500;
export const REFRESH_POLL_TIMES = 10;
export const REFRESH_LOCK_KEY = "refreshTokenLock";
/** A lock older than this was left by a tab that died mid-refresh. */
export const REFRESH_LOCK_STALE_MS = REFRESH_POLL_MS * REFRESH_POLL_TIMES + 1_000;

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type RefreshDeps = {
  storage: KeyValueStorage | null;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The access token in the (shared) cookie. */
  readToken: () => string | null;
  /** Calls the refresh endpoint and stores the new tokens; returns the new access token. */
  refresh: () => Promise<string>;
};

export class RefreshFailed extends Error {
  constructor(cause?: unknown) {
    super("Session refresh failed", { cause });
    this.name = "RefreshFailed";
  }
}

function lockHeld(storage: KeyValueStorage | null, now: number): boolean {
  const value = storage?.getItem(REFRESH_LOCK_KEY);
  if (!value) return false;
  const takenAt = Number(value.split(":")[0]);
  return Number.isFinite(takenAt) && now - takenAt < REFRESH_LOCK_STALE_MS;
}

async function refreshWithLock(deps: RefreshDeps): Promise<string> {
  const mark = `${deps.now()}:${Math.random().toString(36).slice(2)}`;
  try {
    deps.storage?.setItem(REFRESH_LOCK_KEY, mark);
  } catch {
    // storage full or blocked: refresh without telling other tabs
  }
  try {
    return await deps.refresh();
  } catch (error) {
    throw new RefreshFailed(error);
  } finally {
    try {
      if (deps.storage?.getItem(REFRESH_LOCK_KEY) === mark)
        deps.storage.removeItem(REFRESH_LOCK_KEY);
    } catch {
      // ignore
    }
  }
}

/**
 * The access token to send, refreshed first when needed (SE-02..SE-04); null for a guest.
 * Throws RefreshFailed when the refresh fails (SE-05).
 */
export async function ensureFreshToken(deps: RefreshDeps): Promise<string | null> {
  const token = deps.readToken();
  if (!token || !needsRefresh(token, deps.now())) return token;
  if (lockHeld(deps.storage, deps.now())) {
    // Another tab is refreshing: wait for its token in the shared cookie.
    for (let i = 0; i < REFRESH_POLL_TIMES; i++) {
      await deps.sleep(REFRESH_POLL_MS);
      const current = deps.readToken();
      if (!current) throw new RefreshFailed();
      if (!needsRefresh(current, deps.now())) return current;
    }
  }
  return refreshWithLock(deps);
}

/** One refresh at a time within a tab: concurrent callers share the same promise. */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
