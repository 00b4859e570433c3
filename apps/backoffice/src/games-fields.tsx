// What the catalogue's forms share (games, collections, providers): lists typed as text, the
// countries that must not see a thing, checkboxes, and optional links sent as null.
import { Field, listOf, text } from "./ui";

/** The form's restricted countries as ISO codes (the API answers 422 for unknown ones). */
export const countriesOf = (form: FormData) => [
  ...new Set(listOf(text(form, "restrictedCountries").toUpperCase())),
];

/** An optional text: null when left empty (links, RTP, an image). */
export const orNull = (form: FormData, name: string) => text(form, name) || null;

export const shownList = (list: readonly string[]) => (list.length > 0 ? list.join(", ") : "—");

export function CountriesField({ defaultValue = [] }: { defaultValue?: readonly string[] }) {
  return (
    <Field
      label="Restricted countries (ISO codes like DE, FR; optional)"
      name="restrictedCountries"
      required={false}
      defaultValue={defaultValue.join(", ")}
    />
  );
}

export function PositionField({ label, defaultValue }: { label: string; defaultValue: number }) {
  return <Field label={label} name="position" type="number" defaultValue={String(defaultValue)} />;
}
