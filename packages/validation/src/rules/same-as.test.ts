import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { sameAs } from "./same-as";

describe("sameAs", () => {
  it("VR-38 same-as compares with another field of the form", () => {
    const ctx = makeContext({ values: { password: "secret1" } });
    expect(sameAs("password")("secret1", ctx)).toBeNull();
    expect(sameAs("password")("secret2", ctx)).toEqual({
      rule: "sameAs",
      key: "sameAs",
      params: { param: "password" },
    });
  });

  it("compares strictly and reads dot paths", () => {
    const ctx = makeContext({ values: { amount: 5, fields: { wallet_id: "abc" } } });
    expect(sameAs("amount")("5", ctx)).not.toBeNull();
    expect(sameAs("fields.wallet_id")("abc", ctx)).toBeNull();
    expect(sameAs("fields.missing")("abc", ctx)).not.toBeNull();
  });

  it("passes on an empty value (pair it with required)", () => {
    expect(sameAs("password")("", makeContext({ values: { password: "x" } }))).toBeNull();
  });
});
