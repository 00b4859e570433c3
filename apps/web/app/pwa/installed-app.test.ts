import { afterEach, describe, expect, it, vi } from "vitest";
import { checkInstalledApp } from "./installed-app-report";
import { isStandalone, STANDALONE_QUERY, subscribeStandalone } from "./use-standalone";

/** A window whose display mode the test switches, as the browser does when the app is installed. */
function fakeWindow() {
  const listeners = new Set<() => void>();
  const media = {
    matches: false,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const queries: string[] = [];
  const win = {
    matchMedia: (query: string) => {
      queries.push(query);
      return media;
    },
    navigator: {},
  };
  const switchTo = (standalone: boolean) => {
    media.matches = standalone;
    for (const listener of listeners) listener();
  };
  return { win, listeners, queries, switchTo };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("installed-app detection", () => {
  it("ST-04 detection watches the standalone display mode; the check reports only with a session", () => {
    const { win, listeners, queries } = fakeWindow();
    vi.stubGlobal("window", win);
    const stop = subscribeStandalone(() => {});
    expect(queries).toEqual([STANDALONE_QUERY]);
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);

    const send = vi.fn(async () => undefined);
    const storage = memoryStorage();
    const guest = { loggedIn: false, profileId: null, standalone: true };
    expect(checkInstalledApp(guest, storage, send)).toBe(false);
    const player = { loggedIn: true, profileId: "p1", standalone: true };
    expect(checkInstalledApp(player, storage, send)).toBe(true);
    // Once per session and player.
    expect(checkInstalledApp(player, storage, send)).toBe(false);
    expect(checkInstalledApp({ ...player, profileId: "p2" }, storage, send)).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(
      checkInstalledApp({ ...player, profileId: "p3", standalone: false }, storage, send),
    ).toBe(false);
  });

  it("ST-06 switching to standalone display mode runs the check", () => {
    const { win, switchTo } = fakeWindow();
    vi.stubGlobal("window", win);
    const send = vi.fn(async () => undefined);
    const storage = memoryStorage();
    const check = () =>
      checkInstalledApp(
        { loggedIn: true, profileId: "p1", standalone: isStandalone() },
        storage,
        send,
      );
    // As the hook does: a check at mount, and again on every display-mode change.
    check();
    const stop = subscribeStandalone(check);
    expect(send).not.toHaveBeenCalled();
    switchTo(true);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
  });

  it("ER-22 a failed report is only logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = () => Promise.reject(new Error("down"));
    checkInstalledApp(
      { loggedIn: true, profileId: "p9", standalone: true },
      memoryStorage(),
      failing,
    );
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith("Installed-app report failed", expect.any(Error)),
    );
    warn.mockRestore();
  });
});
