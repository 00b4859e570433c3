// react-hook-form validation from packages/validation (DESIGN "Web app"): the rules of a form are
// built at run time from descriptors (the server's field descriptors, or the sign-in and §5 field
// rules), checked with validateForm, with messages from site content.
import { buildSchema } from "@casino/validation/descriptor";
import type { MessageTable } from "@casino/validation/messages";
import type { RuleDescriptor } from "@casino/validation/rule";
import { type SchemaMap, validateForm } from "@casino/validation/validate";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

export function schemaFrom(descriptors: Readonly<Record<string, readonly RuleDescriptor[]>>) {
  return buildSchema(descriptors);
}

/** A resolver that checks every field of the schema (the whole form, so sameAs sees its peer). */
export function rulesResolver<T extends FieldValues>(
  schema: SchemaMap,
  messages: MessageTable,
): Resolver<T> {
  return async (values) => {
    const failures = validateForm(values as Record<string, unknown>, schema, { messages });
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, list] of Object.entries(failures)) {
      errors[name] = { type: "rules", message: list[0] ?? "" };
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}

/**
 * The message table from content `modals.validationMessages` (string entries; `same` also
 * names the sameAs rule), with an optional subgroup on top (sign-in: `login`).
 */
export function contentMessages(
  content: Record<string, Record<string, unknown>>,
  subgroup?: string,
): MessageTable {
  const group = content.modals?.validationMessages;
  const table: Record<string, string> = {};
  const take = (source: unknown) => {
    if (!source || typeof source !== "object") return;
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === "string" && value) table[key] = value;
    }
  };
  take(group);
  if (table.same && !table.sameAs) table.sameAs = table.same;
  if (subgroup && group && typeof group === "object") {
    take((group as Record<string, unknown>)[subgroup]);
  }
  return table;
}
