// The back office's small building blocks: links that move in place, data that loads (and
// loads again after a change), and forms that show the API's answer, success or problem.
import { OPERATOR_SCOPES } from "@casino/contract/operator-access";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "./api";
import type { Desk } from "./app";
import { BASE, navigate } from "./router";

export function Link({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={`${BASE}${to}`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

export const describeError = (error: unknown) =>
  error instanceof ApiError
    ? error.describe()
    : error instanceof Error
      ? error.message
      : String(error);

/** Loads `load()` when `deps` change; `reload` loads again (after a change). */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({
    loading: true,
  });
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what load reads
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error: describeError(error), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}

/** The browser tab's title for a page of the back office. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
}

/** A table with a header row of `columns` (the rows are the caller's). */
export function Table(props: { caption?: ReactNode; columns: string[]; children: ReactNode }) {
  return (
    <table>
      {props.caption !== undefined && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

/** A search form: the non-empty fields `names` as a query string ("&a=1&b=2", or ""). */
export function QueryForm(props: {
  label: string;
  names: string[];
  submit: string;
  onQuery: (query: string) => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const params = new URLSearchParams();
        for (const name of props.names) if (text(form, name)) params.set(name, text(form, name));
        props.onQuery(params.size > 0 ? `&${params}` : "");
      }}
    >
      {props.children}
      <button type="submit">{props.submit}</button>
    </form>
  );
}

/** Newer and older pages of a list of `total` items, `perPage` a page (1 is the newest). */
export function Pager(props: {
  page: number;
  total: number;
  perPage: number;
  onPage: (page: number) => void;
  /** Its accessible name, when a page has more than one pager. */
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.perPage));
  if (pages === 1) return null;
  return (
    <nav aria-label={props.label ?? "Pages"} className="pages">
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Newer
      </button>{" "}
      Page {props.page} of {pages}{" "}
      <button
        type="button"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        Older
      </button>
    </nav>
  );
}

/** What a load shows while it runs or after it failed. */
export function Loading({ error }: { error?: string | undefined }) {
  return error ? <p role="alert">{error}</p> : <p aria-busy="true">Loading…</p>;
}

/**
 * A form's submit: runs `action`, then shows `done` (a status) or the API's problem (an alert).
 * The inputs are the caller's.
 */
export function ActionForm({
  label,
  titled = false,
  submit,
  action,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  /** Shows the name as the form's heading too. */
  titled?: boolean;
  /** The submit button's text. */
  submit: string;
  /** Does the change; answers the message to show. */
  action: (form: FormData) => Promise<string>;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      aria-label={label}
      className="action"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        setBusy(true);
        setResult(null);
        try {
          setResult({ ok: true, text: await action(new FormData(form)) });
        } catch (error) {
          setResult({ ok: false, text: describeError(error) });
        } finally {
          setBusy(false);
        }
      }}
    >
      {titled && <h3 className="form-title">{label}</h3>}
      {children}
      <button type="submit" disabled={busy}>
        {submit}
      </button>
      {result &&
        (result.ok ? (
          <p role="status">{result.text}</p>
        ) : (
          <p role="alert" className="problem">
            {result.text}
          </p>
        ))}
    </form>
  );
}

/** A labelled input; `name` is its FormData key. */
export function Field({
  label,
  name,
  type = "text",
  required = true,
  defaultValue,
  children,
}: {
  label: string;
  name: string;
  type?: string;
  required?: boolean;
  defaultValue?: string;
  /** Options: a select instead of an input. */
  children?: ReactNode;
}) {
  const id = useId();
  const common = { id, name, required, defaultValue };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children ? (
        <select {...common}>{children}</select>
      ) : type === "textarea" ? (
        <textarea {...common} rows={8} />
      ) : (
        <input {...common} type={type} />
      )}
    </div>
  );
}

export const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export const when = (value: string | null) => (value ? new Date(value).toLocaleString() : "—");

/**
 * A switch of something that is on or off: PATCH url with `body(on)` (default {isEnabled: !on}).
 */
export function Switch(props: {
  desk: Desk;
  name: string;
  on: boolean;
  url: string;
  body?: (on: boolean) => object;
  done: () => void;
}) {
  const verb = props.on ? "Switch off" : "Switch on";
  return (
    <ActionForm
      label={`${verb} ${props.name}`}
      submit={verb}
      action={async () => {
        await props.desk.api.send(
          "PATCH",
          props.url,
          props.body ? props.body(props.on) : { isEnabled: !props.on },
        );
        props.done();
        return props.on ? "Switched off." : "Switched on.";
      }}
    />
  );
}

