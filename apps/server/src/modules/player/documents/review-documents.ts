// The operator's side of player documents (/api/operator/documents): the review queue, a file
// to look at, and one decision per document (approve, or reject with a reason the player sees).
// The player hears about the decision on their documents page (status and reason).
import { ErrorCode } from "@casino/contract/errors";
import {
  type DocumentReviewBody,
  DocumentStatus,
  type OperatorDocument,
} from "@casino/contract/verification";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import { reviewerOf } from "../../../lib/operator-api";
import { recordOperatorChange } from "../../../lib/operator-keys";
import type { FileStorage } from "./file-storage";
import { type DocumentRecord, documentsRepository, toPlayerDocument } from "./repository";

function toOperatorDocument(
  record: DocumentRecord & { playerEmail: string | null },
): OperatorDocument {
  return {
    ...toPlayerDocument(record),
    playerId: record.playerId,
    playerEmail: record.playerEmail,
    reviewedBy: record.reviewedBy,
  };
}

/** GET /api/operator/documents: documents in a status (default pending), oldest first. */
export async function listDocumentsForReview(
  ctx: AppContext,
  query: { status: number; limit: number },
): Promise<OperatorDocument[]> {
  const records = await documentsRepository(ctx.db).listByStatus(query.status, query.limit);
  return records.map(toOperatorDocument);
}

/** GET /api/operator/documents/{id}/file: any player's file, for the reviewer. */
export async function readDocumentForReview(
  ctx: AppContext,
  storage: FileStorage,
  id: string,
): Promise<{ record: DocumentRecord; bytes: Buffer }> {
  const record = await documentsRepository(ctx.db).findAny(id);
  const bytes = record ? await storage.get(record.storageKey) : null;
  if (!record || !bytes) throw AppError.notFound("No such document");
  return { record, bytes };
}

/**
 * POST /api/operator/documents/{id}/review: decides a pending document once (a conditional
 * update, so two reviewers racing get one decision and one 409).
 */
export async function reviewDocument(
  ctx: AppContext,
  id: string,
  body: DocumentReviewBody,
): Promise<OperatorDocument> {
  const reason = body.decision === "reject" ? (body.reason ?? null) : null;
  const decided = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const done = await documentsRepository(tx).decide({
      id,
      status: body.decision === "approve" ? DocumentStatus.Approved : DocumentStatus.Rejected,
      reviewer: reviewerOf(),
      reason,
      now,
    });
    // The decision in the audit trail, attributed to the calling key (ADR 0016).
    if (done) {
      await recordOperatorChange(tx, {
        kind: "player-document",
        entityId: id,
        action: "update",
        changes: { decision: body.decision, reason },
        now,
      });
    }
    return done;
  });
  const record = await documentsRepository(ctx.db).findAny(id);
  if (!record) throw AppError.notFound("No such document");
  if (!decided) {
    throw new AppError(409, ErrorCode.Conflict, "This document was decided before");
  }
  return toOperatorDocument(record);
}
