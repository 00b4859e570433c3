import type { Queryable } from "./db";

export interface OutboxMessage {
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
}

export interface OutboxRecord extends OutboxMessage {
  id: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** Appends one message to the outbox (what the mail and SMS ports sent); returns its id. */
export async function writeOutbox(
  db: Queryable,
  message: OutboxMessage,
  now: Date,
  sentAt: Date | null = null,
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, link, created_at, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [message.channel, message.recipient, message.subject, message.body, message.link, now, sentAt],
  );
  return rows[0]!.id;
}

/** The latest messages, newest first, optionally only those to one recipient (case-insensitive). */
export async function listOutbox(
  db: Queryable,
  options: { to?: string | null; limit: number },
): Promise<OutboxRecord[]> {
  const rows = await db.query<{
    id: string;
    channel: "email" | "sms";
    recipient: string;
    subject: string | null;
    body: string;
    link: string | null;
    created_at: Date;
    sent_at: Date | null;
  }>(
    `SELECT id, channel, recipient, subject, body, link, created_at, sent_at
       FROM outbox_messages
      WHERE ($1::text IS NULL OR lower(recipient) = lower($1))
      ORDER BY id DESC
      LIMIT $2`,
    [options.to ?? null, options.limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    link: row.link,
    createdAt: new Date(row.created_at),
    sentAt: row.sent_at ? new Date(row.sent_at) : null,
  }));
}
