import { formatIssue, type MessageTable } from "./messages";
import { type Rule, type RuleContext, readPath, type ValidationIssue } from "./rule";

/** Rules per field name (or dot path into nested values, e.g. `fields.wallet_id`). */
export type SchemaMap = Readonly<Record<string, readonly Rule[]>>;

/** Field name → messages: the shape of a 422 `error.fields` (BE-02). */
export type FieldErrors = Record<string, string[]>;

export interface ValidateOptions {
  /** The whole form, for rules comparing fields (`sameAs`). `validateForm` passes its values. */
  readonly values?: Readonly<Record<string, unknown>>;
  /** Site content messages overriding the defaults, keyed by rule id (`required`, `min`, ...). */
  readonly messages?: MessageTable;
  /** The current instant for age rules; defaults to the real clock. */
  readonly now?: Date | number;
}

export function makeContext(options: ValidateOptions = {}): RuleContext {
  const now = options.now === undefined ? new Date() : new Date(options.now);
  return { values: options.values ?? {}, now };
}

/** Every issue of a value, in rule order. */
export function collectIssues(
  value: unknown,
  rules: readonly Rule[],
  ctx: RuleContext,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const rule of rules) {
    const issue = rule(value, ctx);
    if (issue) issues.push(issue);
  }
  return issues;
}

/** The messages of every failing rule, in rule order; empty when the value is valid. */
export function validateField(
  value: unknown,
  rules: readonly Rule[],
  options: ValidateOptions = {},
): string[] {
  return collectIssues(value, rules, makeContext(options)).map((issue) =>
    formatIssue(issue, options.messages),
  );
}

/**
 * Checks every field of the schema against `values` and returns only the failing fields, so an
 * empty object means valid and a non-empty one is ready to send as a 422 `error.fields`.
 * Fields in `values` that the schema does not name are ignored.
 */
export function validateForm(
  values: Readonly<Record<string, unknown>>,
  schema: SchemaMap,
  options: Omit<ValidateOptions, "values"> = {},
): FieldErrors {
  const ctx = makeContext({ ...options, values });
  const errors: FieldErrors = {};
  for (const [field, rules] of Object.entries(schema)) {
    const messages = collectIssues(readPath(values, field), rules, ctx).map((issue) =>
      formatIssue(issue, options.messages),
    );
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}

/** True when `validateForm` found nothing. */
export function isFormValid(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}

/**
 * Fields whose rules read another field (`sameAs`, also inside combinators), by the field they
 * read: `{ password: ["password_confirmation"] }`. A form re-validates those when the read field
 * changes (VR-03).
 */
export function dependentFields(schema: SchemaMap): Record<string, string[]> {
  const dependents: Record<string, string[]> = {};
  for (const [field, rules] of Object.entries(schema)) {
    for (const read of fieldsReadBy(rules)) {
      const list = dependents[read] ?? [];
      if (!list.includes(field)) list.push(field);
      dependents[read] = list;
    }
  }
  return dependents;
}

function fieldsReadBy(rules: readonly { id: string; params: readonly unknown[] }[]): string[] {
  const read: string[] = [];
  const visit = (id: string, params: readonly unknown[]) => {
    if (id === "sameAs" && typeof params[0] === "string") read.push(params[0]);
    for (const param of params) {
      if (isDescriptorLike(param)) visit(param.rule, param.params ?? []);
    }
  };
  for (const rule of rules) visit(rule.id, rule.params);
  return read;
}

function isDescriptorLike(value: unknown): value is { rule: string; params?: readonly unknown[] } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { rule?: unknown }).rule === "string"
  );
}
