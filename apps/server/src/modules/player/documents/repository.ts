import type { DocumentType, PlayerDocument } from "@casino/contract/verification";
import { DocumentStatus } from "@casino/contract/verification";
import type { Queryable } from "../../../infra/db";

export interface DocumentRecord {
  id: string;
  playerId: string;
  type: DocumentType;
  status: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  reviewReason: string | null;
}

interface DocumentRow {
  id: string;
  player_id: string;
  type: DocumentType;
  status: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date;
  reviewed_at: Date | null;
  reviewed_by: string | null;
  review_reason: string | null;
}

const COLUMNS = `id, player_id, type, status, storage_key, file_name, content_type, size_bytes,
  created_at, reviewed_at, reviewed_by, review_reason`;

const prefixed = (alias: string) =>
  COLUMNS.split(",")
    .map((column) => `${alias}.${column.trim()}`)
    .join(", ");

function toRecord(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    type: row.type,
    status: Number(row.status),
    storageKey: row.storage_key,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size_bytes),
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at ? new Date(row.reviewed_at) : null,
    reviewedBy: row.reviewed_by,
    reviewReason: row.review_reason,
  };
}

export function toPlayerDocument(record: DocumentRecord): PlayerDocument {
  return {
    id: record.id,
    type: record.type,
    status: record.status,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.size,
    createdAt: record.createdAt.toISOString(),
    deletable: record.status !== DocumentStatus.Approved,
    reviewReason: record.reviewReason,
    reviewedAt: record.reviewedAt?.toISOString() ?? null,
  };
}

/** player_documents (migration 0020); every read is scoped to the owning player. */
export function documentsRepository(db: Queryable) {
  return {
    async list(playerId: string): Promise<DocumentRecord[]> {
      const rows = await db.query<DocumentRow>(
        `SELECT ${COLUMNS} FROM player_documents WHERE player_id = $1
          ORDER BY created_at DESC, id`,
        [playerId],
      );
      return rows.map(toRecord);
    },

    async count(playerId: string): Promise<number> {
      const [row] = await db.query<{ count: string }>(
        "SELECT count(*) AS count FROM player_documents WHERE player_id = $1",
        [playerId],
      );
      return Number(row?.count ?? 0);
    },

    async find(playerId: string, id: string): Promise<DocumentRecord | null> {
      const [row] = await db.query<DocumentRow>(
        `SELECT ${COLUMNS} FROM player_documents WHERE id = $1 AND player_id = $2`,
        [id, playerId],
      );
      return row ? toRecord(row) : null;
    },

    /** The operator's queue: documents in a status with their player's e-mail, oldest first. */
    async listByStatus(
      status: number,
      limit: number,
    ): Promise<(DocumentRecord & { playerEmail: string | null })[]> {
      const rows = await db.query<DocumentRow & { player_email: string | null }>(
        `SELECT ${prefixed("d")}, p.email AS player_email
           FROM player_documents d JOIN players p ON p.id = d.player_id
          WHERE d.status = $1 ORDER BY d.created_at, d.id LIMIT $2`,
        [status, limit],
      );
      return rows.map((row) => ({ ...toRecord(row), playerEmail: row.player_email }));
    },

    /** Any player's document (operator calls only). */
    async findAny(id: string): Promise<(DocumentRecord & { playerEmail: string | null }) | null> {
      const [row] = await db.query<DocumentRow & { player_email: string | null }>(
        `SELECT ${prefixed("d")}, p.email AS player_email
           FROM player_documents d JOIN players p ON p.id = d.player_id WHERE d.id = $1`,
        [id],
      );
      return row ? { ...toRecord(row), playerEmail: row.player_email } : null;
    },

    /** Decides a pending document once; null when it is not pending (or not there). */
    async decide(input: {
      id: string;
      status: number;
      reviewer: string;
      reason: string | null;
      now: Date;
    }): Promise<DocumentRecord | null> {
      const [row] = await db.query<DocumentRow>(
        `UPDATE player_documents
            SET status = $2, reviewed_by = $3, review_reason = $4, reviewed_at = $5
          WHERE id = $1 AND status = $6
          RETURNING ${COLUMNS}`,
        [input.id, input.status, input.reviewer, input.reason, input.now, DocumentStatus.Pending],
      );
      return row ? toRecord(row) : null;
    },

    async insert(
      input: Omit<DocumentRecord, "status" | "reviewedAt" | "reviewedBy" | "reviewReason"> & {
        sha256: string;
      },
    ): Promise<void> {
      await db.query(
        `INSERT INTO player_documents (id, player_id, type, status, storage_key, file_name,
           content_type, size_bytes, sha256, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          input.id,
          input.playerId,
          input.type,
          DocumentStatus.Pending,
          input.storageKey,
          input.fileName,
          input.contentType,
          input.size,
          input.sha256,
          input.createdAt,
        ],
      );
    },

    /** Deletes the player's document unless approved; the deleted row, or null. */
    async deleteUnlessApproved(playerId: string, id: string): Promise<DocumentRecord | null> {
      const [row] = await db.query<DocumentRow>(
        `DELETE FROM player_documents WHERE id = $1 AND player_id = $2 AND status <> $3
         RETURNING ${COLUMNS}`,
        [id, playerId, DocumentStatus.Approved],
      );
      return row ? toRecord(row) : null;
    },
  };
}
