// Identity documents: the queue waiting for review (oldest first), each file viewable, approved
// or rejected with a reason the player reads. Images are shown from the file fetched with the
// operator's key; other files (PDF) are offered for download, never opened in this page.
import type { OperatorDocument } from "@casino/contract/verification";
import { useEffect, useState } from "react";
import type { Desk } from "./app";
import {
  ActionForm,
  describeError,
  Field,
  Link,
  Loading,
  text,
  useLoad,
  usePageTitle,
  when,
} from "./ui";

const STATUS = { 1: "Waiting", 2: "Approved", 3: "Rejected" } as const;

export function DocumentsPage({ desk }: { desk: Desk }) {
  const [status, setStatus] = useState("1");
  const documents = useLoad(
    () => desk.api.get<{ data: OperatorDocument[] }>(`/documents?status=${status}&limit=100`),
    [status],
  );
  usePageTitle("Documents");
  return (
    <>
      <h1>Identity documents</h1>
      <label className="field">
        <span>Show</span>
        <select value={status} onChange={(event) => setStatus(event.target.value)}>
          {Object.entries(STATUS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {!documents.data ? (
        <Loading error={documents.error} />
      ) : documents.data.data.length === 0 ? (
        <p>No documents.</p>
      ) : (
        documents.data.data.map((item) => (
          <DocumentCard key={item.id} desk={desk} item={item} done={documents.reload} />
        ))
      )}
    </>
  );
}

function DocumentCard(props: { desk: Desk; item: OperatorDocument; done: () => void }) {
  const { desk, item } = props;
  const [file, setFile] = useState<{ url: string; image: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (file) URL.revokeObjectURL(file.url);
    },
    [file],
  );
  const label = `${item.type} of ${item.playerEmail ?? item.playerId}`;
  return (
    <section className="card" aria-label={label}>
      <h2>{label}</h2>
      <dl className="facts">
        <dt>Player</dt>
        <dd>
          <Link to={`/players/${item.playerId}`}>{item.playerEmail ?? item.playerId}</Link>
        </dd>
        <dt>File</dt>
        <dd>
          {item.fileName} ({Math.ceil(item.size / 1024)} KiB, {item.contentType})
        </dd>
        <dt>Uploaded</dt>
        <dd>{when(item.createdAt)}</dd>
        <dt>Status</dt>
        <dd>
          {STATUS[item.status as 1 | 2 | 3] ?? item.status}
          {item.reviewedBy ? ` by ${item.reviewedBy}, ${when(item.reviewedAt)}` : ""}
          {item.reviewReason ? `: ${item.reviewReason}` : ""}
        </dd>
      </dl>
      {file ? (
        file.image ? (
          <img className="document" src={file.url} alt={`The ${label}`} />
        ) : (
          <a href={file.url} download={item.fileName}>
            Download {item.fileName}
          </a>
        )
      ) : (
        <button
          type="button"
          onClick={async () => {
            setProblem(null);
            try {
              const blob = await desk.api.file(`/documents/${item.id}/file`);
              setFile({ url: URL.createObjectURL(blob), image: blob.type.startsWith("image/") });
            } catch (error) {
              setProblem(describeError(error));
            }
          }}
        >
          Show file
        </button>
      )}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      {item.status === 1 && (
        <div className="decide">
          <ActionForm
            label={`Approve ${label}`}
            submit="Approve"
            action={async () => {
              await desk.api.send("POST", `/documents/${item.id}/review`, { decision: "approve" });
              props.done();
              return "Approved.";
            }}
          />
          <ActionForm
            label={`Reject ${label}`}
            submit="Reject"
            action={async (form) => {
              await desk.api.send("POST", `/documents/${item.id}/review`, {
                decision: "reject",
                reason: text(form, "reason"),
              });
              props.done();
              return "Rejected.";
            }}
          >
            <Field label="Reason the player reads" name="reason" />
          </ActionForm>
        </div>
      )}
    </section>
  );
}
