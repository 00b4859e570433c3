import { buildRules } from "./descriptor";
import type { RuleDescriptor } from "./rule";
import type { SchemaMap } from "./validate";

/** A payment-method field as the methods call gives it (spec §3 "Method field"). */
export interface MethodFieldSpec {
  readonly key: string;
  readonly isRequired?: boolean;
  /** A JavaScript regular expression source, or `/source/flags`. */
  readonly regexp?: string | null;
}

/** The selected crypto network (an `options` item of the `crypto_network` field). */
export interface NetworkSpec {
  readonly regex?: string | null;
}

/**
 * Rules of one payment-method field (WR-14..WR-17): `required` when isRequired; the phone rule for
 * `phone`, the CPF rule for `cpf_number`; `wallet_id` is always required and checked against the
 * selected network's regex (its own regexp while no network is selected); any other field against
 * its own regexp when it has one.
 */
export function methodFieldDescriptors(
  field: MethodFieldSpec,
  network?: NetworkSpec | null,
): RuleDescriptor[] {
  const rules: RuleDescriptor[] = [];
  if (field.isRequired || field.key === "wallet_id") rules.push({ rule: "required" });
  if (field.key === "phone") rules.push({ rule: "phone" });
  else if (field.key === "cpf_number") rules.push({ rule: "cpf" });
  else {
    const pattern = field.key === "wallet_id" && network?.regex ? network.regex : field.regexp;
    if (pattern) rules.push({ rule: "regex", params: [pattern] });
  }
  return rules;
}

/** Rules of all fields of a method, keyed by `prefix + key` (e.g. prefix "fields."). */
export function methodFieldsSchema(
  fields: readonly MethodFieldSpec[],
  options: { network?: NetworkSpec | null; prefix?: string } = {},
): SchemaMap {
  return Object.fromEntries(
    fields.map((field) => [
      `${options.prefix ?? ""}${field.key}`,
      buildRules(methodFieldDescriptors(field, options.network)),
    ]),
  );
}
