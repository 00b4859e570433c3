import { describe, expect, it } from "vitest";
import { backRouteFromState } from "./session/social-login";
import { isSitePath } from "./site-path";

describe("isSitePath: a back path that stays on this site", () => {
  it("takes plain paths with a query and a hash", () => {
    for (const path of ["/", "/games/dice", "/profile/wallet?deposit=success", "/de/bonus#rules"]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it("refuses every form a browser reads as another host, and anything not a path", () => {
    for (const path of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/%09/evil.example",
      "/%0A/evil.example",
      "/ /evil.example",
      "/\u00a0/evil.example",
      "/\u2028/evil.example",
      "/games\\..\\..\\evil",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "",
      "/%E0%A4%A",
      `/${"a".repeat(2001)}`,
      42,
      null,
    ]) {
      expect(isSitePath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it("is the check of a social login's backRoute", () => {
    const state = (backRoute: string) => JSON.stringify({ backRoute });
    expect(backRouteFromState(state("/games/dice?x=1"))).toBe("/games/dice?x=1");
    expect(backRouteFromState(state("/\\evil.example"))).toBeNull();
    expect(backRouteFromState(state("/%5Cevil.example"))).toBeNull();
    expect(backRouteFromState(state("/\t/evil.example"))).toBeNull();
  });
});
