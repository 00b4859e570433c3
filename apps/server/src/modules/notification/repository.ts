import type { Notification } from "@casino/contract/notification";
import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";

export interface MessageRow {
  id: string;
  player_id: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  params: Record<string, string | number> | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const COLUMNS = "id, player_id, kind, title, text, link, params, created_at, read_at";
const iso = (value: Date | string) => new Date(value).toISOString();

export function toNotification(row: MessageRow): Notification {
  return {
    id: row.id,
    type: row.kind,
    title: row.title,
    text: row.text,
    readAt: row.read_at ? iso(row.read_at) : null,
    state: row.read_at ? 2 : 1,
    createdAt: iso(row.created_at),
    link: row.link,
    params: row.params ?? {},
    content: { title: row.title },
  };
}

export interface NewMessage {
  playerId: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  params: Record<string, string | number>;
  dedupeKey: string | null;
  broadcastId?: string | null;
  now: Date;
}

/** SQL of the messenger (messenger_messages, messenger_broadcasts) and contact_messages. */
export function notificationRepository(db: Queryable) {
  return {
    /** The new row, or null when the player already has a message with this dedupe key. */
    async insert(message: NewMessage): Promise<MessageRow | null> {
      const [row] = await db.query<MessageRow>(
        `INSERT INTO messenger_messages
           (player_id, kind, title, text, link, params, dedupe_key, broadcast_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)
         ON CONFLICT (player_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          message.playerId,
          message.kind,
          message.title,
          message.text,
          message.link,
          JSON.stringify(message.params),
          message.dedupeKey,
          message.broadcastId ?? null,
          message.now,
        ],
      );
      return row ?? null;
    },

    async unreadCount(playerId: string): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM messenger_messages
          WHERE player_id = $1 AND deleted_at IS NULL AND read_at IS NULL`,
        [playerId],
      );
      return Number(row?.count ?? 0);
    },

    /** One page, newest first, with the total and the unread count. */
    async page(
      playerId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: MessageRow[]; total: number; unread: number }> {
      const rows = await db.query<MessageRow>(
        `SELECT ${COLUMNS} FROM messenger_messages
          WHERE player_id = $1 AND deleted_at IS NULL
          ORDER BY created_at DESC, seq DESC LIMIT $2 OFFSET $3`,
        [playerId, limit, offset],
      );
      const [counts] = await db.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
           FROM messenger_messages WHERE player_id = $1 AND deleted_at IS NULL`,
        [playerId],
      );
      return { rows, total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
    },

    /**
     * Locks the player's messages among `ids` that are not deleted; the caller compares the
     * count with what it asked for (another player's id is not found).
     */
    async lockOwn(playerId: string, ids: readonly string[]): Promise<MessageRow[]> {
      return db.query<MessageRow>(
        `SELECT ${COLUMNS} FROM messenger_messages
          WHERE player_id = $1 AND id = ANY ($2::uuid[]) AND deleted_at IS NULL
          ORDER BY id FOR UPDATE`,
        [playerId, ids],
      );
    },

    /** Marks the messages read; a message read earlier keeps its first readAt. */
    async markRead(playerId: string, ids: readonly string[], now: Date): Promise<MessageRow[]> {
      await db.query(
        `UPDATE messenger_messages SET read_at = $3
          WHERE player_id = $1 AND id = ANY ($2::uuid[]) AND deleted_at IS NULL
            AND read_at IS NULL`,
        [playerId, ids, now],
      );
      return db.query<MessageRow>(
        `SELECT ${COLUMNS} FROM messenger_messages
          WHERE player_id = $1 AND id = ANY ($2::uuid[]) AND deleted_at IS NULL
          ORDER BY created_at DESC, seq DESC`,
        [playerId, ids],
      );
    },

    async markAllRead(playerId: string, now: Date): Promise<number> {
      const rows = await db.query(
        `UPDATE messenger_messages SET read_at = $2
          WHERE player_id = $1 AND deleted_at IS NULL AND read_at IS NULL RETURNING id`,
        [playerId, now],
      );
      return rows.length;
    },

    /** Realtime events in the caller's transaction (published after commit by the outbox). */
    enqueueEvents(events: readonly { channel: string; payload: unknown }[], now: Date) {
      return enqueueRealtimeEvents(db, events, now);
    },

    /** Unread counts of several players (players without unread messages are absent). */
    async unreadCounts(playerIds: readonly string[]): Promise<Map<string, number>> {
      const rows = await db.query<{ player_id: string; count: number }>(
        `SELECT player_id, count(*)::int AS count FROM messenger_messages
          WHERE player_id = ANY ($1::uuid[]) AND deleted_at IS NULL AND read_at IS NULL
          GROUP BY player_id`,
        [playerIds],
      );
      return new Map(rows.map((row) => [row.player_id, Number(row.count)]));
    },

    async softDelete(playerId: string, ids: readonly string[], now: Date): Promise<number> {
      const rows = await db.query(
        `UPDATE messenger_messages SET deleted_at = $3
          WHERE player_id = $1 AND id = ANY ($2::uuid[]) AND deleted_at IS NULL RETURNING id`,
        [playerId, ids, now],
      );
      return rows.length;
    },
  };
}

export type NotificationRepository = ReturnType<typeof notificationRepository>;
