// The audit trail: every operator write, newest first, with the key that made it.
import type { OperatorChange } from "@casino/contract/operator-access";
import type { PageMeta } from "@casino/contract/pagination";
import { useEffect, useState } from "react";
import type { Desk } from "./app";
import { Field, Loading, text, useLoad, when } from "./ui";

export function ChangesPage({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const changes = useLoad(
    () =>
      desk.api.get<{ data: OperatorChange[]; meta: PageMeta }>(
        `/changes?perPage=50&page=${page}${query}`,
      ),
    [query, page],
  );
  useEffect(() => {
    document.title = "Audit trail · Back office";
  }, []);
  const pages = changes.data ? Math.max(1, Math.ceil(changes.data.meta.total / 50)) : 1;
  return (
    <>
      <h1>Audit trail</h1>
      <form
        aria-label="Filter changes"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const params = new URLSearchParams();
          if (text(form, "kind")) params.set("kind", text(form, "kind"));
          if (text(form, "entityId")) params.set("entityId", text(form, "entityId"));
          setPage(1);
          setQuery(params.size > 0 ? `&${params}` : "");
        }}
      >
        <Field label="Kind" name="kind" required={false} />
        <Field label="Entity" name="entityId" required={false} />
        <button type="submit">Filter</button>
      </form>
      {!changes.data ? (
        <Loading error={changes.error} />
      ) : (
        <>
          <table>
            <caption>
              Page {page} of {pages}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Entity</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {changes.data.data.map((change) => (
                <tr key={change.id}>
                  <td>{when(change.createdAt)}</td>
                  <td>{change.actor ?? "—"}</td>
                  <td>
                    {change.kind} {change.action}
                  </td>
                  <td>
                    <code>{change.entityId}</code>
                  </td>
                  <td>
                    <code className="json">{JSON.stringify(change.changes)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="Pages" className="pages">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </button>
            <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </button>
          </nav>
        </>
      )}
    </>
  );
}
