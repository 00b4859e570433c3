import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { between, length, max, min } from "./size";

const ctx = makeContext();

describe("size rules", () => {
  it("VR-38 min and max measure string length", () => {
    expect(min(6)("abcdef", ctx)).toBeNull();
    expect(min(6)("abcde", ctx)).toEqual({ rule: "min", key: "min", params: { min: 6 } });
    expect(max(3)("abc", ctx)).toBeNull();
    expect(max(3)("abcd", ctx)).toEqual({ rule: "max", key: "max", params: { max: 3 } });
  });

  it("min and max count characters, not UTF-16 units", () => {
    expect(max(2)("😀😀", ctx)).toBeNull();
    expect(min(2)("😀", ctx)).not.toBeNull();
  });

  it("min and max measure the value of numbers (documented), with value messages", () => {
    expect(min(18)(18, ctx)).toBeNull();
    expect(min(18)(17, ctx)).toEqual({ rule: "min", key: "minValue", params: { min: 18 } });
    expect(max(10)(11n, ctx)).toEqual({ rule: "max", key: "maxValue", params: { max: 10 } });
    // a numeric string from a form is text: its length counts
    expect(min(3)("100", ctx)).toBeNull();
    expect(min(3)("5", ctx)).not.toBeNull();
  });

  it("min and max count array items and refuse other values", () => {
    expect(min(2)(["a", "b"], ctx)).toBeNull();
    expect(max(1)(["a", "b"], ctx)).not.toBeNull();
    expect(min(1)({ a: 1 }, ctx)).not.toBeNull();
    expect(max(1)(true, ctx)).not.toBeNull();
  });

  it("VR-38 length is exact", () => {
    expect(length(3)("abc", ctx)).toBeNull();
    expect(length(3)("ab", ctx)).toEqual({ rule: "length", key: "length", params: { param: 3 } });
    expect(length(2)([1, 2], ctx)).toBeNull();
    expect(length(3)(123, ctx)).toBeNull();
    expect(length(3)({}, ctx)).not.toBeNull();
  });

  it("VR-38 between is inclusive and reads numeric text", () => {
    const rule = between(1, 10);
    for (const v of [1, 10, 5.5, "1", "10", "7.25"]) expect(rule(v, ctx), String(v)).toBeNull();
    for (const v of [0, 10.01, "11", "abc", "1e1", [5]]) {
      expect(rule(v, ctx), String(v)).toEqual({
        rule: "between",
        key: "between",
        params: { min: 1, max: 10 },
      });
    }
  });

  it("factories refuse non-numeric limits", () => {
    expect(() => min(Number.NaN)).toThrow(TypeError);
    expect(() => between(1, "x" as unknown as number)).toThrow(TypeError);
  });
});
