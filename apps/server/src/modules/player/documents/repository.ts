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
}

const COLUMNS =
  "id, player_id, type, status, storage_key, file_name, content_type, size_bytes, created_at";

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

    async insert(input: Omit<DocumentRecord, "status"> & { sha256: string }): Promise<void> {
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
