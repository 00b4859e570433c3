// Site content per locale: the texts of a content group (the folder's, with the operator's edits
// laid over them key by key) and the content pages (written over the folder's, added, hidden).
// Changes show on the site within seconds, without a deploy.
import { ContentGroups, PageKinds } from "@casino/contract/content";
import type {
  OperatorContentGroup,
  OperatorContentPage,
  OperatorLocale,
} from "@casino/contract/operator-content";
import { useMemo, useState } from "react";
import type { Desk } from "./app";
import { ActionForm, Field, Loading, Table, text, useLoad, usePageTitle } from "./ui";

type Json = Record<string, unknown>;

/** Every value of a group by dotted key (objects opened up; lists, numbers and flags kept). */
function flatten(value: Json, prefix = ""): [string, unknown][] {
  return Object.entries(value).flatMap(([key, item]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (item !== null && typeof item === "object" && !Array.isArray(item)) {
      return flatten(item as Json, path);
    }
    return [[path, item] as [string, unknown]];
  });
}

/** A value as the form shows it: texts as they are, anything else as JSON. */
const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * What the form's text means for a key: a text, unless the key holds JSON (a list, a number, a
 * flag) now, so a list is never turned into a text by mistake.
 */
function parsed(input: string, current: unknown): unknown {
  if (current === undefined || typeof current === "string") return input;
  try {
    return JSON.parse(input);
  } catch {
    throw new Error(`This key holds ${JSON.stringify(current)}: write JSON of that kind`);
  }
}

export function ContentPage({ desk }: { desk: Desk }) {
  const locales = useLoad(() => desk.api.get<{ data: OperatorLocale[] }>("/locales"), []);
  const [locale, setLocale] = useState("en");
  usePageTitle("Content");
  if (!locales.data) return <Loading error={locales.error} />;
  return (
    <>
      <h1>Content</h1>
      <label className="field">
        <span>Locale</span>
        <select value={locale} onChange={(event) => setLocale(event.target.value)}>
          {locales.data.data.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name} ({item.code}){item.isEnabled ? "" : ", off"}
              {item.isDefault ? ", default" : ""}
            </option>
          ))}
        </select>
      </label>
      <Texts desk={desk} locale={locale} />
      <Pages desk={desk} locale={locale} />
    </>
  );
}

