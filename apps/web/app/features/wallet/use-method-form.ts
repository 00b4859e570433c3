// react-hook-form for a payment method's form: the amount plus the method's fields, checked with
// packages/validation's method-field rules (WR-14…WR-18) and messages from site content (WR-25).
import { methodFieldsSchema } from "@casino/validation/method-fields";
import { validateForm } from "@casino/validation/validate";
import { useEffect, useMemo, useRef } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { contentMessages } from "../../forms/rules-resolver";
import type { ApiError } from "../../lib/api/api-error";
import { useSite } from "../../lib/site";
import type { FieldValues } from "./method-fields";
import { CRYPTO_NETWORK, networkCode } from "./wallet-rules";
import type { MethodField, MethodFieldOption } from "./wallet-types";

export function networkOptions(fields: readonly MethodField[]) {
  const field = fields.find((item) => item.key === CRYPTO_NETWORK);
  return (field?.options ?? []).map((option, index) => ({
    code: networkCode(option, index),
    option,
  }));
}

export function selectedNetwork(
  fields: readonly MethodField[],
  code: string | undefined,
): MethodFieldOption | null {
  return networkOptions(fields).find((item) => item.code === code)?.option ?? null;
}

/**
 * `amountError(values)` adds the amount's own rule (deposit: none, the button clamps; withdraw:
 * min, max and the withdrawable balance).
 */
export function useMethodForm(
  fields: readonly MethodField[],
  defaults: FieldValues,
  amountError?: (values: FieldValues) => string | null,
) {
  const { content } = useSite();
  const messages = useMemo(() => contentMessages(content), [content]);
  const amountRule = useRef(amountError);
  amountRule.current = amountError;
  const resolver = useMemo<Resolver<FieldValues>>(
    () => async (values) => {
      const network = selectedNetwork(fields, values[CRYPTO_NETWORK]);
      const schema = methodFieldsSchema(fields, { network });
      const failures = validateForm(values, schema, { messages });
      const errors: Record<string, { type: string; message: string }> = {};
      for (const [name, list] of Object.entries(failures)) {
        errors[name] = { type: "rules", message: list[0] ?? "" };
      }
      const amount = amountRule.current?.(values);
      if (amount) errors.amount = { type: "rules", message: amount };
      return Object.keys(errors).length === 0
        ? { values, errors: {} }
        : { values: {}, errors: errors as never };
    },
    [fields, messages],
  );
  const form = useForm<FieldValues>({ mode: "onChange", resolver, defaultValues: defaults });
  // WR-21: prefilled invalid fields are marked touched, so their error shows at once.
  useEffect(() => {
    const prefilled = fields.filter((field) => field.value).map((field) => field.key);
    if (prefilled.length > 0) void form.trigger(prefilled);
  }, [fields, form]);
  return form;
}

/**
 * For visibleFields: whether a field counts as valid. A prefilled value that breaks the field's
 * rules keeps the field shown from the first render (WR-21): the validation that marks it runs
 * only after that render, and a hidden field must not wait for it to appear.
 */
export function useFieldValidity(
  fields: readonly MethodField[],
  errors: Readonly<Record<string, unknown>>,
): (field: MethodField) => boolean {
  const invalidWhenPrefilled = useMemo(() => {
    const values = initialValues(fields, "");
    const network = selectedNetwork(fields, values[CRYPTO_NETWORK]);
    const failures = validateForm(values, methodFieldsSchema(fields, { network }));
    return new Set(fields.filter((field) => field.value && failures[field.key]).map((f) => f.key));
  }, [fields]);
  return (field) => !errors[field.key] && !invalidWhenPrefilled.has(field.key);
}

/** Puts a 422's `error.fields` on the form (`fields.iban` → `iban`); returns the rest. */
export function serverFieldErrors(
  error: ApiError,
  known: readonly string[],
  setError: (name: string, error: { type: string; message: string }) => void,
): string[] {
  const rest: string[] = [];
  for (const [path, list] of Object.entries(error.fields)) {
    const name = path.startsWith("fields.") ? path.slice("fields.".length) : path;
    const message = list[0] ?? error.message;
    if (known.includes(name)) setError(name, { type: "server", message });
    else rest.push(message);
  }
  return rest;
}

export function initialValues(fields: readonly MethodField[], amount: string): FieldValues {
  const values: FieldValues = { amount };
  for (const field of fields) {
    if (field.key === CRYPTO_NETWORK) {
      values[field.key] = networkOptions(fields)[0]?.code ?? "";
    } else values[field.key] = field.value ?? "";
  }
  return values;
}

/** The values to send as `fields`: every method field, the network code included. */
export function methodFieldValues(fields: readonly MethodField[], values: FieldValues) {
  const result: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value) result[field.key] = value;
  }
  return result;
}
