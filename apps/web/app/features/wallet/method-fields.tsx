// The method's own fields (spec §3 "Method field", WR-14…WR-20): label and hint by locale with
// en fallback, text / textarea / select controls named by the field key.
import type { ComponentProps } from "react";
import type { UseFormRegister } from "react-hook-form";
import { errorProps, FieldFrame } from "../../forms/fields";
import { useSite } from "../../lib/site";
import { localized } from "./wallet-rules";
import type { MethodField } from "./wallet-types";

export type FieldValues = Record<string, string>;

export function MethodFieldControl({
  field,
  register,
  error,
  disabled,
}: {
  field: MethodField;
  register: UseFormRegister<FieldValues>;
  error?: string;
  disabled?: boolean;
}) {
  const { locale } = useSite();
  const id = `wallet-field-${field.key}`;
  const label = localized(field.labels, locale) || field.key;
  const hintText = localized(field.hints, locale);
  const hint = hintText ? (
    <p className="wallet-hint" id={`${id}-hint`}>
      {hintText}
    </p>
  ) : null;
  const common = {
    ...errorProps(id, error, field.isRequired),
    className: "modal-form__input",
    disabled,
    "aria-describedby":
      [error ? `${id}-error` : null, hintText ? `${id}-hint` : null].filter(Boolean).join(" ") ||
      undefined,
  };
  const registered = register(field.key);
  let control: ComponentProps<"input">["children"];
  if (field.fieldType === "select") {
    control = (
      <select {...common} {...registered}>
        <option value="" />
        {field.options.map((option, index) => (
          <option key={option.id ?? `option-${index}`} value={option.id ?? option.name}>
            {option.name}
          </option>
        ))}
      </select>
    );
  } else if (field.fieldType === "textarea") {
    control = <textarea {...common} rows={3} {...registered} />;
  } else {
    control = <input {...common} type="text" autoComplete="off" {...registered} />;
  }
  return (
    <FieldFrame id={id} label={label} required={field.isRequired} error={error} hint={hint}>
      {control}
    </FieldFrame>
  );
}
