import { describe, expect, it } from "vitest";
import { parseQueryString } from "./querystring";

describe("query strings", () => {
  it("reads bracket arrays and repeated keys as arrays (spec section 7)", () => {
    expect({ ...parseQueryString("status[]=1&status[]=2&currency[]=EUR&page=2") }).toEqual({
      status: ["1", "2"],
      currency: ["EUR"],
      page: "2",
    });
    expect({ ...parseQueryString("a=1&a=2") }).toEqual({ a: ["1", "2"] });
  });

  it("keeps other keys literal and survives broken encodings", () => {
    const parsed = parseQueryString("a[b]=1&__proto__=x");
    expect(parsed["a[b]"]).toBe("1");
    // An own key, not a prototype: no pollution through the query string.
    expect(Object.hasOwn(parsed, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(() => parseQueryString("v=%E0%A4%A")).not.toThrow();
  });
});
