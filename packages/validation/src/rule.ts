/**
 * The shape every validation rule shares, on the web and on the server.
 *
 * A rule is a plain function `(value, ctx) => ValidationIssue | null` carrying its `id` and its
 * serialisable `params`, so that a rule can be described (see `describeRule` in descriptor.ts),
 * sent as JSON and rebuilt with identical behaviour on the other side.
 */

/** Values a message placeholder (`{min}`, `{max}`, `{param}`) can take. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Why a value failed one rule. Turned into text by `formatIssue` (messages.ts). */
export interface ValidationIssue {
  /** Id of the rule that failed (`"required"`, `"min"`, ...). */
  readonly rule: string;
  /**
   * Key of the message table to use. Usually the rule id; a rule with several meanings uses a
   * variant (`min` on a number reports `minValue`), and the message table falls back to the
   * rule id when it has no entry for the variant.
   */
  readonly key: string;
  /** Placeholder values for the message. */
  readonly params: MessageParams;
}

/** What a rule may look at besides the value. */
export interface RuleContext {
  /** All values of the form, for rules that compare fields (`sameAs`). Dot paths reach nested objects. */
  readonly values: Readonly<Record<string, unknown>>;
  /** The current instant, for age rules. Injected so that server and tests are deterministic. */
  readonly now: Date;
}

/** A serialisable rule parameter: JSON scalars, arrays, or nested rule descriptors (combinators). */
export type RuleParam = string | number | boolean | null | RuleDescriptor | readonly RuleParam[];

/** The JSON form of a rule: `{ rule: "min", params: [6] }`. */
export interface RuleDescriptor {
  readonly rule: string;
  readonly params?: readonly RuleParam[];
}

export interface Rule {
  (value: unknown, ctx: RuleContext): ValidationIssue | null;
  readonly id: string;
  readonly params: readonly RuleParam[];
}

/**
 * Makes a rule from its id, params and test. The test is not called for an empty value
 * (`undefined`, `null`, `""`): every rule except `required` passes on empty, so optional fields
 * stay optional and `required` alone decides presence. Pass `{ runOnEmpty: true }` to opt out.
 */
export function defineRule(
  id: string,
  params: readonly RuleParam[],
  test: (value: unknown, ctx: RuleContext) => ValidationIssue | null,
  options: { runOnEmpty?: boolean } = {},
): Rule {
  const rule = (value: unknown, ctx: RuleContext) =>
    !options.runOnEmpty && isEmptyValue(value) ? null : test(value, ctx);
  return Object.assign(rule, { id, params: Object.freeze([...params]) });
}

/** A rule built from a boolean predicate that reports `{ rule: id, key, params }` when false. */
export function predicateRule(
  id: string,
  params: readonly RuleParam[],
  predicate: (value: unknown, ctx: RuleContext) => boolean,
  issue: { key?: string; params?: MessageParams } = {},
): Rule {
  return defineRule(id, params, (value, ctx) =>
    predicate(value, ctx) ? null : makeIssue(id, issue.params ?? {}, issue.key),
  );
}

export function makeIssue(
  rule: string,
  params: MessageParams = {},
  key: string = rule,
): ValidationIssue {
  return { rule, key, params };
}

/** The empty values on which every rule but `required` passes. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * The text form of a scalar value, or null for values that have none (objects, arrays,
 * symbols, functions, non-finite numbers). Rules about text use it, so `5` and `"5"` agree.
 */
export function scalarText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  return null;
}

/** Reads `values[path]`, or walks a dot path (`fields.wallet_id`) when there is no such key. */
export function readPath(values: Readonly<Record<string, unknown>>, path: string): unknown {
  if (Object.hasOwn(values, path)) return values[path];
  let current: unknown = values;
  for (const segment of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The JSON form of a rule; `buildRule` (descriptor.ts) turns it back into the same rule. */
export function describeRule(rule: Rule): RuleDescriptor {
  return rule.params.length === 0 ? { rule: rule.id } : { rule: rule.id, params: rule.params };
}
