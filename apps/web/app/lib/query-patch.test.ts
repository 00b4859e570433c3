import { describe, expect, it } from "vitest";
import { applyQueryPatch } from "./query-patch";

describe("query patches", () => {
  it("MD-01, AF-03: sets and removes parameters, keeping the others", () => {
    expect(applyQueryPatch("?a=1", { "sign-in": "true" })).toBe("?a=1&sign-in=true");
    expect(applyQueryPatch("?stag=x&a=1", { stag: null })).toBe("?a=1");
    expect(applyQueryPatch("?wallet=deposit", { wallet: null })).toBe("");
  });
});
