// Small pieces of the Payments and Countries forms: a labelled checkbox, the fields of a form that
// differ from the current values (a PATCH sends only those), lists of country codes typed as
// text, and decimals shown without trailing zeros.
import { useId } from "react";

/** A labelled checkbox; `name` is its FormData key ("on" when ticked). */
export function Check(props: { label: string; name: string; defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" name={props.name} defaultChecked={props.defaultChecked} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}

export const checked = (form: FormData, name: string) => form.get(name) === "on";

/** The entries of `next` whose value differs from `current`'s (compared as JSON). */
export function changes<T extends object>(current: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) out[key] = next[key];
  }
  return out;
}

/** "de, AT fr" → ["DE", "AT", "FR"] (empty input: []). */
export const codeList = (value: string) =>
  value
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** An exact decimal without trailing zeros ("1.0800" → "1.08", "5.00" → "5"). */
export const decimal = (value: string) =>
  value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
