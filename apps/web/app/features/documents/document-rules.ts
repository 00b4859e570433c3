// The client's mirror of the server's upload checks (size, extension); the server also checks
// the file's content, so this only saves a round trip.
import { DOCUMENT_DEFAULT_MAX_BYTES, documentContentTypeOf } from "@casino/contract/verification";

export type FileProblem = "required" | "type" | "size" | "empty";

export function fileProblem(
  file: File | undefined | null,
  maxBytes = DOCUMENT_DEFAULT_MAX_BYTES,
): FileProblem | null {
  if (!file) return "required";
  if (!documentContentTypeOf(file.name)) return "type";
  if (file.size === 0) return "empty";
  if (file.size > maxBytes) return "size";
  return null;
}

/** "10 MB", "512 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
