import { describe, expect, it } from "vitest";
import {
  backRouteFromState,
  backRouteOf,
  providerFromCallback,
  socialRedirectUrl,
} from "./social-login";

describe("social login links (SI-23..SI-25)", () => {
  it("backRoute drops sign-in, sign-up and stag and keeps the rest", () => {
    expect(backRouteOf("/games/7", "?sign-in=true&x=1&stag=aff&sign-up=true")).toBe("/games/7?x=1");
    expect(backRouteOf("/de", "?sign-in=true")).toBe("/de");
  });

  it("a direct provider goes to /redirect with a URL-encoded JSON state", () => {
    const url = new URL(socialRedirectUrl("google", "/games/7?x=1"), "http://site");
    expect(url.pathname).toBe("/api/player/sessions/social/google/redirect");
    expect(url.search).toContain("state=%7B%22backRoute%22");
    expect(JSON.parse(url.searchParams.get("state") ?? "")).toEqual({ backRoute: "/games/7?x=1" });
    expect(url.searchParams.has("connection")).toBe(false);
  });

  it("the identity service adds the connection id", () => {
    const url = new URL(socialRedirectUrl("auth0", "/", "github"), "http://site");
    expect(url.pathname).toBe("/api/player/sessions/social/auth0/redirect");
    expect(url.searchParams.get("connection")).toBe("github");
  });

  it("the callback's state gives a same-site backRoute only", () => {
    expect(backRouteFromState(JSON.stringify({ backRoute: "/x?y=1" }))).toBe("/x?y=1");
    expect(backRouteFromState(JSON.stringify({ backRoute: "//evil.example" }))).toBeNull();
    expect(backRouteFromState("opaque-server-state")).toBeNull();
    expect(providerFromCallback("google", null)).toBe("google");
    expect(providerFromCallback("x", JSON.stringify({ provider: "sandbox" }))).toBe("sandbox");
  });
});
