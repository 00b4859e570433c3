import { defineRule, makeIssue, type Rule, readPath } from "../rule";

/**
 * The value equals (strictly) the value of another field of the form, read from `ctx.values`
 * by name or dot path. Like every rule but `required`, it passes on an empty value, so pair it
 * with `required` for confirmation fields.
 */
export function sameAs(field: string): Rule {
  if (typeof field !== "string" || field === "") {
    throw new TypeError("sameAs: expected the name of the other field");
  }
  return defineRule("sameAs", [field], (value, ctx) =>
    value === readPath(ctx.values, field) ? null : makeIssue("sameAs", { param: field }),
  );
}
