// The support desk (issue 26): the queue, replies and notes, assignment, close and reopen, read
// markers, presence, canned replies and the player's context. Every staff action writes the
// audit trail (operator_changes, naming the key) in its own transaction.
import { randomUUID } from "node:crypto";
import {
  type CannedReply,
  CHAT_LIMITS,
  ChatErrorCode,
  type ChatMessage,
  type ChatStaff,
  type DeskConversation,
  type DeskConversationQuery,
  type DeskPlayerContext,
} from "@casino/contract/chat";
import { CHAT_DESK_CHANNEL } from "@casino/contract/realtime";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { operatorActor, ROOT_ACTOR } from "../../lib/operator-api";
import { iso, recordOperatorChange } from "../../lib/operator-keys";
import { createNotification } from "../notification/create-notification";
import { readOperatorPlayer } from "../player/operator-players";
import { currencySubunits } from "../settings/list-currencies";
import { appendInBatch } from "./append-batch";
import {
  announceConversation,
  appendMessage,
  CONVERSATION_COLUMNS,
  type ConversationRow,
  DESK_SELECT,
  deskView,
  playerAwaySeconds,
  requireConversation,
  staffOnlineCount,
  staffOnlineSeconds,
  toDeskConversation,
} from "./conversations";
import { checkText, spendMessagePoint } from "./player-chat";
import { signSubscriptionToken } from "./tokens";

export interface Staff {
  ref: string;
  name: string;
}

/** The calling staff member: the operator user behind a session key, a named key, or root. */
export async function currentStaff(ctx: AppContext): Promise<Staff> {
  const actor = operatorActor() ?? ROOT_ACTOR;
  if (actor.keyId === null) return { ref: "root", name: actor.name };
  const [row] = await ctx.db.query<{ user_id: number | string | null; user_name: string | null }>(
    `SELECT k.user_id, u.name AS user_name FROM operator_api_keys k
       LEFT JOIN operator_users u ON u.id = k.user_id WHERE k.id = $1`,
    [actor.keyId],
  );
  if (row?.user_id !== null && row?.user_id !== undefined) {
    return { ref: `u${row.user_id}`, name: row.user_name ?? actor.name };
  }
  return { ref: `k${actor.keyId}`, name: actor.name };
}

export async function listDeskConversations(
  ctx: AppContext,
  query: DeskConversationQuery,
): Promise<{ data: DeskConversation[]; meta: { page: number; perPage: number; total: number } }> {
  const staff = await currentStaff(ctx);
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.status !== "all") where.push(`c.status = ${param(query.status)}`);
  if (query.view === "unassigned") where.push("c.assignee_ref IS NULL");
  if (query.view === "mine") where.push(`c.assignee_ref = ${param(staff.ref)}`);
  if (query.search) {
    const like = param(`%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    const exact = param(query.search);
    where.push(`(p.email ILIKE ${like} OR p.nickname ILIKE ${like} OR c.player_id::text = ${exact}
      OR c.email ILIKE ${like} OR c.guest_name ILIKE ${like} OR c.subject ILIKE ${like}
      OR EXISTS (SELECT 1 FROM chat_messages s WHERE s.conversation_id = c.id AND s.text ILIKE ${like}))`);
  }
  const filter = where.length > 0 ? ` WHERE ${where.join(" AND ")}` : "";
  const [count] = await ctx.db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM chat_conversations c LEFT JOIN players p ON p.id = c.player_id${filter}`,
    params,
  );
  const offset = (query.page - 1) * query.perPage;
  const rows = await ctx.db.query<Parameters<typeof toDeskConversation>[0]>(
    `${DESK_SELECT}${filter}
      ORDER BY (c.status = 'open' AND c.waiting_since IS NOT NULL) DESC, c.waiting_since ASC NULLS LAST,
               c.updated_at DESC, c.id
      LIMIT ${param(query.perPage)} OFFSET ${param(offset)}`,
    params,
  );
  return {
    data: rows.map(toDeskConversation),
    meta: { page: query.page, perPage: query.perPage, total: Number(count?.n ?? 0) },
  };
}

