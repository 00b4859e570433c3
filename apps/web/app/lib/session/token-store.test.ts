import { describe, expect, it } from "vitest";
import { sessionFromToken } from "./token-store";

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part(claims)}.sig`;
}

describe("session token", () => {
  it("a token cookie with a JWT means signed in, with the profile id from its claims", () => {
    expect(sessionFromToken(jwt({ sub: "8a1f-22" }))).toEqual({
      isLoggedIn: true,
      profileId: "8a1f-22",
    });
    expect(sessionFromToken(jwt({ profileId: "p1", sub: "s" }))).toEqual({
      isLoggedIn: true,
      profileId: "p1",
    });
  });

  it("no token, or garbage, is a guest", () => {
    expect(sessionFromToken(null)).toEqual({ isLoggedIn: false, profileId: null });
    expect(sessionFromToken("not-a-jwt")).toEqual({ isLoggedIn: false, profileId: null });
  });
});
