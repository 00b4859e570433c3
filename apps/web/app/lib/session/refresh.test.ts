import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  EXPIRY_MARGIN_MS,
  ensureFreshToken,
  needsRefresh,
  REFRESH_LOCK_KEY,
  REFRESH_POLL_MS,
  REFRESH_POLL_TIMES,
  type RefreshDeps,
  RefreshFailed,
  singleFlight,
} from "./refresh";

function jwt(exp: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ sub: "p1", exp })}.sig`;
}

function fakeStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const T0 = 1_800_000_000_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

function deps(
  cookie: { token: string | null },
  storage: Storage,
  refresh: () => Promise<string>,
): RefreshDeps {
  return {
    storage,
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    readToken: () => cookie.token,
    refresh,
  };
}

describe("token refresh timing (SE-03)", () => {
  it("refreshes when exp − 10 s is now or past, not before", () => {
    const exp = T0 / 1000 + 60;
    const token = jwt(exp);
    expect(EXPIRY_MARGIN_MS).toBe(10_000);
    expect(needsRefresh(token, exp * 1000 - 10_001)).toBe(false);
    expect(needsRefresh(token, exp * 1000 - 10_000)).toBe(true);
    expect(needsRefresh(token, exp * 1000 + 5_000)).toBe(true);
  });

  it("a token without exp is never refreshed", () => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    expect(needsRefresh(`${part({})}.${part({ sub: "x" })}.s`, T0)).toBe(false);
  });

  it("a fresh token is used as is; a guest has none", async () => {
    const storage = fakeStorage();
    const refresh = vi.fn(async () => "new");
    const fresh = jwt(T0 / 1000 + 600);
    expect(await ensureFreshToken(deps({ token: fresh }, storage, refresh))).toBe(fresh);
    expect(await ensureFreshToken(deps({ token: null }, storage, refresh))).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("SE-02 an expiring token is refreshed first, under the lock, which is released after", async () => {
    const storage = fakeStorage();
    const cookie = { token: jwt(T0 / 1000 + 5) };
    const next = jwt(T0 / 1000 + 900);
    const refresh = vi.fn(async () => {
      expect(storage.getItem(REFRESH_LOCK_KEY)).toBeTruthy();
      cookie.token = next;
      return next;
    });
    expect(await ensureFreshToken(deps(cookie, storage, refresh))).toBe(next);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(storage.getItem(REFRESH_LOCK_KEY)).toBeNull();
  });

  it("SE-05 a failed refresh rejects with RefreshFailed and frees the lock", async () => {
    const storage = fakeStorage();
    const refresh = vi.fn(async () => {
      throw new Error("401");
    });
    await expect(
      ensureFreshToken(deps({ token: jwt(T0 / 1000) }, storage, refresh)),
    ).rejects.toBeInstanceOf(RefreshFailed);
    expect(storage.getItem(REFRESH_LOCK_KEY)).toBeNull();
  });
});

describe("cross-tab refresh coordination (SE-04)", () => {
  it("while another tab holds the lock, this tab polls the cookie every 500 ms and takes its token", async () => {
    const storage = fakeStorage();
    storage.setItem(REFRESH_LOCK_KEY, `${T0}:other`);
    const cookie = { token: jwt(T0 / 1000 + 5) };
    const refresh = vi.fn(async () => "mine");
    const reads = vi.fn(() => cookie.token);
    const result = ensureFreshToken({ ...deps(cookie, storage, refresh), readToken: reads });
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS * 2);
    expect(reads).toHaveBeenCalledTimes(3); // first look + 2 polls
    const next = jwt(T0 / 1000 + 900);
    cookie.token = next; // the other tab stored its new token in the shared cookie
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS);
    expect(await result).toBe(next);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("after 10 polls without a new token it refreshes itself", async () => {
    const storage = fakeStorage();
    storage.setItem(REFRESH_LOCK_KEY, `${T0}:other`);
    const cookie = { token: jwt(T0 / 1000 + 5) };
    const reads = vi.fn(() => cookie.token);
    const refresh = vi.fn(async () => "mine");
    const result = ensureFreshToken({ ...deps(cookie, storage, refresh), readToken: reads });
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS * (REFRESH_POLL_TIMES - 1));
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS);
    expect(await result).toBe("mine");
    expect(reads).toHaveBeenCalledTimes(1 + REFRESH_POLL_TIMES);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("a stale lock (its tab died) is ignored", async () => {
    const storage = fakeStorage();
    storage.setItem(REFRESH_LOCK_KEY, `${T0 - 60_000}:dead`);
    const refresh = vi.fn(async () => "mine");
    expect(await ensureFreshToken(deps({ token: jwt(T0 / 1000) }, storage, refresh))).toBe("mine");
  });

  it("the other tab logging out while this one polls ends the session", async () => {
    const storage = fakeStorage();
    storage.setItem(REFRESH_LOCK_KEY, `${T0}:other`);
    const cookie: { token: string | null } = { token: jwt(T0 / 1000) };
    const result = ensureFreshToken(deps(cookie, storage, async () => "x"));
    const check = expect(result).rejects.toBeInstanceOf(RefreshFailed);
    cookie.token = null;
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS);
    await check;
  });

  it("concurrent callers in one tab share one refresh", async () => {
    let calls = 0;
    const once = singleFlight(async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return calls;
    });
    const both = Promise.all([once(), once()]);
    await vi.advanceTimersByTimeAsync(10);
    expect(await both).toEqual([1, 1]);
    const later = once();
    await vi.advanceTimersByTimeAsync(10);
    expect(await later).toBe(2);
  });
});
