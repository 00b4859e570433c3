// The studios' origins the site's pages may frame: which launch URLs name one, and how each
// process keeps the list (read in the background once stale, the same list kept by identity so the
// policy is not rebuilt, a failed read keeping the last list).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Queryable } from "../../infra/db";
import {
  LAUNCH_ORIGINS_TTL_MS,
  launchOrigins,
  originOfLaunchUrl,
  refreshLaunchOrigins,
} from "./launch-origins";

afterEach(() => {
  vi.useRealTimers();
});

/** A database whose provider rows the test sets; every read is counted and can be awaited. */
function providersDb(urls: string[]) {
  const state = { urls, reads: 0, fail: false, last: Promise.resolve([] as unknown[]) };
  const db = {
    query: () => {
      state.reads += 1;
      state.last = state.fail
        ? Promise.reject(new Error("connection lost"))
        : Promise.resolve(state.urls.map((launch_url) => ({ launch_url })));
      return state.last;
    },
  } as unknown as Queryable;
  // The read and what follows it (the list kept, the read marked done): every queued callback run.
  const settled = () => new Promise<void>((done) => setImmediate(done));
  return { db, state, settled };
}

describe("launch URL origins", () => {
  it("GM-04 an absolute http(s) template names its origin; a relative one or another scheme none", () => {
    expect(originOfLaunchUrl("https://games.north.example/play/{gameCode}?token={token}")).toBe(
      "https://games.north.example",
    );
    expect(originOfLaunchUrl("https://games.north.example:443/{gameCode}")).toBe(
      "https://games.north.example",
    );
    expect(originOfLaunchUrl("HTTP://Cdn.Example:8080/{gameCode}")).toBe("http://cdn.example:8080");
    expect(originOfLaunchUrl("https://{region}.studio.example/{gameCode}")).toBeNull();
    expect(originOfLaunchUrl("https://games.example?t={token}")).toBe("https://games.example");
    expect(originOfLaunchUrl("/studio/play/{gameCode}?token={token}")).toBeNull();
    expect(originOfLaunchUrl("//games.example/{gameCode}")).toBeNull();
    expect(originOfLaunchUrl("javascript:alert(1)")).toBeNull();
    expect(originOfLaunchUrl("https://")).toBeNull();
  });

  it("each process reads the list in the background once it is stale, and keeps it by identity", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { db, state, settled } = providersDb([
      "https://b.example/{gameCode}",
      "/studio/play/{gameCode}",
      "https://a.example/x/{gameCode}",
      "https://a.example/y/{gameCode}",
    ]);
    expect(launchOrigins(db)).toEqual([]);
    expect(state.reads).toBe(1);
    await settled();
    const first = launchOrigins(db);
    expect(first).toEqual(["https://a.example", "https://b.example"]);
    expect(state.reads).toBe(1);

    vi.advanceTimersByTime(LAUNCH_ORIGINS_TTL_MS);
    expect(launchOrigins(db)).toBe(first);
    expect(state.reads).toBe(2);
    await settled();
    expect(launchOrigins(db)).toBe(first); // the same origins: the same list

    state.urls = ["https://c.example/{gameCode}"];
    await refreshLaunchOrigins(db);
    expect(launchOrigins(db)).toEqual(["https://c.example"]);

    state.fail = true;
    await refreshLaunchOrigins(db);
    expect(launchOrigins(db)).toEqual(["https://c.example"]);
  });
});
