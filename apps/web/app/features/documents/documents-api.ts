// Player documents' server calls (KY-01..KY-03): list, multipart upload, delete, and the file
// itself, which needs the bearer token (fetched, then offered as a blob; never a public URL).
import type { DocumentUploadRules, PlayerDocument } from "@casino/contract/verification";
import { apiFetch, apiRequest } from "../../lib/api/api-client";
import { toApiError } from "../../lib/api/api-error";

export type { DocumentUploadRules, PlayerDocument };

export const DOCUMENTS_KEY = ["player", "documents"] as const;

/** GET /api/player/documents (KY-01): the list and the server's upload rules. */
export const documentsQuery = {
  queryKey: DOCUMENTS_KEY,
  queryFn: () =>
    apiRequest<{ data: PlayerDocument[]; meta: DocumentUploadRules }>("/api/player/documents"),
  staleTime: 30_000,
};

/** POST /api/player/documents as multipart/form-data (KY-02): `type` first, then `file`. */
export function uploadDocument(type: string, file: File): Promise<PlayerDocument> {
  const body = new FormData();
  body.append("type", type);
  body.append("file", file, file.name);
  return apiRequest<{ data: PlayerDocument }>("/api/player/documents", {
    method: "POST",
    body,
  }).then((answer) => answer.data);
}

/** DELETE /api/player/documents/{id} (KY-03). */
export const deleteDocument = (id: string) =>
  apiRequest<{ data: PlayerDocument }>(`/api/player/documents/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });

/** The file with the bearer token, saved through a temporary object URL. */
export async function downloadDocument(document: PlayerDocument): Promise<void> {
  const response = await apiFetch(`/api/player/documents/${encodeURIComponent(document.id)}/file`, {
    headers: { accept: document.contentType },
  });
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = window.document.createElement("a");
    link.href = url;
    link.download = document.fileName;
    link.rel = "noopener";
    window.document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
