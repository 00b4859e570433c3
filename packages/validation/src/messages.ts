import type { MessageParams, ValidationIssue } from "./rule";

/** Message texts keyed by rule id (or rule variant key), with `{min}`, `{max}`, `{param}` placeholders. */
export type MessageTable = Readonly<Record<string, string>>;

/**
 * The default English messages. Site content (`validationMessages`) overrides any of them by
 * passing its own table to `validateField` / `validateForm`; a missing key falls back here.
 * The generic ones keep the wording players already know from the original site (VR-39).
 */
export const DEFAULT_MESSAGES: MessageTable = Object.freeze({
  required: "Value is required",
  min: "This field should be at least {min} characters long",
  max: "The maximum length allowed is {max}",
  minValue: "The minimum value allowed is {min}",
  maxValue: "The maximum value allowed is {max}",
  length: "This field should be exactly {param} characters long",
  digits: "Value must contain digits only",
  digitsLength: "Value must be exactly {param} digits",
  regex: "The value format is invalid",
  url: "The value is not a valid URL address",
  ip: "The value is not a valid IP address",
  email: "Value is not a valid email address",
  sameAs: "The value must be equal to the {param} value",
  alpha: "The value is not alphabetical",
  alphaNum: "The value must be alpha-numeric",
  numeric: "Value must be numeric",
  integer: "Value is not an integer",
  decimal: "Value must be decimal",
  between: "The value must be between {min} and {max}",
  minAge: "The minimum age allowed is {min}",
  maxAge: "The maximum age allowed is {max}",
  or: "The value does not match any of the provided validators",
  not: "The value does not match the provided validator",
  countryCode: "The value must be a two-letter country code",
  languageCode: "The value must be a two-letter language code",
  phone: "The value is not a valid phone number",
  lowercase: "The value must be lowercase",
  uppercase: "The value must be uppercase",
  truthy: "The value must be one of yes, on, 1, true",
  falsy: "The value must be one of no, off, 0, false",
  date: "The value is not a valid date",
  after: "The date must be after {param}",
  afterOrEqual: "The date must be after or equal to {param}",
  before: "The date must be before {param}",
  beforeOrEqual: "The date must be before or equal to {param}",
  slug: "The value may only contain letters, digits, underscores and hyphens",
  array: "The value must be a list",
  booleanLike: "The value must be true or false",
  cpf: "The value is not a valid CPF number",
});

/** Replaces `{name}` placeholders with `params.name`; unknown placeholders stay as written. */
export function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The text of an issue. Lookup order: the caller's table by variant key, then by rule id, then
 * the default table the same way, and finally the bare rule id (never an empty message).
 */
export function formatIssue(issue: ValidationIssue, messages: MessageTable = {}): string {
  const template =
    pick(messages, issue.key) ??
    pick(messages, issue.rule) ??
    pick(DEFAULT_MESSAGES, issue.key) ??
    pick(DEFAULT_MESSAGES, issue.rule) ??
    issue.rule;
  return interpolate(template, issue.params);
}

function pick(table: MessageTable, key: string): string | undefined {
  const text = Object.hasOwn(table, key) ? table[key] : undefined;
  return typeof text === "string" && text !== "" ? text : undefined;
}