/**
 * A staff reply: 409 on a closed conversation; assigns an unassigned one to the replier; an
 * away player (no activity for CHAT_PLAYER_AWAY_SECONDS) also gets a site notification and an
 * e-mail (a guest: the e-mail only, when they left one).
 */
export async function replyToConversation(
  ctx: AppContext,
  conversationId: string,
  input: { text: string; clientId?: string },
): Promise<{ message: ChatMessage; replay: boolean }> {
  const text = checkText(input.text, CHAT_LIMITS.messageMaxLength);
  const staff = await currentStaff(ctx);
  await requireConversation(ctx.db, conversationId);
  await spendMessagePoint(ctx, `staff:${staff.ref}`);
  const { appended: result, result: offline } = await appendInBatch(ctx, {
    input: {
      conversationId,
      kind: "message",
      authorType: "staff",
      authorRef: staff.ref,
      authorName: staff.name,
      text,
      clientId: input.clientId ?? null,
    },
    check: (current) => {
      if (current.status === "closed") {
        throw new AppError(
          409,
          ChatErrorCode.ConversationClosed,
          "The conversation is closed: reopen it first",
        );
      }
    },
    after: async (tx, appended, current, flush) => {
      if (current.assignee_ref === null) {
        await tx.query(
          "UPDATE chat_conversations SET assignee_ref = $2, assignee_name = $3 WHERE id = $1",
          [conversationId, staff.ref, staff.name],
        );
        await flush();
        await announceConversation(tx, ctx, (await requireConversation(tx, conversationId))!);
      }
      await recordOperatorChange(tx, {
        kind: "chat-message",
        entityId: appended.message.id,
        action: "create",
        changes: { conversationId, kind: "message", length: text.length },
        now: ctx.now(),
      });
      const awaySince = ctx.now().getTime() - playerAwaySeconds(ctx) * 1000;
      const seen = current.player_seen_at ? new Date(current.player_seen_at).getTime() : 0;
      if (seen >= awaySince) return null;
      const [player] = current.player_id
        ? await tx.query<{ email: string | null }>("SELECT email FROM players WHERE id = $1", [
            current.player_id,
          ])
        : [];
      if (current.player_id) {
        await flush();
        await createNotification(tx, ctx, {
          playerId: current.player_id,
          kind: "chat",
          title: "New reply from support",
          text: text.length > 200 ? `${text.slice(0, 197)}...` : text,
          link: "/?chat=open",
          dedupeKey: `chat:${appended.message.id}`,
        });
      }
      return { playerId: current.player_id, email: current.email ?? player?.email ?? null };
    },
  });
  const away = offline ?? null;
  if (away?.email) {
    await ctx.mail.send({
      to: away.email,
      subject: "New reply from support",
      text: [
        `${staff.name} replied to your conversation:`,
        "",
        text,
        "",
        `Continue the conversation: ${ctx.config.publicUrl}/?chat=open`,
      ].join("\n"),
      link: `${ctx.config.publicUrl}/?chat=open`,
    });
  }
  return result;
}

export async function addNote(
  ctx: AppContext,
  conversationId: string,
  rawText: string,
): Promise<ChatMessage> {
  const text = checkText(rawText, CHAT_LIMITS.noteMaxLength);
  const staff = await currentStaff(ctx);
  return ctx.db.transaction(async (tx) => {
    const { message } = await appendMessage(tx, ctx, {
      conversationId,
      kind: "note",
      authorType: "staff",
      authorRef: staff.ref,
      authorName: staff.name,
      text,
    });
    await recordOperatorChange(tx, {
      kind: "chat-message",
      entityId: message.id,
      action: "create",
      changes: { conversationId, kind: "note", length: text.length },
      now: ctx.now(),
    });
    return message;
  });
}

async function staffName(db: Queryable, ref: string): Promise<string | null> {
  if (ref === "root") return ROOT_ACTOR.name;
  const id = ref.slice(1);
  const [row] =
    ref[0] === "u"
      ? await db.query<{ name: string }>(
          "SELECT name FROM operator_users WHERE id = $1 AND disabled_at IS NULL AND 'support' = ANY(scopes)",
          [id],
        )
      : await db.query<{ name: string }>(
          "SELECT name FROM operator_api_keys WHERE id = $1 AND revoked_at IS NULL AND user_id IS NULL AND 'support' = ANY(scopes)",
          [id],
        );
  return row?.name ?? null;
}

