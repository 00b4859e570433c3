// The audit trail: every operator write, newest first, with the key that made it.
import type { OperatorChange } from "@casino/contract/operator-access";
import type { PageMeta } from "@casino/contract/pagination";
import { useState } from "react";
import type { Desk } from "./app";
import { Field, Loading, Pager, QueryForm, Table, useLoad, usePageTitle, when } from "./ui";

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
  usePageTitle("Audit trail");
  return (
    <>
      <h1>Audit trail</h1>
      <QueryForm
        label="Filter changes"
        names={["kind", "entityId"]}
        submit="Filter"
        onQuery={(next) => {
          setPage(1);
          setQuery(next);
        }}
      >
        <Field label="Kind" name="kind" required={false} />
        <Field label="Entity" name="entityId" required={false} />
      </QueryForm>
      {!changes.data ? (
        <Loading error={changes.error} />
      ) : (
        <>
          <Table
            caption={`${changes.data.meta.total} changes`}
            columns={["When", "Who", "What", "Entity", "Change"]}
          >
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
          </Table>
          <Pager page={page} total={changes.data.meta.total} perPage={50} onPage={setPage} />
        </>
      )}
    </>
  );
}
