import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildRule,
  buildRules,
  buildSchema,
  describeRules,
  describeSchema,
  RuleDescriptorError,
} from "./descriptor";
import { describeRule } from "./rule";
import { or } from "./rules/combinators";
import { after } from "./rules/date";
import { phone } from "./rules/phone";
import { required } from "./rules/required";
import { sameAs } from "./rules/same-as";
import { min } from "./rules/size";
import { regex } from "./rules/text";
import { makeContext, validateForm } from "./validate";

const ctx = makeContext({ values: { password: "secret1" } });

describe("rule descriptors", () => {
  it("VR-38 builds rules from the serialisable descriptors the server sends", () => {
    const rules = buildRules([
      { rule: "required" },
      { rule: "min", params: [6] },
      { rule: "sameAs", params: ["password"] },
    ]);
    expect(rules.map((rule) => rule.id)).toEqual(["required", "min", "sameAs"]);
    expect(rules.map((rule) => rule("secret1", ctx))).toEqual([null, null, null]);
    expect(rules[2]!("secret2", ctx)?.rule).toBe("sameAs");
  });

  it("describeRule and buildRule are inverse, combinators included", () => {
    const rules = [
      required,
      min(6),
      sameAs("password"),
      regex("/^t[a-z]+$/i"),
      after("2000-1-1"),
      or(phone, regex("^x$")),
    ];
    const descriptors = describeRules(rules);
    expect(JSON.parse(JSON.stringify(descriptors))).toEqual(descriptors);
    expect(descriptors[3]).toEqual({ rule: "regex", params: ["^t[a-z]+$", "i"] });
    expect(descriptors[5]).toEqual({
      rule: "or",
      params: [{ rule: "phone" }, { rule: "regex", params: ["^x$", ""] }],
    });
    expect(describeRules(buildRules(descriptors))).toEqual(descriptors);
  });

  it("a schema survives JSON and validates the same on both sides", () => {
    const schema = {
      password: [required, min(6)],
      password_confirmation: [required, sameAs("password")],
    };
    const rebuilt = buildSchema(JSON.parse(JSON.stringify(describeSchema(schema))));
    const values = { password: "abc", password_confirmation: "abd" };
    expect(validateForm(values, rebuilt)).toEqual(validateForm(values, schema));
  });

  it("property: built rules give the same answers as the originals on any value", () => {
    const rules = [min(3), regex("^[a-z]+$"), or(min(5), regex("^\\d+$"))];
    const rebuilt = buildRules(describeRules(rules));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), (value) => {
        rules.forEach((rule, i) => {
          expect(rebuilt[i]!(value, ctx)).toEqual(rule(value, ctx));
        });
      }),
    );
  });

  it("unknown rules and bad parameters throw RuleDescriptorError", () => {
    expect(() => buildRule({ rule: "nope" })).toThrow(RuleDescriptorError);
    expect(() => buildRule({ rule: "toString" })).toThrow(/unknown rule/);
    expect(() => buildRule({ rule: "min", params: ["6"] })).toThrow(/bad parameters for "min"/);
    expect(() => buildRule({ rule: "regex", params: ["(["] })).toThrow(RuleDescriptorError);
    expect(() => buildRule({ rule: "or", params: [] })).toThrow(RuleDescriptorError);
    expect(() => buildRule({ rule: "not", params: ["x"] })).toThrow(RuleDescriptorError);
    expect(() => buildRule({ rule: "dateCompare", params: ["around", "2000-1-1"] })).toThrow(
      RuleDescriptorError,
    );
    expect(() => buildRule(null as never)).toThrow(/not a rule descriptor/);
  });

  it("dateCompare descriptors build the named comparison", () => {
    const rule = buildRule({ rule: "dateCompare", params: ["before", "2000-1-1"] });
    expect(describeRule(rule)).toEqual({ rule: "before", params: ["2000-1-1"] });
    expect(rule("1999-12-31", ctx)).toBeNull();
  });
});