function Texts({ desk, locale }: { desk: Desk; locale: string }) {
  const [group, setGroup] = useState<string>(ContentGroups[0]);
  const [filter, setFilter] = useState("");
  const [editing, setEditing] = useState<{ key: string; value: string } | null>(null);
  const url = `/content/${locale}/groups/${group}`;
  const loaded = useLoad(() => desk.api.get<{ data: OperatorContentGroup }>(url), [url]);
  const values = useMemo(
    () => new Map(loaded.data ? flatten(loaded.data.data.effective) : []),
    [loaded.data],
  );
  const rows = useMemo(() => {
    if (!loaded.data) return [];
    const edited = new Set(flatten(loaded.data.data.edits).map(([key]) => key));
    const needle = filter.toLowerCase();
    return [...values]
      .map(([key, value]) => ({ key, value: shown(value), edited: edited.has(key) }))
      .filter((row) => `${row.key} ${row.value}`.toLowerCase().includes(needle));
  }, [loaded.data, values, filter]);

  return (
    <section aria-labelledby="texts">
      <h2 id="texts">Texts</h2>
      <div className="row">
        <label className="field">
          <span>Group</span>
          <select value={group} onChange={(event) => setGroup(event.target.value)}>
            {ContentGroups.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Find a text</span>
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
      </div>
      <ActionForm
        key={editing?.key ?? "new"}
        label="Change a text"
        titled
        submit="Save text"
        action={async (form) => {
          const key = text(form, "key");
          const value = parsed(String(form.get("value") ?? ""), values.get(key));
          await desk.api.send("PATCH", url, { set: { [key]: value } });
          loaded.reload();
          return `Saved ${key}.`;
        }}
      >
        <Field label="Key" name="key" defaultValue={editing?.key ?? ""} />
        <Field label="Text" name="value" type="textarea" defaultValue={editing?.value ?? ""} />
      </ActionForm>
      {!loaded.data ? (
        <Loading error={loaded.error} />
      ) : (
        <Table
          caption={
            <>
              {rows.length} texts
              {rows.length > 200 ? " (the first 200 shown: find a text to narrow)" : ""} · version{" "}
              {loaded.data.data.version}
            </>
          }
          columns={["Key", "Text", "Edit"]}
        >
          {rows.slice(0, 200).map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <code>{row.key}</code>
                {row.edited && <span className="tag">edited</span>}
              </th>
              <td>{row.value}</td>
              <td className="decide">
                <button
                  type="button"
                  aria-label={`Edit ${row.key}`}
                  onClick={() => setEditing({ key: row.key, value: row.value })}
                >
                  Edit
                </button>
                {row.edited && (
                  <ActionForm
                    label={`Reset ${row.key}`}
                    submit="Reset"
                    action={async () => {
                      await desk.api.send("PATCH", url, { unset: [row.key] });
                      loaded.reload();
                      return "Reset to the folder's text.";
                    }}
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

interface PageRow {
  identity: string;
  title: string;
  source: "file" | "operator" | "both";
  published: boolean;
  version: number;
}

function Pages({ desk, locale }: { desk: Desk; locale: string }) {
  const [kind, setKind] = useState<string>(PageKinds[0]);
  const [open, setOpen] = useState<string | null>(null);
  const list = useLoad(
    () => desk.api.get<{ data: PageRow[] }>(`/content/${locale}/pages/${kind}`),
    [locale, kind],
  );
  return (
    <section aria-labelledby="pages">
      <h2 id="pages">Pages</h2>
      <label className="field">
        <span>Kind</span>
        <select value={kind} onChange={(event) => setKind(event.target.value)}>
          {PageKinds.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </label>
      {!list.data ? (
        <Loading error={list.error} />
      ) : (
        <ul className="pages-list">
          {list.data.data.map((page) => (
            <li key={page.identity}>
              <button type="button" onClick={() => setOpen(page.identity)}>
                {page.title}
              </button>{" "}
              <code>{page.identity}</code> · {page.source}
              {page.published ? "" : " · hidden"}
            </li>
          ))}
        </ul>
      )}
      <ActionForm
        label="New page"
        titled
        submit="Open new page"
        action={async (form) => {
          setOpen(text(form, "identity"));
          return `Editing ${text(form, "identity")}.`;
        }}
      >
        <Field label="Identity (a-z, 0-9, - and _)" name="identity" />
      </ActionForm>
      {open && (
        <PageEditor
          key={`${locale}/${kind}/${open}`}
          desk={desk}
          url={`/content/${locale}/pages/${kind}/${open}`}
          identity={open}
          done={list.reload}
        />
      )}
    </section>
  );
}

function PageEditor(props: { desk: Desk; url: string; identity: string; done: () => void }) {
  const { desk, url } = props;
  const loaded = useLoad(async () => {
    try {
      return (await desk.api.get<{ data: OperatorContentPage }>(url)).data;
    } catch {
      return null; // a new page
    }
  }, [url]);
  if (loaded.loading && loaded.data === undefined) return <Loading />;
  const page = loaded.data ?? null;
  const source = page?.edit ?? page?.file ?? null;
  return (
    <ActionForm
      label={`Edit page ${props.identity}`}
      submit="Save page"
      action={async (form) => {
        await desk.api.send("PUT", url, {
          title: text(form, "title"),
          description: text(form, "description"),
          markdown: String(form.get("markdown") ?? ""),
          published: form.get("published") === "on",
          version: page?.edit?.version ?? 0,
        });
        loaded.reload();
        props.done();
        return "Saved: the site shows it now.";
      }}
    >
      <h3>{props.identity}</h3>
      <Field label="Title" name="title" defaultValue={source?.title ?? ""} />
      <Field
        label="Description"
        name="description"
        required={false}
        defaultValue={source?.description ?? ""}
      />
      <Field
        label="Markdown"
        name="markdown"
        type="textarea"
        defaultValue={source?.markdown ?? ""}
      />
      <label className="check">
        <input type="checkbox" name="published" defaultChecked={page?.edit?.published ?? true} />
        Published
      </label>
    </ActionForm>
  );
}
