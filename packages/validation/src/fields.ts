import { buildRules } from "./descriptor";
import type { RuleDescriptor } from "./rule";
import type { SchemaMap } from "./validate";

/** Spec §9: password minimum 6, name minimum 2. */
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

const nameRules: readonly RuleDescriptor[] = [{ rule: "min", params: [NAME_MIN_LENGTH] }];

/**
 * The field rules of spec §5 by form field name (VR-01..VR-14), as descriptors so the server can
 * send them and the web can build them. Presence of other registration and profile fields comes
 * from the server's field descriptors (`isRequired`), see `formSchema`.
 */
export const FIELD_RULE_DESCRIPTORS = Object.freeze({
  password: [{ rule: "min", params: [PASSWORD_MIN_LENGTH] }],
  password_confirmation: [{ rule: "required" }, { rule: "sameAs", params: ["password"] }],
  currentPassword: [{ rule: "required" }],
  newPassword: [{ rule: "required" }, { rule: "min", params: [PASSWORD_MIN_LENGTH] }],
  repeatNewPassword: [{ rule: "required" }, { rule: "sameAs", params: ["newPassword"] }],
  firstName: nameRules,
  lastName: nameRules,
  personalIdNumber: nameRules,
  email: [{ rule: "email" }],
  phone: [{ rule: "phone" }],
  birthdate: [{ rule: "date" }],
  age: [{ rule: "integer" }],
  cpf_number: [{ rule: "cpf" }],
} satisfies Record<string, readonly RuleDescriptor[]>);

export type RuledFieldName = keyof typeof FIELD_RULE_DESCRIPTORS;

/** The §5 rule descriptors of a field; none for a field without rules (city, gender, ...). */
export function fieldRuleDescriptors(field: string): RuleDescriptor[] {
  return Object.hasOwn(FIELD_RULE_DESCRIPTORS, field)
    ? [...FIELD_RULE_DESCRIPTORS[field as RuledFieldName]]
    : [];
}

/** A field as the server's registration / profile descriptors give it. */
export interface FormFieldSpec {
  readonly name: string;
  readonly isRequired?: boolean;
}

/**
 * Descriptors for a form: each field's §5 rules, with `required` in front when the field is
 * required and does not already start with it.
 */
export function formSchemaDescriptors(
  fields: readonly FormFieldSpec[],
): Record<string, RuleDescriptor[]> {
  return Object.fromEntries(
    fields.map((field) => {
      const rules = fieldRuleDescriptors(field.name);
      const hasRequired = rules.some((rule) => rule.rule === "required");
      return [
        field.name,
        field.isRequired && !hasRequired ? [{ rule: "required" }, ...rules] : rules,
      ];
    }),
  );
}

/** `formSchemaDescriptors`, built into rules for `validateForm`. */
export function formSchema(fields: readonly FormFieldSpec[]): SchemaMap {
  return Object.fromEntries(
    Object.entries(formSchemaDescriptors(fields)).map(([name, list]) => [name, buildRules(list)]),
  );
}

export type LoginType = "email" | "phone";

/** Sign-in: password required; login required and an e-mail or a phone by login type (default e-mail). */
export function signInSchemaDescriptors(
  loginType: LoginType = "email",
): Record<"login" | "password", RuleDescriptor[]> {
  return {
    login: [{ rule: "required" }, { rule: loginType === "phone" ? "phone" : "email" }],
    password: [{ rule: "required" }],
  };
}
