import { defineRule, describeRule, makeIssue, type Rule } from "../rule";

/** Passes when at least one rule passes. Reports its own `or` issue otherwise. */
export function or(...rules: readonly Rule[]): Rule {
  assertRules("or", rules);
  return defineRule("or", rules.map(describeRule), (value, ctx) =>
    rules.some((rule) => rule(value, ctx) === null) ? null : makeIssue("or"),
  );
}

/**
 * Passes when every rule passes. Reports the first failing rule's own issue, which says more
 * than a generic "does not match all" text.
 */
export function and(...rules: readonly Rule[]): Rule {
  assertRules("and", rules);
  return defineRule("and", rules.map(describeRule), (value, ctx) => {
    for (const rule of rules) {
      const issue = rule(value, ctx);
      if (issue) return issue;
    }
    return null;
  });
}

/** Passes when the rule fails. Passes on an empty value like any rule, so `not(x)` stays optional. */
export function not(rule: Rule): Rule {
  assertRules("not", [rule]);
  return defineRule("not", [describeRule(rule)], (value, ctx) =>
    rule(value, ctx) === null ? makeIssue("not") : null,
  );
}

function assertRules(name: string, rules: readonly Rule[]): void {
  if (rules.length === 0 || !rules.every((rule) => typeof rule === "function")) {
    throw new TypeError(`${name}: expected one or more rules`);
  }
}
