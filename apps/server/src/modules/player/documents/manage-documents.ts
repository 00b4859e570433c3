import { ErrorCode } from "@casino/contract/errors";
import type { PlayerDocument } from "@casino/contract/verification";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import type { FileStorage } from "./file-storage";
import { type DocumentRecord, documentsRepository, toPlayerDocument } from "./repository";

/** GET /api/player/documents (KY-01, BE-35): the player's own documents, newest first. */
export async function listDocuments(ctx: AppContext, playerId: string): Promise<PlayerDocument[]> {
  return (await documentsRepository(ctx.db).list(playerId)).map(toPlayerDocument);
}

/**
 * DELETE /api/player/documents/{id} (KY-03, BE-35): another player's document is a 404, like a
 * missing one; an approved document is kept as the record of the check (409).
 */
export async function deleteDocument(
  ctx: AppContext,
  storage: FileStorage,
  playerId: string,
  id: string,
  log: { warn: (object: object, message: string) => void },
): Promise<PlayerDocument> {
  const repo = documentsRepository(ctx.db);
  const deleted = await repo.deleteUnlessApproved(playerId, id);
  if (!deleted) {
    if (await repo.find(playerId, id)) {
      throw new AppError(409, ErrorCode.Conflict, "An approved document cannot be deleted");
    }
    throw AppError.notFound("No such document");
  }
  await storage.delete(deleted.storageKey).catch((error: unknown) => {
    log.warn({ err: error, documentId: id }, "document file not deleted");
  });
  return toPlayerDocument(deleted);
}

/** GET /api/player/documents/{id}/file: the player's own file, or 404. */
export async function readDocumentFile(
  ctx: AppContext,
  storage: FileStorage,
  playerId: string,
  id: string,
): Promise<{ record: DocumentRecord; bytes: Buffer }> {
  const record = await documentsRepository(ctx.db).find(playerId, id);
  const bytes = record ? await storage.get(record.storageKey) : null;
  if (!record || !bytes) throw AppError.notFound("No such document");
  return { record, bytes };
}
