import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { required } from "./required";

const ctx = makeContext();

describe("required", () => {
  it("VR-38 required refuses missing, blank and empty values with 'Value is required'", () => {
    for (const empty of [undefined, null, "", "   ", "\t\n", [], {}]) {
      expect(required(empty, ctx), JSON.stringify(empty)).toEqual({
        rule: "required",
        key: "required",
        params: {},
      });
    }
  });

  it("false, 0 and other given values count as present", () => {
    for (const given of [false, 0, "0", "a", [0], { a: 1 }, 0n]) {
      expect(required(given, ctx), String(given)).toBeNull();
    }
  });
});
