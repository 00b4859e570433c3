// The chat's conversations and messages (issue 26, docs/chat.md): rows, the two views (the
// player's and the desk's), and appending a message with its realtime events in one transaction.
import type {
  ChatAuthorType,
  ChatConversation,
  ChatConversationEvent,
  ChatDeskEvent,
  ChatMessage,
  DeskConversation,
} from "@casino/contract/chat";
import { CHAT_DESK_CHANNEL, chatConversationChannel } from "@casino/contract/realtime";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { iso } from "../../lib/operator-keys";
import { attachmentUrl, signSubscriptionToken } from "./tokens";

export interface ConversationRow {
  id: string;
  source: "chat" | "contact";
  player_id: string | null;
  guest_id: string | null;
  guest_name: string | null;
  email: string | null;
  subject: string | null;
  locale: string | null;
  status: "open" | "closed";
  assignee_ref: string | null;
  assignee_name: string | null;
  last_message_id: string | null;
  last_message_at: Date | null;
  last_player_message_at: Date | null;
  waiting_since: Date | null;
  player_seen_at: Date | null;
  player_read_id: string | null;
  staff_read_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const CONVERSATION_COLUMNS = `c.id, c.source, c.player_id, c.guest_id, c.guest_name, c.email,
  c.subject, c.locale, c.status, c.assignee_ref, c.assignee_name, c.last_message_id::text AS last_message_id,
  c.last_message_at, c.last_player_message_at, c.waiting_since, c.player_seen_at,
  c.player_read_id::text AS player_read_id, c.staff_read_id::text AS staff_read_id, c.created_at, c.updated_at`;

export interface MessageRow {
  id: string;
  conversation_id: string;
  kind: "message" | "note";
  author_type: ChatAuthorType;
  author_ref: string | null;
  author_name: string | null;
  text: string;
  attachment: StoredAttachment | string | null;
  client_id: string | null;
  created_at: Date;
}

export interface StoredAttachment {
  storageKey: string;
  fileName: string;
  contentType: "image/jpeg" | "image/png" | "application/pdf";
  size: number;
}

export const MESSAGE_COLUMNS = `m.id::text AS id, m.conversation_id, m.kind, m.author_type, m.author_ref,
  m.author_name, m.text, m.attachment, m.client_id, m.created_at`;

export function storedAttachment(row: MessageRow): StoredAttachment | null {
  if (row.attachment === null) return null;
  return typeof row.attachment === "string"
    ? (JSON.parse(row.attachment) as StoredAttachment)
    : row.attachment;
}

export function toChatMessage(
  ctx: Pick<AppContext, "config">,
  row: MessageRow,
  now: Date,
): ChatMessage {
  const attachment = storedAttachment(row);
  return {
    id: row.id,
    conversationId: row.conversation_id,
    kind: row.kind,
    author: {
      type: row.author_type,
      name: row.author_type === "staff" || row.author_type === "system" ? row.author_name : null,
    },
    text: row.text,
    attachment: attachment
      ? {
          fileName: attachment.fileName,
          contentType: attachment.contentType,
          size: attachment.size,
          url: attachmentUrl(ctx.config.secrets.jwtSecret, row.id, now),
        }
      : null,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Seconds a staff member counts as online after their last heartbeat (CHAT_STAFF_ONLINE_SECONDS). */
export function staffOnlineSeconds(ctx: Pick<AppContext, "config">): number {
  return ctx.config.chat.staffOnlineSeconds;
}

/** Seconds after the player's last activity on the conversation that they count as away. */
export function playerAwaySeconds(ctx: Pick<AppContext, "config">): number {
  return ctx.config.chat.playerAwaySeconds;
}

/** How many staff members sent a heartbeat within the online window. */
export async function staffOnlineCount(db: Queryable, ctx: Pick<AppContext, "config" | "now">) {
  const since = new Date(ctx.now().getTime() - staffOnlineSeconds(ctx) * 1000);
  const [row] = await db.query<{ n: number | string }>(
    "SELECT count(*) AS n FROM chat_staff_presence WHERE last_seen_at > $1",
    [since],
  );
  return Number(row?.n ?? 0);
}

export async function findConversation(
  db: Queryable,
  id: string,
  lock = false,
): Promise<ConversationRow | null> {
  const [row] = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c WHERE c.id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return row ?? null;
}

export async function requireConversation(db: Queryable, id: string, lock = false) {
  const row = await findConversation(db, id, lock);
  if (!row) throw AppError.notFound("No conversation with that id");
  return row;
}

/** The player's (or guest's) e-mail for replies: the conversation's, else the account's. */
async function replyEmail(db: Queryable, row: ConversationRow): Promise<string | null> {
  if (row.email) return row.email;
  if (!row.player_id) return null;
  const [player] = await db.query<{ email: string | null }>(
    "SELECT email FROM players WHERE id = $1",
    [row.player_id],
  );
  return player?.email ?? null;
}

type PlayerState = Omit<ChatConversation, "realtime" | "unread">;

async function playerState(
  db: Queryable,
  ctx: Pick<AppContext, "config" | "now">,
  row: ConversationRow,
): Promise<PlayerState> {
  return {
    id: row.id,
    status: row.status,
    staffOnline: (await staffOnlineCount(db, ctx)) > 0,
    email: await replyEmail(db, row),
    assignee: row.assignee_name ? { name: row.assignee_name } : null,
    playerReadId: row.player_read_id,
    staffReadId: row.staff_read_id,
    lastMessageId: row.last_message_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function playerUnread(db: Queryable, row: ConversationRow): Promise<number> {
  const [count] = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM chat_messages
      WHERE conversation_id = $1 AND kind = 'message' AND author_type IN ('staff', 'system')
        AND id > $2`,
    [row.id, row.player_read_id ?? "0"],
  );
  return Number(count?.n ?? 0);
}

/** The player's view, with a fresh subscription token for the conversation's channel. */
export async function playerView(
  ctx: Pick<AppContext, "config" | "now" | "db">,
  row: ConversationRow,
  subject: string | null,
): Promise<ChatConversation> {
  return {
    ...(await playerState(ctx.db, ctx, row)),
    unread: await playerUnread(ctx.db, row),
    realtime: await signSubscriptionToken(ctx.config.secrets.jwtSecret, {
      channel: chatConversationChannel(row.id),
      subject,
      now: ctx.now(),
    }),
  };
}

interface DeskRow extends ConversationRow {
  p_email: string | null;
  p_nickname: string | null;
  p_status: number | null;
  unread: number | string;
  lm_text: string | null;
  lm_author_type: ChatAuthorType | null;
  lm_kind: "message" | "note" | null;
  lm_created_at: Date | null;
}

/** The desk's columns: the conversation, its player, unread count and last message. */
export const DESK_SELECT = `SELECT ${CONVERSATION_COLUMNS},
    p.email AS p_email, p.nickname AS p_nickname, p.status AS p_status,
    (SELECT count(*) FROM chat_messages u
      WHERE u.conversation_id = c.id AND u.kind = 'message' AND u.author_type IN ('player', 'guest')
        AND u.id > COALESCE(c.staff_read_id, 0)) AS unread,
    lm.text AS lm_text, lm.author_type AS lm_author_type, lm.kind AS lm_kind,
    lm.created_at AS lm_created_at
  FROM chat_conversations c
  LEFT JOIN players p ON p.id = c.player_id
  LEFT JOIN chat_messages lm ON lm.id = c.last_message_id`;

export function toDeskConversation(row: DeskRow): DeskConversation {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    player: row.player_id
      ? {
          id: row.player_id,
          email: row.p_email,
          nickname: row.p_nickname,
          status: Number(row.p_status ?? 1),
        }
      : null,
    guest:
      row.player_id === null || row.guest_name !== null
        ? { name: row.guest_name, email: row.email }
        : null,
    subject: row.subject,
    locale: row.locale,
    assignee:
      row.assignee_ref && row.assignee_name
        ? { id: row.assignee_ref, name: row.assignee_name }
        : null,
    lastMessage:
      row.lm_text !== null && row.lm_author_type && row.lm_kind && row.lm_created_at
        ? {
            text: row.lm_text.slice(0, 200),
            authorType: row.lm_author_type,
            kind: row.lm_kind,
            createdAt: new Date(row.lm_created_at).toISOString(),
          }
        : null,
    waitingSince: iso(row.waiting_since),
    lastPlayerMessageAt: iso(row.last_player_message_at),
    unread: Number(row.unread),
    playerReadId: row.player_read_id,
    staffReadId: row.staff_read_id,
    lastMessageId: row.last_message_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function deskView(db: Queryable, id: string): Promise<DeskConversation> {
  const [row] = await db.query<DeskRow>(`${DESK_SELECT} WHERE c.id = $1`, [id]);
  if (!row) throw AppError.notFound("No conversation with that id");
  return toDeskConversation(row);
}

/**
 * Tells both sides a conversation's state changed: the player's channel (their view) and the
 * desk's. In the caller's transaction (the outbox).
 */
export async function announceConversation(
  tx: Queryable,
  ctx: Pick<AppContext, "config" | "now">,
  row: ConversationRow,
): Promise<void> {
  const now = ctx.now();
  const toPlayer: ChatConversationEvent = {
    type: "chat.conversation.updated",
    conversation: await playerState(tx, ctx, row),
  };
  const toDesk: ChatDeskEvent = {
    type: "chat.conversation.updated",
    conversation: await deskView(tx, row.id),
  };
  await enqueueRealtimeEvents(
    tx,
    [
      { channel: chatConversationChannel(row.id), payload: toPlayer },
      { channel: CHAT_DESK_CHANNEL, payload: toDesk },
    ],
    now,
  );
}

export interface NewMessage {
  conversationId: string;
  kind: "message" | "note";
  authorType: ChatAuthorType;
  authorRef: string | null;
  authorName: string | null;
  text: string;
  attachment?: StoredAttachment | null;
  clientId?: string | null;
}

/**
 * Appends a message in the caller's transaction: locks the conversation first (so message ids
 * grow in commit order within it), takes a repeated clientId as the same message, updates the
 * conversation's markers and writes the realtime events: the message to the player's channel
 * (never a note) and to the desk, and the desk's view of the conversation.
 * Returns the message, whether it was a replay, and the conversation after.
 */
export async function appendMessage(
  tx: Queryable,
  ctx: Pick<AppContext, "config" | "now">,
  input: NewMessage,
  locked?: ConversationRow,
): Promise<{ message: ChatMessage; replay: boolean; conversation: ConversationRow }> {
  const { events, ...appended } = await writeMessage(tx, ctx, input, locked);
  await enqueueRealtimeEvents(tx, events, ctx.now());
  return appended;
}

export type RealtimeEvent = { channel: string; payload: unknown };

/**
 * appendMessage without writing the realtime events: it answers them, in order, for the caller
 * to write in the same transaction (append-batch.ts writes a whole batch's events at once).
 * `locked`: the conversation's row, already locked in this transaction by the caller.
 */
export async function writeMessage(
  tx: Queryable,
  ctx: Pick<AppContext, "config" | "now">,
  input: NewMessage,
  locked?: ConversationRow,
): Promise<{
  message: ChatMessage;
  replay: boolean;
  conversation: ConversationRow;
  events: RealtimeEvent[];
}> {
  const now = ctx.now();
  const before = locked ?? (await requireConversation(tx, input.conversationId, true));
  if (input.clientId) {
    const [existing] = await tx.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m WHERE m.conversation_id = $1 AND m.client_id = $2`,
      [input.conversationId, input.clientId],
    );
    if (existing) {
      return {
        message: toChatMessage(ctx, existing, now),
        replay: true,
        conversation: before,
        events: [],
      };
    }
  }
  const fromPlayer = input.authorType === "player" || input.authorType === "guest";
  const fromStaff = input.kind === "message" && input.authorType === "staff";
  // One statement: the message, the conversation's markers and the desk's view of it after
  // (the statement's reads see the conversation's messages before this one: the unread count
  // adds the new one when it is the player's, and the last message is the new one unless it is
  // a note).
  const [row] = await tx.query<AppendedRow>(
    `WITH m AS (
       INSERT INTO chat_messages (conversation_id, kind, author_type, author_ref, author_name, text,
         attachment, client_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
       RETURNING id, conversation_id, kind, author_type, author_ref, author_name, text, attachment,
         client_id, created_at),
     c AS (
       UPDATE chat_conversations c SET
         last_message_id = CASE WHEN $2 = 'message' THEN m.id ELSE c.last_message_id END,
         last_message_at = CASE WHEN $2 = 'message' THEN $9 ELSE c.last_message_at END,
         last_player_message_at = CASE WHEN $10 THEN $9 ELSE c.last_player_message_at END,
         waiting_since = CASE WHEN $10 THEN COALESCE(c.waiting_since, $9)
                              WHEN $11 THEN NULL ELSE c.waiting_since END,
         player_seen_at = CASE WHEN $10 THEN $9 ELSE c.player_seen_at END,
         player_read_id = CASE WHEN $10 THEN m.id ELSE c.player_read_id END,
         staff_read_id = CASE WHEN $11 THEN m.id ELSE c.staff_read_id END,
         status = CASE WHEN $10 THEN 'open' ELSE c.status END,
         updated_at = $9
         FROM m
        WHERE c.id = $1
       RETURNING c.*)
     SELECT ${CONVERSATION_COLUMNS},
       m.id::text AS m_id, m.kind AS m_kind, m.author_type AS m_author_type,
       m.author_ref AS m_author_ref, m.author_name AS m_author_name, m.text AS m_text,
       m.attachment AS m_attachment, m.client_id AS m_client_id, m.created_at AS m_created_at,
       p.email AS p_email, p.nickname AS p_nickname, p.status AS p_status,
       (SELECT count(*) FROM chat_messages u
         WHERE u.conversation_id = c.id AND u.kind = 'message'
           AND u.author_type IN ('player', 'guest') AND u.id > COALESCE(c.staff_read_id, 0))
         + CASE WHEN m.kind = 'message' AND $10 AND m.id > COALESCE(c.staff_read_id, 0)
                THEN 1 ELSE 0 END AS unread,
       CASE WHEN m.kind = 'message' THEN m.text ELSE lm.text END AS lm_text,
       CASE WHEN m.kind = 'message' THEN m.author_type ELSE lm.author_type END AS lm_author_type,
       CASE WHEN m.kind = 'message' THEN m.kind ELSE lm.kind END AS lm_kind,
       CASE WHEN m.kind = 'message' THEN m.created_at ELSE lm.created_at END AS lm_created_at
       FROM m CROSS JOIN c
       LEFT JOIN players p ON p.id = c.player_id
       LEFT JOIN chat_messages lm ON lm.id = c.last_message_id AND m.kind <> 'message'`,
    [
      input.conversationId,
      input.kind,
      input.authorType,
      input.authorRef,
      input.authorName,
      input.text,
      input.attachment ? JSON.stringify(input.attachment) : null,
      input.clientId ?? null,
      now,
      fromPlayer,
      fromStaff,
    ],
  );
  const conversation = row!;
  const message = toChatMessage(
    ctx,
    {
      id: conversation.m_id,
      conversation_id: input.conversationId,
      kind: conversation.m_kind,
      author_type: conversation.m_author_type,
      author_ref: conversation.m_author_ref,
      author_name: conversation.m_author_name,
      text: conversation.m_text,
      attachment: conversation.m_attachment,
      client_id: conversation.m_client_id,
      created_at: conversation.m_created_at,
    },
    now,
  );
  const events: RealtimeEvent[] = [];
  if (input.kind === "message") {
    const toPlayer: ChatConversationEvent = { type: "chat.message.created", message };
    events.push({ channel: chatConversationChannel(input.conversationId), payload: toPlayer });
  }
  const toDesk: ChatDeskEvent = { type: "chat.message.created", message };
  const deskUpdate: ChatDeskEvent = {
    type: "chat.conversation.updated",
    conversation: toDeskConversation(conversation),
  };
  events.push(
    { channel: CHAT_DESK_CHANNEL, payload: toDesk },
    { channel: CHAT_DESK_CHANNEL, payload: deskUpdate },
  );
  // A closed conversation the player writes in again is open: tell the player's window.
  if (before.status === "closed" && conversation.status === "open") {
    events.push({
      channel: chatConversationChannel(input.conversationId),
      payload: {
        type: "chat.conversation.updated",
        conversation: await playerState(tx, ctx, conversation),
      } satisfies ChatConversationEvent,
    });
  }
  return { message, replay: false, conversation: conversationRowOf(conversation), events };
}

/** What appendMessage's statement answers: the conversation after (with the desk's columns) and the message. */
interface AppendedRow extends DeskRow {
  m_id: string;
  m_kind: "message" | "note";
  m_author_type: ChatAuthorType;
  m_author_ref: string | null;
  m_author_name: string | null;
  m_text: string;
  m_attachment: StoredAttachment | string | null;
  m_client_id: string | null;
  m_created_at: Date;
}

function conversationRowOf(row: AppendedRow): ConversationRow {
  const {
    m_id: _id,
    m_kind: _kind,
    m_author_type: _authorType,
    m_author_ref: _authorRef,
    m_author_name: _authorName,
    m_text: _text,
    m_attachment: _attachment,
    m_client_id: _clientId,
    m_created_at: _createdAt,
    p_email: _email,
    p_nickname: _nickname,
    p_status: _status,
    unread: _unread,
    lm_text: _lmText,
    lm_author_type: _lmAuthorType,
    lm_kind: _lmKind,
    lm_created_at: _lmCreatedAt,
    ...conversation
  } = row;
  return conversation;
}

/** A page of messages: `after` ascending from there, `before` the page before, else the latest. */
export async function listMessages(
  ctx: Pick<AppContext, "config" | "now" | "db">,
  conversationId: string,
  query: { after?: string; before?: string; limit: number },
  withNotes: boolean,
): Promise<{ data: ChatMessage[]; meta: { hasMore: boolean } }> {
  const notes = withNotes ? "" : " AND m.kind = 'message'";
  const limit = query.limit + 1;
  let rows: MessageRow[];
  if (query.after !== undefined) {
    rows = await ctx.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
        WHERE m.conversation_id = $1 AND m.id > $2${notes} ORDER BY m.id LIMIT $3`,
      [conversationId, query.after, limit],
    );
  } else {
    rows = await ctx.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
        WHERE m.conversation_id = $1 AND ($2::bigint IS NULL OR m.id < $2::bigint)${notes}
        ORDER BY m.id DESC LIMIT $3`,
      [conversationId, query.before ?? null, limit],
    );
  }
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (query.after === undefined) page.reverse();
  const now = ctx.now();
  return { data: page.map((row) => toChatMessage(ctx, row, now)), meta: { hasMore } };
}
