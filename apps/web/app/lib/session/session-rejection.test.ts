import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "../api/api-client";
import { CHANGE_SESSION_KEY, decodeChangeSession } from "./change-session";
import { onSessionRejected } from "./session-events";

function jwt(exp: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ sub: "p1", exp })}.sig`;
}

/** A browser-like document.cookie jar and localStorage, enough for the token store. */
function fakeBrowser(cookies: Record<string, string>) {
  const storage = new Map<string, string>();
  vi.stubGlobal("document", {
    get cookie() {
      return Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join("; ");
    },
    set cookie(line: string) {
      const [pair, ...attributes] = line.split("; ");
      const [name, value] = (pair ?? "").split("=");
      if (!name) return;
      if (attributes.includes("Max-Age=0")) delete cookies[name];
      else cookies[name] = value ?? "";
    },
  });
  vi.stubGlobal("window", {
    location: { protocol: "http:" },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    setTimeout,
  });
  return { cookies, storage };
}

const answer = (status: number) =>
  new Response(JSON.stringify({ error: { code: status, message: "x" } }), {
    status,
    headers: { "content-type": "application/json" },
  });

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

describe("the server refusing the session (SE-06, ER-15)", () => {
  it("a 401 or 403 to a call that carried the token clears the session, marks a logout and tells the app", async () => {
    for (const status of [401, 403]) {
      const token = jwt(Math.floor(Date.now() / 1000) + 600);
      const browser = fakeBrowser({ token, sessionToken: "s1" });
      const calls: RequestInit[] = [];
      vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
        calls.push(init);
        return answer(status);
      });
      const rejected = vi.fn();
      const stop = onSessionRejected(rejected);
      const response = await apiFetch("/api/player/profile");
      stop();
      expect(response.status).toBe(status);
      expect(new Headers(calls[0]?.headers).get("authorization")).toBe(`Bearer ${token}`);
      expect(browser.cookies).toEqual({});
      expect(decodeChangeSession(browser.storage.get(CHANGE_SESSION_KEY))).toBe("logout");
      expect(rejected).toHaveBeenCalledTimes(1);
    }
  });

  it("a guest's 401 (wrong password) changes nothing", async () => {
    const browser = fakeBrowser({});
    vi.stubGlobal("fetch", async () => answer(401));
    const rejected = vi.fn();
    const stop = onSessionRejected(rejected);
    await apiFetch("/api/player/sessions", { method: "POST" });
    stop();
    expect(rejected).not.toHaveBeenCalled();
    expect(browser.storage.size).toBe(0);
  });
});
