import {
  type BroadcastBody,
  type BroadcastResponse,
  messengerChannel,
  type NotificationEvent,
} from "@casino/contract/notification";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { recordOperatorChange } from "../../lib/operator-keys";
import { type MessageRow, notificationRepository, toNotification } from "./repository";

type Broadcast = BroadcastResponse["data"];

interface BroadcastRow {
  id: string;
  kind: "promo" | "service";
  recipients: number;
  skipped: number;
  created_at: Date | string;
}

const toBroadcast = (row: BroadcastRow, replay: boolean): Broadcast => ({
  id: row.id,
  kind: row.kind,
  recipients: Number(row.recipients),
  skipped: Number(row.skipped),
  createdAt: new Date(row.created_at).toISOString(),
  replay,
});

async function existing(tx: Queryable, key: string): Promise<Broadcast | null> {
  const [row] = await tx.query<BroadcastRow>(
    "SELECT id, kind, recipients, skipped, created_at FROM messenger_broadcasts WHERE operator_key = $1",
    [key],
  );
  return row ? toBroadcast(row, true) : null;
}

/**
 * The operator's message to every player or to listed players (POST
 * /api/operator/notifications/broadcasts), in one transaction: a message per recipient and its
 * realtime event. Blocked players get nothing; a `promo` broadcast also skips players who are
 * self-excluded or cooling off (player_limits definitions 4 and 5 still in force: the rule of
 * modules/risk isActiveBlock, as SQL), a `service` one does not. With an operator `key`, sending
 * again returns the first broadcast and writes nothing.
 */
export async function sendBroadcast(ctx: AppContext, body: BroadcastBody): Promise<Broadcast> {
  return ctx.db.transaction(async (tx) => {
    if (body.key) {
      const found = await existing(tx, body.key);
      if (found) return found;
    }
    const now = ctx.now();
    const playerIds = body.playerIds ? [...new Set(body.playerIds)] : null;
    const [created] = await tx.query<BroadcastRow>(
      `INSERT INTO messenger_broadcasts (operator_key, kind, title, text, link, player_ids, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7)
       ON CONFLICT (operator_key) DO NOTHING
       RETURNING id, kind, recipients, skipped, created_at`,
      [body.key ?? null, body.kind, body.title, body.text, body.link ?? null, playerIds, now],
    );
    if (!created) {
      // The same key committed by a concurrent request meanwhile.
      const found = await existing(tx, body.key!);
      if (found) return found;
      throw new Error("broadcast key conflict without a broadcast");
    }
    await recordOperatorChange(tx, {
      kind: "broadcast",
      entityId: created.id,
      action: "create",
      changes: { ...body, playerIds: playerIds?.length ?? null },
      now,
    });
    const rows = await tx.query<MessageRow>(
      `INSERT INTO messenger_messages
         (player_id, kind, title, text, link, params, dedupe_key, broadcast_id, created_at)
       SELECT p.id, $2, $3, $4, $5, '{}'::jsonb, 'broadcast:' || $1::text, $1::uuid, $6
         FROM players p
        WHERE p.status <> 3
          AND ($7::uuid[] IS NULL OR p.id = ANY ($7::uuid[]))
          AND ($2 <> 'promo' OR NOT EXISTS (
                SELECT 1 FROM player_limits l
                 WHERE l.player_id = p.id AND l.definition IN (4, 5)
                   AND (l.expires_at IS NULL OR l.expires_at > $6)))
       ON CONFLICT (player_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id, player_id, kind, title, text, link, params, created_at, read_at`,
      [created.id, body.kind, body.title, body.text, body.link ?? null, now, playerIds],
    );
    const repository = notificationRepository(tx);
    const unread = await repository.unreadCounts(rows.map((row) => row.player_id));
    await repository.enqueueEvents(
      rows.map((row) => {
        const payload: NotificationEvent = {
          type: "notification.created",
          notification: toNotification(row),
          totalUnread: unread.get(row.player_id) ?? 0,
        };
        return { channel: messengerChannel(row.player_id), payload };
      }),
      now,
    );
    const [audience] = await tx.query<{ count: number }>(
      playerIds
        ? "SELECT cardinality($1::uuid[])::int AS count"
        : "SELECT count(*)::int AS count FROM players",
      playerIds ? [playerIds] : [],
    );
    const skipped = Math.max(0, Number(audience?.count ?? 0) - rows.length);
    const [updated] = await tx.query<BroadcastRow>(
      `UPDATE messenger_broadcasts SET recipients = $2, skipped = $3 WHERE id = $1
       RETURNING id, kind, recipients, skipped, created_at`,
      [created.id, rows.length, skipped],
    );
    return toBroadcast(updated!, false);
  });
}
