import { describeRule, type Rule, type RuleDescriptor, type RuleParam } from "./rule";
import { and, not, or } from "./rules/combinators";
import { cpf } from "./rules/cpf";
import {
  after,
  afterOrEqual,
  before,
  beforeOrEqual,
  DATE_COMPARISONS,
  type DateComparison,
  date,
  dateCompare,
  maxAge,
  minAge,
} from "./rules/date";
import { array, booleanLike, falsy, truthy } from "./rules/flags";
import { email, ip, url } from "./rules/network";
import { decimal, integer, numeric } from "./rules/number";
import { phone } from "./rules/phone";
import { required } from "./rules/required";
import { sameAs } from "./rules/same-as";
import { between, length, max, min } from "./rules/size";
import {
  alpha,
  alphaNum,
  countryCode,
  digits,
  languageCode,
  lowercase,
  regex,
  slug,
  uppercase,
} from "./rules/text";
import type { SchemaMap } from "./validate";

/** A descriptor that names no known rule, or gives it wrong parameters. */
export class RuleDescriptorError extends Error {
  override readonly name = "RuleDescriptorError";
  constructor(
    message: string,
    readonly descriptor: unknown,
  ) {
    super(message);
  }
}

type Factory = (params: readonly RuleParam[]) => Rule;

const constant =
  (rule: Rule): Factory =>
  () =>
    rule;

const FACTORIES: Readonly<Record<string, Factory>> = {
  required: constant(required),
  min: (p) => min(numberParam(p, 0)),
  max: (p) => max(numberParam(p, 0)),
  length: (p) => length(numberParam(p, 0)),
  between: (p) => between(numberParam(p, 0), numberParam(p, 1)),
  digits: (p) => digits(p.length === 0 ? undefined : numberParam(p, 0)),
  regex: (p) => regex(stringParam(p, 0), p.length > 1 ? stringParam(p, 1) : undefined),
  url: constant(url),
  ip: (p) => ip(p.length === 0 ? undefined : (numberParam(p, 0) as 4 | 6)),
  email: constant(email),
  sameAs: (p) => sameAs(stringParam(p, 0)),
  alpha: constant(alpha),
  alphaNum: constant(alphaNum),
  numeric: constant(numeric),
  integer: constant(integer),
  decimal: constant(decimal),
  minAge: (p) => minAge(numberParam(p, 0)),
  maxAge: (p) => maxAge(numberParam(p, 0)),
  or: (p) => or(...p.map(childRule)),
  and: (p) => and(...p.map(childRule)),
  not: (p) => not(childRule(p[0])),
  countryCode: constant(countryCode),
  languageCode: constant(languageCode),
  phone: constant(phone),
  lowercase: constant(lowercase),
  uppercase: constant(uppercase),
  truthy: constant(truthy),
  falsy: constant(falsy),
  date: constant(date),
  after: (p) => after(dateParam(p, 0)),
  afterOrEqual: (p) => afterOrEqual(dateParam(p, 0)),
  before: (p) => before(dateParam(p, 0)),
  beforeOrEqual: (p) => beforeOrEqual(dateParam(p, 0)),
  dateCompare: (p) => dateCompare(comparisonParam(p, 0), dateParam(p, 1)),
  slug: constant(slug),
  array: constant(array),
  booleanLike: constant(booleanLike),
  cpf: constant(cpf),
};

/** Every rule id a descriptor may name. */
export const RULE_IDS: readonly string[] = Object.freeze(Object.keys(FACTORIES));

/**
 * Builds the rule a descriptor names: `{ rule: "min", params: [6] }` → `min(6)`. Combinators
 * take descriptors as params: `{ rule: "or", params: [{ rule: "email" }, { rule: "phone" }] }`.
 * Descriptors come from our own server, so a wrong one is a bug: it throws `RuleDescriptorError`.
 */
export function buildRule(descriptor: RuleDescriptor): Rule {
  if (!isRuleDescriptor(descriptor)) {
    throw new RuleDescriptorError("not a rule descriptor", descriptor);
  }
  const factory = Object.hasOwn(FACTORIES, descriptor.rule)
    ? FACTORIES[descriptor.rule]
    : undefined;
  if (!factory) throw new RuleDescriptorError(`unknown rule "${descriptor.rule}"`, descriptor);
  try {
    return factory(descriptor.params ?? []);
  } catch (error) {
    if (error instanceof RuleDescriptorError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuleDescriptorError(`bad parameters for "${descriptor.rule}": ${reason}`, descriptor);
  }
}

export function buildRules(descriptors: readonly RuleDescriptor[]): Rule[] {
  return descriptors.map(buildRule);
}

/** Field → descriptors, as the server sends them, into a schema for `validateForm`. */
export function buildSchema(
  descriptors: Readonly<Record<string, readonly RuleDescriptor[]>>,
): SchemaMap {
  return Object.fromEntries(
    Object.entries(descriptors).map(([field, list]) => [field, buildRules(list)]),
  );
}

export function describeRules(rules: readonly Rule[]): RuleDescriptor[] {
  return rules.map(describeRule);
}

/** The JSON form of a schema, for the server to send (`buildSchema` reverses it). */
export function describeSchema(schema: SchemaMap): Record<string, RuleDescriptor[]> {
  return Object.fromEntries(
    Object.entries(schema).map(([field, rules]) => [field, describeRules(rules)]),
  );
}

export function isRuleDescriptor(value: unknown): value is RuleDescriptor {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { rule, params } = value as { rule?: unknown; params?: unknown };
  return typeof rule === "string" && (params === undefined || Array.isArray(params));
}

function childRule(param: RuleParam | undefined): Rule {
  if (!isRuleDescriptor(param)) throw new TypeError("expected a rule descriptor");
  return buildRule(param);
}

function numberParam(params: readonly RuleParam[], index: number): number {
  const param = params[index];
  if (typeof param !== "number") throw new TypeError(`parameter ${index + 1} must be a number`);
  return param;
}

function stringParam(params: readonly RuleParam[], index: number): string {
  const param = params[index];
  if (typeof param !== "string") throw new TypeError(`parameter ${index + 1} must be a string`);
  return param;
}

function dateParam(params: readonly RuleParam[], index: number): number | string {
  const param = params[index];
  if (typeof param !== "number" && typeof param !== "string") {
    throw new TypeError(`parameter ${index + 1} must be a timestamp or YYYY-M-D text`);
  }
  return param;
}

function comparisonParam(params: readonly RuleParam[], index: number): DateComparison {
  const param = params[index];
  if (!DATE_COMPARISONS.includes(param as DateComparison)) {
    throw new TypeError(`parameter ${index + 1} must be one of ${DATE_COMPARISONS.join(", ")}`);
  }
  return param as DateComparison;
}
