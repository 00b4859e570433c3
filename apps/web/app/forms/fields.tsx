// Form controls shared by the account modals and the profile pages: every control has a label,
// required fields an asterisk (and aria-required), errors are tied to their control
// (aria-invalid, aria-describedby) and announced.
import {
  type ComponentProps,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useState,
} from "react";
import { passwordStrength } from "./password-strength";
import "./forms.css";

type FieldFrameProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
};

export function FieldFrame({ id, label, required, error, hint, children }: FieldFrameProps) {
  return (
    <div className="modal-form__field">
      <span className="form-label-row">
        <label className="modal-form__label" htmlFor={id}>
          {label}
        </label>
        {required ? (
          <span className="form-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {children}
      {hint}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {error}
    </p>
  );
}

export function errorProps(id: string, error: string | null | undefined, required?: boolean) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    "aria-required": required || undefined,
  } as const;
}

export type InputFieldProps = {
  label: string;
  name: string;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & Omit<ComponentProps<"input">, "name" | "ref">;

export function InputField({ label, required, error, hint, ref, ...input }: InputFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint}>
      <input
        ref={ref}
        className="modal-form__input"
        {...errorProps(id, error, required)}
        {...input}
      />
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  error,
  required,
  ref,
  after,
  ...input
}: {
  label: string;
  name: string;
  required?: boolean;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
  /** Shown after the label, outside it (links the label names: they must not toggle the box). */
  after?: ReactNode;
} & Omit<ComponentProps<"input">, "name" | "ref" | "type">) {
  const id = useId();
  return (
    <div className="form-check">
      <input ref={ref} type="checkbox" {...errorProps(id, error, required)} {...input} />
      <span>
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span className="form-required" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
        {after ? <span className="form-check__after"> {after}</span> : null}
      </span>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export type Option = { value: string; label: string; search?: string };

export function SelectField({
  label,
  options,
  required,
  error,
  placeholder,
  ref,
  ...select
}: {
  label: string;
  name: string;
  options: readonly Option[];
  required?: boolean;
  error?: string | null;
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
} & Omit<ComponentProps<"select">, "name" | "ref">) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <select
        ref={ref}
        className="modal-form__input"
        {...errorProps(id, error, required)}
        {...select}
      >
        <option value="">{placeholder ?? ""}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * A dropdown with a search box (SU-17): typing in "Search …" narrows the options (country by
 * name, currency by code); the selected option always stays in the list.
 */
export function SearchableSelect({
  label,
  searchLabel,
  name,
  options,
  value,
  onChange,
  onBlur,
  required,
  error,
  placeholder,
  disabled,
}: {
  label: string;
  searchLabel: string;
  name: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string | null;
  placeholder?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return options;
    return options.filter(
      (option) =>
        option.value === value || (option.search ?? option.label).toLowerCase().includes(term),
    );
  }, [options, search, value]);
  // A single match is picked as you type.
  useEffect(() => {
    const matches = shown.filter((option) => option.value !== value);
    if (search && matches.length === 1 && shown.length === 1 && matches[0])
      onChange(matches[0].value);
  }, [search, shown, value, onChange]);
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <div className="form-search-select">
        <input
          type="search"
          className="modal-form__input"
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          disabled={disabled}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          className="modal-form__input"
          name={name}
          {...errorProps(id, error, required)}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          <option value="">{placeholder ?? ""}</option>
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </FieldFrame>
  );
}

/** SU-26: strength by length, shown as a bar and announced as text. */
export function PasswordStrengthMeter({
  password,
  texts,
}: {
  password: string;
  texts: { label: string; empty: string; weak: string; good: string; strong: string };
}) {
  const strength = passwordStrength(password);
  return (
    <div className="form-strength" data-strength={strength}>
      <span className="form-strength__bar" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="form-strength__text" aria-live="polite">
        {`${texts.label}: ${texts[strength]}`}
      </span>
    </div>
  );
}

/** A busy-aware submit button: aria-busy and a status text while a request runs (SI-15). */
export function SubmitButton({
  busy,
  disabled,
  label,
  busyText,
  className = "modal-button",
}: {
  busy: boolean;
  disabled: boolean;
  label: string;
  busyText: string;
  className?: string;
}) {
  return (
    <>
      <button
        type="submit"
        className={className}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? <span className="form-spinner" aria-hidden="true" /> : null}
        {label}
      </button>
      <span className="visually-hidden" role="status">
        {busy ? busyText : ""}
      </span>
    </>
  );
}
