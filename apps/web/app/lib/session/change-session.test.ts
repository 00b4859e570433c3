import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "../device";
import {
  CHANGE_SESSION_KEY,
  decodeChangeSession,
  encodeChangeSession,
  listenForSessionChange,
  reactionToChange,
} from "./change-session";

describe("changeSession marker (SE-08..SE-10)", () => {
  it("is base64 of <random>-<kind>-<time>, its second dash segment login or logout", () => {
    const value = encodeChangeSession("login", "k3x9", 1_700_000_000_000);
    expect(atob(value)).toBe("k3x9-login-1700000000000");
    expect(atob(value).split("-")[1]).toBe("login");
    expect(decodeChangeSession(value)).toBe("login");
    expect(decodeChangeSession(encodeChangeSession("logout", "a-b", 1))).toBe("logout");
  });

  it("anything else decodes to nothing", () => {
    expect(decodeChangeSession(null)).toBeNull();
    expect(decodeChangeSession("%%%")).toBeNull();
    expect(decodeChangeSession(btoa("x-other-1"))).toBeNull();
  });

  it("a guest tab reloads on a login; a player tab goes home on a logout; otherwise nothing", () => {
    expect(reactionToChange("login", false)).toBe("reload");
    expect(reactionToChange("logout", true)).toBe("home");
    expect(reactionToChange("login", true)).toBeNull();
    expect(reactionToChange("logout", false)).toBeNull();
    expect(reactionToChange(null, true)).toBeNull();
  });
});

describe("start-up listeners (ST-02)", () => {
  function fakeTarget() {
    const listeners = new Map<string, (event: StorageEvent) => void>();
    return {
      listeners,
      addEventListener: (type: string, listener: (event: StorageEvent) => void) =>
        listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
  }
  const storageEvent = (key: string, newValue: string | null) =>
    ({ key, newValue }) as StorageEvent;

  it("ST-02 the storage listener is attached and reacts to another tab's changeSession only", () => {
    const target = fakeTarget();
    const reactions: string[] = [];
    let loggedIn = false;
    const stop = listenForSessionChange(
      target as unknown as Window,
      () => loggedIn,
      (reaction) => reactions.push(reaction),
    );
    const onStorage = target.listeners.get("storage");
    expect(onStorage).toBeDefined();
    onStorage?.(storageEvent("other", encodeChangeSession("login", "r1", 1)));
    onStorage?.(storageEvent(CHANGE_SESSION_KEY, encodeChangeSession("login", "r2", 2)));
    loggedIn = true;
    onStorage?.(storageEvent(CHANGE_SESSION_KEY, encodeChangeSession("logout", "r3", 3)));
    onStorage?.(storageEvent(CHANGE_SESSION_KEY, "garbage"));
    expect(reactions).toEqual(["reload", "home"]);
    stop();
    expect(target.listeners.has("storage")).toBe(false);
  });

  it("ST-02 the user agent is parsed into phone/tablet or not", () => {
    expect(
      isMobileUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      ),
    ).toBe(true);
    expect(
      isMobileUserAgent(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36",
      ),
    ).toBe(false);
  });
});
