// /profile/documents (KY-01..KY-03): the player's documents with type, status, date, a download
// (fetched with the bearer token) and delete; an upload form (type and file) checked here as the
// server checks it (extension, size), then sent as multipart/form-data.
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES } from "@casino/contract/verification";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { FieldFrame, SelectField, SubmitButton } from "../../forms/fields";
import { useSite } from "../../lib/site";
import { FormNotice } from "../../modals/views/form-notice";
import { EmptyState } from "../page/empty-state";
import { fileProblem, formatBytes } from "./document-rules";
import {
  DOCUMENTS_KEY,
  deleteDocument,
  documentsQuery,
  downloadDocument,
  type PlayerDocument,
  uploadDocument,
} from "./documents-api";
import "../../modals/modal.css";
import "./documents.css";

export const DOCUMENTS_TEXT = "global-components.pages.profile-documents";

const TYPE_TEXTS: Record<string, string> = {
  passport: "Passport",
  idCard: "Identity card",
  drivingLicence: "Driving licence",
  proofOfAddress: "Proof of address",
  bankStatement: "Bank statement",
  selfie: "Selfie with document",
  other: "Other",
};
const STATUS_TEXTS: Record<number, string> = { 1: "Pending review", 2: "Approved", 3: "Rejected" };

type Values = { type: string; file: FileList | null };

function useDocumentTexts() {
  const { t, locale } = useSite();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`${DOCUMENTS_TEXT}.${key}`, fallback, vars);
  return {
    text,
    type: (type: string) => text(`types.${type}`, TYPE_TEXTS[type] ?? type),
    status: (status: number) => text(`statuses.${status}`, STATUS_TEXTS[status] ?? String(status)),
    date: (iso: string) =>
      new Intl.DateTimeFormat(locale ?? "en", { dateStyle: "medium" }).format(new Date(iso)),
  };
}

export function DocumentsSection() {
  const texts = useDocumentTexts();
  const { text } = texts;
  const client = useQueryClient();
  const listId = useId();
  const uploadId = useId();
  const documents = useQuery(documentsQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const failed = () => text("errors.failed", "Something went wrong. Please try again.");
  const remove = useMutation({
    mutationFn: (id: string) => deleteDocument(id),
    onMutate: () => setNotice(null),
    onError: (error: Error) => setNotice(isApiError(error) ? error.message : failed()),
    onSettled: () => client.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
  const download = useMutation({
    mutationFn: (document: PlayerDocument) => downloadDocument(document),
    onMutate: () => setNotice(null),
    onError: () => setNotice(failed()),
  });
  const list = documents.data?.data ?? [];

  return (
    <div className="profile-sections documents-page">
      <section className="profile-card" aria-labelledby={uploadId}>
        <h2 id={uploadId} className="profile-card__title">
          {text("uploadTitle", "Upload a document")}
        </h2>
        <UploadForm maxBytes={documents.data?.meta.maxBytes} texts={texts} />
      </section>
      <section className="profile-card" aria-labelledby={listId}>
        <h2 id={listId} className="profile-card__title">
          {text("listTitle", "Your documents")}
        </h2>
        <FormNotice text={notice} />
        {documents.isPending ? (
          <p>{text("loading", "Loading…")}</p>
        ) : documents.isError ? (
          <p className="modal-notice" role="alert">
            {failed()}
          </p>
        ) : list.length === 0 ? (
          <EmptyState text={text("empty", "You have not uploaded any documents yet.")} />
        ) : (
          <ul className="documents-list">
            {list.map((document) => (
              <li key={document.id} className="document-card" aria-label={document.fileName}>
                <div className="document-card__head">
                  <strong>{texts.type(document.type)}</strong>
                  <span className="document-card__status" data-status={document.status}>
                    {texts.status(document.status)}
                  </span>
                </div>
                <p className="document-card__meta">
                  <span className="document-card__name">{document.fileName}</span>
                  <span>
                    {texts.date(document.createdAt)} · {formatBytes(document.size)}
                  </span>
                </p>
                {document.reviewReason ? (
                  <p className="document-card__reason">
                    {text("rejectedBecause", "Why it was rejected:")} {document.reviewReason}
                  </p>
                ) : null}
                <div className="document-card__actions">
                  <button
                    type="button"
                    className="modal-button modal-button--secondary"
                    disabled={download.isPending}
                    onClick={() => download.mutate(document)}
                  >
                    {text("download", "Download")}
                    <span className="visually-hidden"> {document.fileName}</span>
                  </button>
                  {document.deletable ? (
                    <button
                      type="button"
                      className="modal-button modal-button--secondary"
                      disabled={remove.isPending}
                      aria-busy={
                        (remove.isPending && remove.variables === document.id) || undefined
                      }
                      onClick={() => remove.mutate(document.id)}
                    >
                      {text("delete", "Delete")}
                      <span className="visually-hidden"> {document.fileName}</span>
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function UploadForm({
  maxBytes,
  texts,
}: {
  maxBytes: number | undefined;
  texts: ReturnType<typeof useDocumentTexts>;
}) {
  const { text } = texts;
  const client = useQueryClient();
  const fileId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { type: "", file: null }, mode: "onSubmit" });
  const { errors, isSubmitting } = form.formState;
  const limit = formatBytes(maxBytes ?? 10 * 1024 * 1024);
  const problemText = (problem: ReturnType<typeof fileProblem>) => {
    switch (problem) {
      case "required":
        return text("errors.fileRequired", "Choose a file.");
      case "type":
        return text("errors.fileType", "Upload a JPEG, PNG or PDF file.");
      case "empty":
        return text("errors.fileEmpty", "The file is empty.");
      case "size":
        return text("errors.fileSize", "The file is larger than {limit}.", { limit });
      default:
        return true;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    const file = values.file?.[0];
    if (!file) return;
    try {
      await uploadDocument(values.type, file);
      form.reset();
      setNotice(text("uploaded", "Your document has been uploaded."));
      await client.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest = applyFieldErrors(error, ["type", "file"], form.setError);
        if (rest.length > 0) setNotice(rest[0] ?? null);
      } else if (isApiError(error) && error.status === 413) {
        form.setError("file", { type: "server", message: problemText("size") as string });
      } else {
        setNotice(
          isApiError(error) ? error.message : text("errors.failed", "Something went wrong."),
        );
      }
    }
  });

  const fileError = errors.file?.message;
  return (
    <form className="modal-form documents-upload" onSubmit={submit} noValidate>
      <p className="modal-text">
        {text(
          "uploadHint",
          "JPEG, PNG or PDF, up to {limit}. Photos are stored without their metadata.",
          {
            limit,
          },
        )}
      </p>
      <SelectField
        label={text("type", "Document type")}
        required
        options={DOCUMENT_TYPES.map((value) => ({ value, label: texts.type(value) }))}
        error={errors.type?.message}
        {...form.register("type", {
          required: text("errors.typeRequired", "Choose the document type."),
        })}
      />
      <FieldFrame id={fileId} label={text("file", "File")} required error={fileError}>
        <input
          id={fileId}
          type="file"
          className="modal-form__input"
          accept={DOCUMENT_ACCEPT}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          required
          {...form.register("file", {
            validate: (files) => problemText(fileProblem(files?.[0], maxBytes)),
          })}
        />
      </FieldFrame>
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={false}
          label={text("submit", "Upload")}
          busyText={text("busy", "Uploading…")}
        />
      </div>
    </form>
  );
}