/** Assign to the caller ("me"), transfer to another staff member, or back to the queue (null). */
export async function assignConversation(
  ctx: AppContext,
  conversationId: string,
  assignee: string | null,
): Promise<DeskConversation> {
  const staff = await currentStaff(ctx);
  let target: Staff | null = null;
  if (assignee === "me" || assignee === staff.ref) target = staff;
  else if (assignee !== null) {
    const name = await staffName(ctx.db, assignee);
    if (!name) {
      throw AppError.unprocessable({ assignee: ["No support staff member with that id"] });
    }
    target = { ref: assignee, name };
  }
  return ctx.db.transaction(async (tx) => {
    const before = await requireConversation(tx, conversationId, true);
    const [row] = await tx.query<ConversationRow>(
      `UPDATE chat_conversations c SET assignee_ref = $2, assignee_name = $3, updated_at = $4
        WHERE c.id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
      [conversationId, target?.ref ?? null, target?.name ?? null, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "chat-conversation",
      entityId: conversationId,
      action: "update",
      changes: { assignee: target?.ref ?? null, previous: before.assignee_ref },
      now: ctx.now(),
    });
    await announceConversation(tx, ctx, row!);
    return deskView(tx, conversationId);
  });
}

export async function setConversationStatus(
  ctx: AppContext,
  conversationId: string,
  status: "open" | "closed",
): Promise<DeskConversation> {
  return ctx.db.transaction(async (tx) => {
    await requireConversation(tx, conversationId, true);
    const [row] = await tx.query<ConversationRow>(
      `UPDATE chat_conversations c SET status = $2, updated_at = $3,
              waiting_since = CASE WHEN $2 = 'closed' THEN NULL ELSE c.waiting_since END
        WHERE c.id = $1 RETURNING ${CONVERSATION_COLUMNS}`,
      [conversationId, status, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "chat-conversation",
      entityId: conversationId,
      action: "update",
      changes: { status },
      now: ctx.now(),
    });
    await announceConversation(tx, ctx, row!);
    return deskView(tx, conversationId);
  });
}

export async function markStaffRead(
  ctx: AppContext,
  conversationId: string,
  lastReadId: string,
): Promise<DeskConversation> {
  return ctx.db.transaction(async (tx) => {
    await requireConversation(tx, conversationId, true);
    const [row] = await tx.query<ConversationRow>(
      `UPDATE chat_conversations c SET staff_read_id = LEAST($2::bigint, COALESCE(c.last_message_id, 0))
        WHERE c.id = $1 AND COALESCE(c.staff_read_id, 0) < $2::bigint
        RETURNING ${CONVERSATION_COLUMNS}`,
      [conversationId, lastReadId],
    );
    if (row) await announceConversation(tx, ctx, row);
    return deskView(tx, conversationId);
  });
}

/** The heartbeat: this staff member is at the desk now. */
export async function heartbeat(ctx: AppContext) {
  const staff = await currentStaff(ctx);
  await ctx.db.query(
    `INSERT INTO chat_staff_presence (staff_ref, name, last_seen_at) VALUES ($1, $2, $3)
     ON CONFLICT (staff_ref) DO UPDATE SET name = EXCLUDED.name, last_seen_at = EXCLUDED.last_seen_at`,
    [staff.ref, staff.name, ctx.now()],
  );
  return { staffOnline: await staffOnlineCount(ctx.db, ctx), realtime: await deskToken(ctx) };
}

export function deskToken(ctx: AppContext) {
  return signSubscriptionToken(ctx.config.secrets.jwtSecret, {
    channel: CHAT_DESK_CHANNEL,
    subject: null,
    now: ctx.now(),
  });
}

export async function deskUnread(ctx: AppContext) {
  const staff = await currentStaff(ctx);
  const [row] = await ctx.db.query<{ unread: string; unassigned: string; mine: string }>(
    `SELECT
       count(*) FILTER (WHERE c.last_player_message_at IS NOT NULL AND EXISTS (
         SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.kind = 'message'
            AND m.author_type IN ('player', 'guest') AND m.id > COALESCE(c.staff_read_id, 0))) AS unread,
       count(*) FILTER (WHERE c.assignee_ref IS NULL) AS unassigned,
       count(*) FILTER (WHERE c.assignee_ref = $1) AS mine
     FROM chat_conversations c WHERE c.status = 'open'`,
    [staff.ref],
  );
  return {
    unread: Number(row?.unread ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    mine: Number(row?.mine ?? 0),
    staffOnline: await staffOnlineCount(ctx.db, ctx),
  };
}

/** Everyone who may answer: operator users and named keys with the support scope. */
export async function listStaff(ctx: AppContext): Promise<ChatStaff[]> {
  const since = ctx.now().getTime() - staffOnlineSeconds(ctx) * 1000;
  const rows = await ctx.db.query<{ ref: string; name: string; last_seen_at: Date | null }>(
    `SELECT s.ref, s.name, p.last_seen_at FROM (
       SELECT 'u' || id::text AS ref, name FROM operator_users
        WHERE disabled_at IS NULL AND 'support' = ANY(scopes)
       UNION ALL
       SELECT 'k' || id::text, name FROM operator_api_keys
        WHERE user_id IS NULL AND revoked_at IS NULL AND 'support' = ANY(scopes)
     ) s LEFT JOIN chat_staff_presence p ON p.staff_ref = s.ref
     ORDER BY s.name`,
  );
  return rows.map((row) => ({
    id: row.ref,
    name: row.name,
    online: row.last_seen_at !== null && new Date(row.last_seen_at).getTime() > since,
    lastSeenAt: iso(row.last_seen_at),
  }));
}

// ---- Canned replies -------------------------------------------------------------------------

interface CannedRow {
  id: string;
  locale: string;
  title: string;
  text: string;
  created_at: Date;
  updated_at: Date;
}
const toCanned = (row: CannedRow): CannedReply => ({
  id: row.id,
  locale: row.locale,
  title: row.title,
  text: row.text,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function listCanned(ctx: AppContext, locale?: string): Promise<CannedReply[]> {
  const rows = await ctx.db.query<CannedRow>(
    `SELECT * FROM chat_canned_replies WHERE ($1::text IS NULL OR locale = $1) ORDER BY locale, title`,
    [locale ?? null],
  );
  return rows.map(toCanned);
}

export async function createCanned(
  ctx: AppContext,
  body: { locale: string; title: string; text: string },
): Promise<CannedReply> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<CannedRow>(
      `INSERT INTO chat_canned_replies (id, locale, title, text, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING *`,
      [randomUUID(), body.locale, body.title, body.text, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "chat-canned-reply",
      entityId: row!.id,
      action: "create",
      changes: body,
      now: ctx.now(),
    });
    return toCanned(row!);
  });
}

export async function patchCanned(
  ctx: AppContext,
  id: string,
  body: { locale?: string; title?: string; text?: string },
): Promise<CannedReply> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<CannedRow>(
      `UPDATE chat_canned_replies SET locale = COALESCE($2, locale), title = COALESCE($3, title),
              text = COALESCE($4, text), updated_at = $5
        WHERE id = $1 RETURNING *`,
      [id, body.locale ?? null, body.title ?? null, body.text ?? null, ctx.now()],
    );
    if (!row) throw AppError.notFound("No canned reply with that id");
    await recordOperatorChange(tx, {
      kind: "chat-canned-reply",
      entityId: id,
      action: "update",
      changes: body,
      now: ctx.now(),
    });
    return toCanned(row);
  });
}

export async function deleteCanned(ctx: AppContext, id: string): Promise<CannedReply> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<CannedRow>(
      "DELETE FROM chat_canned_replies WHERE id = $1 RETURNING *",
      [id],
    );
    if (!row) throw AppError.notFound("No canned reply with that id");
    await recordOperatorChange(tx, {
      kind: "chat-canned-reply",
      entityId: id,
      action: "delete",
      changes: { title: row.title, locale: row.locale },
      now: ctx.now(),
    });
    return toCanned(row);
  });
}

// ---- The player's context -------------------------------------------------------------------

const INVOICE_STATUS: Record<number, string> = {
  1: "pending",
  2: "success",
  3: "failure",
  4: "declined",
};
const LIMIT_NAMES: Record<number, string> = {
  1: "bet",
  2: "loss",
  3: "deposit",
  4: "self-exclusion",
  5: "cooling-off",
};

/**
 * Beside a conversation: the player's profile and balances (the player desk's own read,
 * readOperatorPlayer), their latest payments, active bonuses, limits and documents.
 */
export async function playerContext(
  ctx: AppContext,
  conversationId: string,
): Promise<DeskPlayerContext | null> {
  const conversation = await requireConversation(ctx.db, conversationId);
  const id = conversation.player_id;
  if (!id) return null;
  const player = await readOperatorPlayer(ctx, id);
  const payments = await ctx.db.query<{
    id: string;
    type: number;
    amount: string;
    currency: string;
    status: number;
    created_at: Date;
  }>(
    `SELECT id::text AS id, type, amount::text AS amount, currency, status, created_at
       FROM payment_invoices WHERE player_id = $1 ORDER BY created_at DESC LIMIT 10`,
    [id],
  );
  // Issued (1) and active (2) bonuses: the ones the player may ask about.
  const bonuses = await ctx.db.query<{
    id: string;
    name: string;
    status: number;
    issued_at: Date;
  }>(
    `SELECT pb.id::text AS id, b.name, pb.status, pb.issued_at
       FROM player_bonuses pb JOIN bonuses b ON b.id = pb.bonus_id
      WHERE pb.player_id = $1 AND pb.status IN (1, 2) ORDER BY pb.issued_at DESC LIMIT 10`,
    [id],
  );
  // Amounts are stored in minor units: shown in the currency's major units.
  const subunits = await currencySubunits(ctx.db);
  const major = (minor: string, currency: string) =>
    formatAmount(BigInt(minor), subunits.get(currency) ?? 100);
  const limits = await ctx.db.query<{
    definition: number;
    period: string | null;
    currency: string | null;
    amount: string | null;
    expires_at: Date | null;
  }>(
    `SELECT definition, period, currency, amount::text AS amount, expires_at
       FROM player_limits WHERE player_id = $1 AND (expires_at IS NULL OR expires_at > $2)
      ORDER BY definition`,
    [id, ctx.now()],
  );
  const documents = await ctx.db.query<{ status: number; n: number | string }>(
    "SELECT status, count(*) AS n FROM player_documents WHERE player_id = $1 GROUP BY status",
    [id],
  );
  const docCount = (status: number) =>
    Number(documents.find((row) => Number(row.status) === status)?.n ?? 0);
  return {
    player: {
      id: player.id,
      email: player.email,
      nickname: player.nickname,
      firstName: player.firstName,
      lastName: player.lastName,
      country: player.country,
      currency: player.currency,
      status: player.status,
      registeredAt: player.registeredAt,
      link: `/backoffice/players/${player.id}`,
    },
    accounts: player.accounts.map((account) => ({
      currency: account.currency,
      balance: String(account.balance),
      bonusBalance: String(account.bonusBalance),
    })),
    payments: payments.map((row) => ({
      id: row.id,
      type: Number(row.type) === 2 ? "withdrawal" : "deposit",
      amount: major(row.amount, row.currency),
      currency: row.currency,
      status: INVOICE_STATUS[Number(row.status)] ?? String(row.status),
      createdAt: new Date(row.created_at).toISOString(),
    })),
    bonuses: bonuses.map((row) => ({
      id: row.id,
      title: row.name,
      status: Number(row.status) === 2 ? "active" : "issued",
      createdAt: new Date(row.issued_at).toISOString(),
    })),
    limits: limits.map((row) => ({
      type: [LIMIT_NAMES[Number(row.definition)] ?? `limit ${row.definition}`, row.period]
        .filter(Boolean)
        .join(" "),
      value:
        row.amount === null
          ? null
          : row.currency
            ? `${major(row.amount, row.currency)} ${row.currency}`
            : row.amount,
      endsAt: iso(row.expires_at),
    })),
    verification: {
      verified: docCount(2) > 0,
      documents: { pending: docCount(1), approved: docCount(2), rejected: docCount(3) },
    },
  };
}
