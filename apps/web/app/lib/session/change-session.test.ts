import { describe, expect, it } from "vitest";
import { decodeChangeSession, encodeChangeSession, reactionToChange } from "./change-session";

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
