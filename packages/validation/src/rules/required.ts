import { defineRule, makeIssue, type Rule } from "../rule";

/**
 * Fails on `undefined`, `null`, a blank string (spaces only), an empty array and an object
 * without keys. `false` and `0` count as given values (an unticked checkbox is still a value;
 * use `truthy` to demand a ticked one).
 */
export const required: Rule = defineRule(
  "required",
  [],
  (value) => (isPresent(value) ? null : makeIssue("required")),
  { runOnEmpty: true },
);

export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}