/** A labelled checkbox; `name` is its FormData key ("on" when ticked, see `checked`). */
export function Check(props: { label: ReactNode; name: string; defaultChecked?: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={props.name} defaultChecked={props.defaultChecked ?? false} />
      {props.label}
    </label>
  );
}

export const checked = (form: FormData, name: string) => form.get(name) === "on";

/** A labelled select whose value the page follows (what else the form shows depends on it). */
export function Choice<T extends string>(props: {
  label: string;
  /** Its FormData key, when the form sends it. */
  name?: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {(Object.entries(props.options) as [T, string][]).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The entries of `next` whose value differs from `current`'s (compared as JSON): a PATCH's body. */
export function changes<T extends object>(current: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) out[key] = next[key];
  }
  return out;
}

/** The words of a list typed with commas, semicolons or spaces ("a, b c" → ["a", "b", "c"]). */
export const listOf = (value: string) => value.split(/[\s,;]+/).filter(Boolean);

/** Codes typed as a list, upper-cased ("de, AT fr" → ["DE", "AT", "FR"]). */
export const codeList = (value: string) => listOf(value.toUpperCase());

/**
 * The idempotency key of one change: kept while its form is retried after a failure, so a
 * request that reached the server before the network failed is not applied twice; `next()`
 * after a success.
 */
export function useOnceKey() {
  const key = useRef(crypto.randomUUID());
  return { current: () => key.current, next: () => (key.current = crypto.randomUUID()) };
}

/** Checkboxes of the scopes this key holds (a key grants only its own); read by `scopesOf`. */
export function ScopeChoices({ desk }: { desk: Desk }) {
  return (
    <fieldset className="scopes">
      <legend>Scopes</legend>
      {OPERATOR_SCOPES.filter((scope) => desk.can(scope)).map((scope) => (
        <Check key={scope} name={`scope-${scope}`} label={scope} />
      ))}
    </fieldset>
  );
}

/** The scopes ticked in a form's ScopeChoices. */
export const scopesOf = (form: FormData) =>
  OPERATOR_SCOPES.filter((scope) => checked(form, `scope-${scope}`));

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, for a datetime-local input ("" for null). */
export function localOf(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local input's value as an ISO instant (null when empty). */
export function instantOf(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date and time: ${local}`);
  return date.toISOString();
}

/**
 * A labelled text input with suggestions (a datalist): the value stays free text, so typing a
 * code works while the suggestions load, or when the key may not read them.
 */
export function SuggestField(props: {
  label: string;
  name: string;
  required?: boolean;
  defaultValue?: string;
  options: readonly { value: string; label?: string }[];
  onInput?: (value: string) => void;
}) {
  const id = useId();
  const listId = `${id}-options`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        required={props.required ?? true}
        defaultValue={props.defaultValue}
        list={listId}
        autoComplete="off"
        onChange={(event) => props.onInput?.(event.target.value)}
      />
      <datalist id={listId}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </datalist>
    </div>
  );
}

/** A currency code field suggesting the switched-on currencies (any key reads them). */
export function CurrencyField(props: {
  desk: Desk;
  label?: string;
  name?: string;
  defaultValue?: string;
}) {
  const currencies = useLoad(
    () =>
      props.desk.api.get<{ data: { code: string; isEnabled: boolean; symbol: string }[] }>(
        "/currencies",
      ),
    [],
  );
  const options = (currencies.data?.data ?? [])
    .filter((currency) => currency.isEnabled)
    .map((currency) => ({ value: currency.code, label: currency.symbol }));
  return (
    <SuggestField
      label={props.label ?? "Currency"}
      name={props.name ?? "currency"}
      defaultValue={props.defaultValue}
      options={options}
    />
  );
}

/**
 * A slug field of the game catalogue suggesting its games (searched as typed: there may be
 * 10,000), providers or collections. A key with `games` or `promotions` reads them.
 */
export function CatalogueField(props: {
  desk: Desk;
  kind: "games" | "game-providers" | "game-collections";
  label: string;
  name: string;
  required?: boolean;
  defaultValue?: string;
}) {
  const [typed, setTyped] = useState("");
  const search = props.kind === "games" ? typed.trim() : "";
  const found = useLoad(
    () =>
      props.desk.api.get<{ data: { slug: string; title?: string; name?: string }[] }>(
        props.kind === "games"
          ? `/games?perPage=20${search ? `&search=${encodeURIComponent(search)}` : ""}`
          : `/${props.kind}`,
      ),
    [props.kind, search],
  );
  const options = (found.data?.data ?? []).map((item) => ({
    value: item.slug,
    label: item.title ?? item.name ?? item.slug,
  }));
  return (
    <SuggestField
      label={props.label}
      name={props.name}
      required={props.required}
      defaultValue={props.defaultValue}
      options={options}
      onInput={setTyped}
    />
  );
}
