import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { array, booleanLike, falsy, truthy } from "./flags";

const ctx = makeContext();

describe("flag rules", () => {
  it("VR-28 truthy accepts yes, on, 1, true", () => {
    for (const ok of ["yes", "on", "1", "true", 1, true])
      expect(truthy(ok, ctx), String(ok)).toBeNull();
    for (const bad of ["no", "off", "0", "false", 0, false, "YES", "y", 2, "2", []]) {
      expect(truthy(bad, ctx), String(bad)).not.toBeNull();
    }
  });

  it("VR-29 falsy accepts no, off, 0, false", () => {
    for (const ok of ["no", "off", "0", "false", 0, false])
      expect(falsy(ok, ctx), String(ok)).toBeNull();
    for (const bad of ["yes", "on", "1", "true", 1, true, "NO", "n", -0.5]) {
      expect(falsy(bad, ctx), String(bad)).not.toBeNull();
    }
  });

  it("VR-36 array rule", () => {
    expect(array([], ctx)).toBeNull();
    expect(array([1, "a"], ctx)).toBeNull();
    for (const bad of ["a,b", 1, { 0: "a", length: 1 }, true]) {
      expect(array(bad, ctx)).toEqual({ rule: "array", key: "array", params: {} });
    }
  });

  it("VR-37 boolean-like accepts true, false, 1, 0, '1', '0' only", () => {
    for (const ok of [true, false, 1, 0, "1", "0"])
      expect(booleanLike(ok, ctx), String(ok)).toBeNull();
    for (const bad of ["true", "false", "yes", "no", 2, -1, "01", " 1"]) {
      expect(booleanLike(bad, ctx), String(bad)).not.toBeNull();
    }
  });
});
