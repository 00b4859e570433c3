import { createHash, randomUUID } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import {
  type DocumentType,
  documentContentTypeOf,
  type PlayerDocument,
} from "@casino/contract/verification";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import {
  ImageQueueFullError,
  reencodeImage,
  sniffContentType,
  UnreadableImageError,
} from "./file-checks";
import { type FileStorage, newStorageKey } from "./file-storage";
import { documentsRepository, toPlayerDocument } from "./repository";

/** Documents one player may keep at once (disk use is bounded per player). */
export const MAX_DOCUMENTS_PER_PLAYER = 50;

export interface UploadInput {
  type: DocumentType;
  fileName: string;
  bytes: Buffer;
}

/**
 * POST /api/player/documents (KY-02, BE-35): the file's extension must be an accepted one and
 * its first bytes must say the same type; images are decoded and encoded again (no metadata or
 * hidden data survives), PDFs are kept as sent (signature checked only, not sanitised). The file
 * is stored under a random server-made key; the player's name is kept for display only.
 */
export async function uploadDocument(
  ctx: AppContext,
  storage: FileStorage,
  playerId: string,
  input: UploadInput,
): Promise<PlayerDocument> {
  const { bytes, contentType: sniffed } = await sanitiseUpload(input.fileName, input.bytes);

  const repo = documentsRepository(ctx.db);
  if ((await repo.count(playerId)) >= MAX_DOCUMENTS_PER_PLAYER) {
    throw new AppError(
      409,
      ErrorCode.Conflict,
      `At most ${MAX_DOCUMENTS_PER_PLAYER} documents: delete one first`,
    );
  }
  const record = {
    id: randomUUID(),
    playerId,
    type: input.type,
    storageKey: newStorageKey(),
    fileName: displayName(input.fileName),
    contentType: sniffed,
    size: bytes.length,
    createdAt: ctx.now(),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
  // The file first: a row never points at nothing. A crash between the two leaves an orphan
  // file under a random name, which no one can reach.
  await storage.put(record.storageKey, bytes);
  try {
    await repo.insert(record);
  } catch (error) {
    await storage.delete(record.storageKey).catch(() => {});
    throw error;
  }
  return toPlayerDocument({
    ...record,
    status: 1,
    reviewedAt: null,
    reviewedBy: null,
    reviewReason: null,
  });
}

/**
 * The checks every uploaded file passes (documents, and the chat's attachments): an accepted
 * extension (JPEG, PNG, PDF) whose first bytes say the same type (422 error.fields.file
 * otherwise); images decoded and encoded again, so no metadata or hidden data survives; PDFs
 * kept as sent (signature checked only). 503 while the image queue is full.
 */
export async function sanitiseUpload(
  fileName: string,
  original: Buffer,
): Promise<{ bytes: Buffer; contentType: "image/jpeg" | "image/png" | "application/pdf" }> {
  const fileError = (message: string) => AppError.unprocessable({ file: [message] });
  if (original.length === 0) throw fileError("The file is empty");
  const declared = documentContentTypeOf(fileName);
  if (!declared) throw fileError("Upload a JPEG, PNG or PDF file");
  const sniffed = sniffContentType(original);
  if (sniffed !== declared) throw fileError("The file's content does not match its extension");

  let bytes = original;
  if (sniffed === "image/jpeg" || sniffed === "image/png") {
    try {
      bytes = await reencodeImage(sniffed, original);
    } catch (error) {
      if (error instanceof UnreadableImageError) throw fileError(error.message);
      if (error instanceof ImageQueueFullError) {
        throw new AppError(503, ErrorCode.ServiceUnavailable, error.message, undefined, {
          "retry-after": "60",
        });
      }
      throw error;
    }
  }

  return { bytes, contentType: sniffed };
}

/** The player's file name for display: the last path segment, printable, at most 120 chars. */
export function displayName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = base.replace(/[\u0000-\u001f\u007f"<>]/g, "").trim();
  return (clean === "" ? "document" : clean).slice(-120);
}
