import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineRule, makeIssue, type Rule } from "../rule";
import { makeContext } from "../validate";
import { and, not, or } from "./combinators";
import { email } from "./network";
import { phone } from "./phone";
import { min } from "./size";
import { digits } from "./text";

const ctx = makeContext();

/** A rule that passes exactly for the values in `accepted`. */
const oneOf = (name: string, accepted: ReadonlySet<number>): Rule =>
  defineRule(name, [], (value) =>
    accepted.has(value as number) ? null : makeIssue(name, { param: name }),
  );

const ruleSets = fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 10 }), {
  minLength: 1,
  maxLength: 5,
});

describe("combinators", () => {
  it("VR-38 or: an e-mail or a phone number", () => {
    const login = or(email, phone);
    expect(login("player@example.com", ctx)).toBeNull();
    expect(login("+5511961234567", ctx)).toBeNull();
    expect(login("neither", ctx)).toEqual({ rule: "or", key: "or", params: {} });
  });

  it("VR-38 and: reports the first failing rule's own issue", () => {
    const pin = and(digits(), min(4));
    expect(pin("1234", ctx)).toBeNull();
    expect(pin("12a4", ctx)?.rule).toBe("digits");
    expect(pin("123", ctx)).toEqual({ rule: "min", key: "min", params: { min: 4 } });
  });

  it("VR-38 not: passes when the inner rule fails", () => {
    const notDigits = not(digits());
    expect(notDigits("abc", ctx)).toBeNull();
    expect(notDigits("123", ctx)).toEqual({ rule: "not", key: "not", params: {} });
    expect(notDigits("", ctx)).toBeNull();
  });

  it("combinators refuse an empty rule list", () => {
    expect(() => or()).toThrow(TypeError);
    expect(() => and()).toThrow(TypeError);
  });

  it("VR-38 property: or/and/not follow boolean logic over their rules", () => {
    fc.assert(
      fc.property(ruleSets, fc.integer({ min: 0, max: 9 }), (sets, value) => {
        const rules = sets.map((set, i) => oneOf(`r${i}`, new Set(set)));
        const results = rules.map((rule) => rule(value, ctx) === null);
        expect(or(...rules)(value, ctx) === null).toBe(results.some(Boolean));
        expect(and(...rules)(value, ctx) === null).toBe(results.every(Boolean));
        expect(not(rules[0]!)(value, ctx) === null).toBe(!results[0]);
        // De Morgan: not(or(a, b)) ≡ and(not(a), not(b))
        expect(not(or(...rules))(value, ctx) === null).toBe(
          and(...rules.map((rule) => not(rule)))(value, ctx) === null,
        );
        // double negation
        expect(not(not(rules[0]!))(value, ctx) === null).toBe(results[0]);
      }),
    );
  });

  it("property: and reports exactly the first failing rule's issue", () => {
    fc.assert(
      fc.property(ruleSets, fc.integer({ min: 0, max: 9 }), (sets, value) => {
        const rules = sets.map((set, i) => oneOf(`r${i}`, new Set(set)));
        const firstFailure = rules.map((rule) => rule(value, ctx)).find((issue) => issue !== null);
        expect(and(...rules)(value, ctx)).toEqual(firstFailure ?? null);
      }),
    );
  });
});
