// Form fields bound to react-hook-form through a Controller, shared by the registration and
// profile forms (their values are strings: checkboxes "1" or "", selects the option value).
import type { ReactNode } from "react";
import { type Control, Controller } from "react-hook-form";
import { CheckboxField, SearchableSelect } from "./fields";

type StringValues = Record<string, string>;

interface BoundProps {
  control: Control<StringValues>;
  name: string;
  label: string;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
}

/** A checkbox whose value is "1" when checked and "" when not (SU-20). */
export function FlagCheckbox({
  control,
  name,
  label,
  required,
  error,
  disabled,
  after,
}: BoundProps & { after?: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CheckboxField
          name={name}
          label={label}
          required={required}
          error={error}
          disabled={disabled}
          checked={field.value === "1"}
          onChange={(event) => field.onChange(event.target.checked ? "1" : "")}
          onBlur={field.onBlur}
          ref={field.ref}
          after={after}
        />
      )}
    />
  );
}

/** A dropdown searchable by its labels (SU-17: countries by name, currencies by code). */
export function BoundSearchableSelect({
  control,
  name,
  label,
  required,
  error,
  disabled,
  searchLabel,
  placeholder,
  options,
}: BoundProps & {
  searchLabel: string;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SearchableSelect
          name={name}
          label={label}
          searchLabel={searchLabel}
          required={required}
          error={error}
          disabled={disabled}
          placeholder={placeholder}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          options={options}
        />
      )}
    />
  );
}
