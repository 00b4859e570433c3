// Countries: where the site may be used and each country's defaults. A restriction shows the
// geo-restricted layout (1) or also refuses sign-in and sign-up (2) from the next request; a
// listed country is offered in the public pickers; the default locale and currency are what
// visitors from it start with. Names, codes and phone prefixes are fixed data.
import type { OperatorCountry, OperatorCurrency } from "@casino/contract/operator";
import type { OperatorLocale } from "@casino/contract/operator-content";
import { useMemo, useState } from "react";
import { type Desk, NotFound } from "./app";
import { readOne } from "./one";
import {
  ActionForm,
  Check,
  changes,
  checked,
  Field,
  Link,
  Loading,
  Table,
  text,
  useLoad,
  usePageTitle,
  when,
} from "./ui";

/** The restriction as one choice: "open", "1", "2" (and "restricted": flagged, no type). */
type Restriction = "open" | "restricted" | "1" | "2";

const RESTRICTION: Record<Restriction, string> = {
  open: "Open",
  "1": "Geo-restricted layout",
  "2": "No sign-in or sign-up",
  restricted: "Flagged, no type (no effect)",
};

const restrictionOf = (country: OperatorCountry): Restriction =>
  !country.restrict
    ? "open"
    : country.restrictType === null
      ? "restricted"
      : (String(country.restrictType) as "1" | "2");

const BODY: Record<Restriction, Pick<OperatorCountry, "restrict" | "restrictType">> = {
  open: { restrict: false, restrictType: null },
  restricted: { restrict: true, restrictType: null },
  "1": { restrict: true, restrictType: 1 },
  "2": { restrict: true, restrictType: 2 },
};

export function CountriesDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest === "") return <CountriesPage desk={desk} />;
  const country = /^\/([A-Z]{2})$/.exec(rest);
  if (country) return <CountryPage desk={desk} code={country[1]!} />;
  return <NotFound />;
}

function CountriesPage({ desk }: { desk: Desk }) {
  const countries = useLoad(() => desk.api.get<{ data: OperatorCountry[] }>("/countries"), []);
  const [search, setSearch] = useState("");
  const [restriction, setRestriction] = useState("");
  const [listed, setListed] = useState("");
  usePageTitle("Countries");
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (countries.data?.data ?? []).filter(
      (country) =>
        (needle === "" || `${country.code} ${country.name}`.toLowerCase().includes(needle)) &&
        (restriction === "" || restrictionOf(country) === restriction) &&
        (listed === "" || String(country.isListed) === listed),
    );
  }, [countries.data, search, restriction, listed]);
  return (
    <>
      <h1>Countries</h1>
      <search className="row" aria-label="Filter countries">
        <label className="field">
          <span>Name or code</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="field">
          <span>Restriction</span>
          <select value={restriction} onChange={(event) => setRestriction(event.target.value)}>
            <option value="">Any</option>
            {Object.entries(RESTRICTION).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>In the pickers</span>
          <select value={listed} onChange={(event) => setListed(event.target.value)}>
            <option value="">Any</option>
            <option value="true">Listed</option>
            <option value="false">Not listed</option>
          </select>
        </label>
      </search>
      {!countries.data ? (
        <Loading error={countries.error} />
      ) : (
        <Table
          caption={`${rows.length} of ${countries.data.data.length} countries`}
          columns={[
            "Country",
            "Restriction",
            "In the pickers",
            "Default locale",
            "Default currency",
            "Phone prefix",
          ]}
        >
          {rows.map((country) => (
            <tr key={country.code}>
              <th scope="row">
                <Link to={`/countries/${country.code}`}>{country.name}</Link>{" "}
                <code>{country.code}</code>
              </th>
              <td>{RESTRICTION[restrictionOf(country)]}</td>
              <td>{country.isListed ? "Listed" : "Not listed"}</td>
              <td>{country.locale ?? "—"}</td>
              <td>{country.currency ?? "—"}</td>
              <td>{country.phonePrefix}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}

function CountryPage({ desk, code }: { desk: Desk; code: string }) {
  const loaded = useLoad(() => readOne<OperatorCountry>(desk.api, `/countries/${code}`), [code]);
  // The pickers' choices: any operator key reads the currencies and locales.
  const currencies = useLoad(() => desk.api.get<{ data: OperatorCurrency[] }>("/currencies"), []);
  const locales = useLoad(() => desk.api.get<{ data: OperatorLocale[] }>("/locales"), []);
  const country = loaded.data;
  usePageTitle(country ? country.name : code);
  if (country === undefined || !currencies.data || !locales.data) {
    return <Loading error={loaded.error ?? currencies.error ?? locales.error} />;
  }
  if (country === null) return <NotFound />;
  const current = restrictionOf(country);
  // Switched-off ones are no default to choose, except the one the country has.
  const currencyCodes = currencies.data.data
    .filter((item) => item.isEnabled || item.code === country.currency)
    .map((item) => item.code);
  const localeCodes = locales.data.data
    .filter((item) => item.isEnabled || item.code === country.locale)
    .map((item) => item.code);
  return (
    <>
      <p>
        <Link to="/countries">All countries</Link>
      </p>
      <h1>
        {country.name} ({country.code})
      </h1>
      <dl className="facts">
        <dt>Restriction</dt>
        <dd>{RESTRICTION[current]}</dd>
        <dt>In the pickers</dt>
        <dd>{country.isListed ? "Listed" : "Not listed"}</dd>
        <dt>Default locale</dt>
        <dd>{country.locale ?? "The site's"}</dd>
        <dt>Default currency</dt>
        <dd>{country.currency ?? "The site's"}</dd>
        <dt>Phone prefix</dt>
        <dd>{country.phonePrefix}</dd>
        <dt>Last changed</dt>
        <dd>{when(country.updatedAt)}</dd>
      </dl>
      <ActionForm
        label={`Edit ${country.name}`}
        titled
        submit="Save country"
        action={async (form) => {
          const patch = changes(country, {
            ...BODY[text(form, "restriction") as Restriction],
            isListed: checked(form, "isListed"),
            locale: text(form, "locale") || null,
            currency: text(form, "currency") || null,
          });
          if (Object.keys(patch).length === 0) return "Nothing changed.";
          await desk.api.send("PATCH", `/countries/${country.code}`, patch);
          loaded.reload();
          return `Saved ${country.name}.`;
        }}
      >
        <Field label="Restriction" name="restriction" defaultValue={current}>
          {Object.entries(RESTRICTION)
            .filter(([value]) => value !== "restricted" || current === "restricted")
            .map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
        </Field>
        <Field
          label="Default locale"
          name="locale"
          required={false}
          defaultValue={country.locale ?? ""}
        >
          <option value="">The site's</option>
          {localeCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Field>
        <Field
          label="Default currency"
          name="currency"
          required={false}
          defaultValue={country.currency ?? ""}
        >
          <option value="">The site's</option>
          {currencyCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Field>
        <Check
          label="Listed in the country pickers"
          name="isListed"
          defaultChecked={country.isListed}
        />
      </ActionForm>
      <p className="hint">
        Geo-restricted layout: visitors from {country.name} see the restricted site. No sign-in or
        sign-up: they also cannot register or sign in (the API answers 403, code 11010). Both apply
        from the next request.
      </p>
    </>
  );
}
