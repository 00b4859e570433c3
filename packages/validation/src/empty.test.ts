import { describe, expect, it } from "vitest";
import { buildRule, RULE_IDS } from "./descriptor";
import type { RuleDescriptor } from "./rule";
import { makeContext } from "./validate";

/** A descriptor with valid parameters for every rule id. */
const SAMPLES: Record<string, RuleDescriptor> = {
  required: { rule: "required" },
  min: { rule: "min", params: [2] },
  max: { rule: "max", params: [2] },
  length: { rule: "length", params: [3] },
  between: { rule: "between", params: [1, 5] },
  digits: { rule: "digits", params: [4] },
  regex: { rule: "regex", params: ["^x$"] },
  url: { rule: "url" },
  ip: { rule: "ip" },
  email: { rule: "email" },
  sameAs: { rule: "sameAs", params: ["password"] },
  alpha: { rule: "alpha" },
  alphaNum: { rule: "alphaNum" },
  numeric: { rule: "numeric" },
  integer: { rule: "integer" },
  decimal: { rule: "decimal" },
  minAge: { rule: "minAge", params: [18] },
  maxAge: { rule: "maxAge", params: [100] },
  or: { rule: "or", params: [{ rule: "email" }, { rule: "phone" }] },
  and: { rule: "and", params: [{ rule: "digits" }, { rule: "min", params: [4] }] },
  not: { rule: "not", params: [{ rule: "digits" }] },
  countryCode: { rule: "countryCode" },
  languageCode: { rule: "languageCode" },
  phone: { rule: "phone" },
  lowercase: { rule: "lowercase" },
  uppercase: { rule: "uppercase" },
  truthy: { rule: "truthy" },
  falsy: { rule: "falsy" },
  date: { rule: "date" },
  after: { rule: "after", params: ["2000-1-1"] },
  afterOrEqual: { rule: "afterOrEqual", params: ["2000-1-1"] },
  before: { rule: "before", params: ["2000-1-1"] },
  beforeOrEqual: { rule: "beforeOrEqual", params: ["2000-1-1"] },
  dateCompare: { rule: "dateCompare", params: ["after", "not a date"] },
  slug: { rule: "slug" },
  array: { rule: "array" },
  booleanLike: { rule: "booleanLike" },
  cpf: { rule: "cpf" },
};

const REUSABLE = [
  "countryCode",
  "languageCode",
  "phone",
  "lowercase",
  "uppercase",
  "truthy",
  "falsy",
  "date",
  "after",
  "afterOrEqual",
  "before",
  "beforeOrEqual",
  "slug",
  "array",
  "booleanLike",
];

const ctx = makeContext({ values: { password: "secret" } });

describe("empty values", () => {
  it("every rule id has a sample here", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...RULE_IDS].sort());
  });

  it.each(REUSABLE)("VR-21 reusable rule %s passes on undefined, null and ''", (id) => {
    const rule = buildRule(SAMPLES[id]!);
    for (const empty of [undefined, null, ""]) expect(rule(empty, ctx)).toBeNull();
  });

  it.each(RULE_IDS.filter((id) => id !== "required"))(
    "VR-21 generic rule %s passes on an empty value too (only required acts on empty)",
    (id) => {
      const rule = buildRule(SAMPLES[id]!);
      for (const empty of [undefined, null, ""]) expect(rule(empty, ctx)).toBeNull();
    },
  );

  it("VR-21 only required fails on an empty value", () => {
    const rule = buildRule(SAMPLES.required!);
    for (const empty of [undefined, null, ""]) expect(rule(empty, ctx)?.rule).toBe("required");
  });
});
