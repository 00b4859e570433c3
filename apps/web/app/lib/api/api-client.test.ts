import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, apiRequest, shouldRetry } from "./api-client";
import { toQueryString } from "./query-string";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(statuses: number[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] ?? 200;
    return new Response(
      JSON.stringify(status < 400 ? { ok: true } : { error: { code: status, message: "x" } }),
      {
        status,
        headers: { "content-type": "application/json" },
      },
    );
  });
  return calls;
}

describe("API client", () => {
  it("HC-02: query arrays use bracket style", () => {
    expect(toQueryString({ status: [1, 2], currency: "EUR", empty: undefined })).toBe(
      "?status%5B%5D=1&status%5B%5D=2&currency=EUR",
    );
    expect(decodeURIComponent(toQueryString({ status: [1, 2] }))).toBe("?status[]=1&status[]=2");
  });

  it("HC-05: the generic client retries a non-mutating request once on the listed statuses", async () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504])
      expect(shouldRetry("GET", status)).toBe(true);
    expect(shouldRetry("GET", 404)).toBe(false);
    const calls = stubFetch([503, 503, 200]);
    await expect(apiRequest("/api/game/games")).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(2);
  });

  it("HC-06: mutating requests are not retried", async () => {
    expect(shouldRetry("POST", 503)).toBe(false);
    const calls = stubFetch([503, 200]);
    await expect(
      apiRequest("/api/player/sessions", { method: "POST", body: {} }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it("HC-01, HC-04, HC-07: relative path, no cookies, and the thin wrapper never retries", async () => {
    const calls = stubFetch([503, 200]);
    const response = await apiFetch("/api/settings/locales");
    expect(response.status).toBe(503);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/api/settings/locales");
    expect(calls[0]?.init.credentials).toBe("omit");
  });
});
