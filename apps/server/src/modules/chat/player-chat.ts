// The player's (or guest's) side of the chat (issue 26): who is asking, their conversation,
// sending, reading, typing and the e-mail to continue on.
import {
  CHAT_LIMITS,
  type ChatConversation,
  ChatErrorCode,
  type ChatMessage,
} from "@casino/contract/chat";
import { ErrorCode } from "@casino/contract/errors";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { resolvePublicSettingValues } from "../settings/public-settings";
import { settingsRepository } from "../settings/repository";
import { appendInBatch } from "./append-batch";
import {
  announceConversation,
  CONVERSATION_COLUMNS,
  type ConversationRow,
  findConversation,
  playerUnread,
  playerView,
  type StoredAttachment,
} from "./conversations";
import {
  createGuest,
  findGuest,
  mergeGuestConversation,
  readGuestCookie,
  setGuestCookie,
} from "./guest";

export type ChatIdentity =
  | { kind: "player"; profileId: string }
  | { kind: "guest"; guestId: string | null; token: string | null };

/** The chat's public switches, read at most every 5 s per node. */
let settingsCache: { at: number; provider: string; guests: boolean } | null = null;

export async function chatSettings(
  ctx: AppContext,
): Promise<{ provider: string; guestAvailable: boolean }> {
  const now = Date.now();
  if (!settingsCache || now - settingsCache.at > 5000) {
    const stored = await settingsRepository(ctx.db).siteSettings();
    const values = resolvePublicSettingValues(stored, ctx.config.publicSettingOverrides);
    settingsCache = {
      at: now,
      provider: String(values["chat.provider"] ?? "builtin"),
      guests: values["chat.guestAvailable"] === true,
    };
  }
  return { provider: settingsCache.provider, guestAvailable: settingsCache.guests };
}

/** Forgets the cached switches (tests that change them). */
export function forgetChatSettings(): void {
  settingsCache = null;
}

function unavailable(message: string): AppError {
  return new AppError(404, ChatErrorCode.ChatUnavailable, message);
}

/**
 * Who is chatting: the signed-in player (request.player, set by the optional bearer check), or
 * a guest by the cookie when guests may chat. A player whose request also carries a guest
 * cookie gets the guest's conversation moved to the account first.
 */
export async function chatIdentity(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<ChatIdentity> {
  const settings = await chatSettings(ctx);
  if (settings.provider !== "builtin") throw unavailable("The site's chat is not the built-in one");
  const token = readGuestCookie(request, ctx.config);
  if (request.player) {
    if (token) {
      await mergeGuestConversation(ctx.db, {
        guestToken: token,
        playerId: request.player.profileId,
        now: ctx.now(),
      });
    }
    return { kind: "player", profileId: request.player.profileId };
  }
  if (!settings.guestAvailable) throw unavailable("Sign in to chat with us");
  if (token) assertSameOrigin(request, ctx.config.publicUrl);
  return { kind: "guest", guestId: token ? await findGuest(ctx.db, token) : null, token };
}

/** A cookie-authenticated call must come from the site itself (as the session cookie's routes). */
function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const refused = () => new AppError(403, ErrorCode.Forbidden, "Cross-site request refused");
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw refused();
  const origin = request.headers.origin;
  if (origin === undefined || origin === new URL(publicUrl).origin) return;
  let host = "";
  try {
    host = new URL(origin).host;
  } catch {
    throw refused();
  }
  if (host === "" || host !== request.headers.host) throw refused();
}

const subjectOf = (identity: ChatIdentity) =>
  identity.kind === "player" ? identity.profileId : null;

/** The identity's chat conversation, or null. */
export async function findOwnConversation(
  ctx: AppContext,
  identity: ChatIdentity,
): Promise<ConversationRow | null> {
  if (identity.kind === "guest" && identity.guestId === null) return null;
  const [row] =
    identity.kind === "player"
      ? await ctx.db.query<ConversationRow>(
          `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c
            WHERE c.player_id = $1 AND c.source = 'chat'`,
          [identity.profileId],
        )
      : await ctx.db.query<ConversationRow>(
          `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c WHERE c.guest_id = $1`,
          [identity.guestId],
        );
  return row ?? null;
}

export async function requireOwnConversation(
  ctx: AppContext,
  identity: ChatIdentity,
): Promise<ConversationRow> {
  const row = await findOwnConversation(ctx, identity);
  if (!row) throw AppError.notFound("No conversation yet: open one first");
  return row;
}

/** POST /api/chat/conversation: the identity's conversation, made when there is none. */
export async function openConversation(
  ctx: AppContext,
  identity: ChatIdentity,
  reply: FastifyReply,
  locale: string | null,
): Promise<ChatConversation> {
  const now = ctx.now();
  let current = identity;
  if (current.kind === "guest" && current.guestId === null) {
    const guest = await createGuest(ctx.db, now);
    setGuestCookie(reply, ctx.config, guest.token);
    current = { kind: "guest", guestId: guest.id, token: guest.token };
  }
  let row = await findOwnConversation(ctx, current);
  if (!row) {
    await ctx.db.query(
      `INSERT INTO chat_conversations (id, source, player_id, guest_id, locale, player_seen_at,
         created_at, updated_at)
       VALUES (gen_random_uuid(), 'chat', $1, $2, $3, $4, $4, $4)
       ON CONFLICT DO NOTHING`,
      [
        current.kind === "player" ? current.profileId : null,
        current.kind === "guest" ? current.guestId : null,
        locale,
        now,
      ],
    );
    row = await findOwnConversation(ctx, current);
  } else {
    await touch(ctx, row.id);
  }
  return playerView(ctx, row!, subjectOf(identity));
}

/** The player's last activity on the conversation (away detection), at most every 10 s. */
export async function touch(ctx: AppContext, conversationId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.query(
    `UPDATE chat_conversations SET player_seen_at = $2
      WHERE id = $1 AND (player_seen_at IS NULL OR player_seen_at < $3)`,
    [conversationId, now, new Date(now.getTime() - 10_000)],
  );
}

export async function readConversation(
  ctx: AppContext,
  identity: ChatIdentity,
): Promise<ChatConversation> {
  const row = await requireOwnConversation(ctx, identity);
  await touch(ctx, row.id);
  return playerView(ctx, row, subjectOf(identity));
}

/** Text as sent, trimmed; 422 when empty (without a file) or too long. */
export function checkText(text: string, max: number, allowEmpty = false): string {
  const trimmed = text.trim();
  if (trimmed === "" && !allowEmpty) throw AppError.unprocessable({ text: ["Write a message"] });
  if ([...trimmed].length > max) {
    throw AppError.unprocessable({ text: [`At most ${max} characters`] });
  }
  return trimmed;
}

/** One point of the sender's allowance (CHAT_LIMITS.messagesPerMinute); 429 code 15429. */
export async function spendMessagePoint(ctx: AppContext, sender: string): Promise<void> {
  try {
    await ctx.rateLimits.consume("chatMessage", sender);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      throw new AppError(
        429,
        ChatErrorCode.RateLimited,
        `Too many messages: at most ${CHAT_LIMITS.messagesPerMinute} a minute`,
        undefined,
        error.headers,
      );
    }
    throw error;
  }
}

export async function sendPlayerMessage(
  ctx: AppContext,
  identity: ChatIdentity,
  input: { text: string; clientId?: string; attachment?: StoredAttachment | null },
): Promise<{ message: ChatMessage; replay: boolean }> {
  const text = checkText(input.text, CHAT_LIMITS.messageMaxLength, Boolean(input.attachment));
  const row = await requireOwnConversation(ctx, identity);
  await spendMessagePoint(ctx, `${row.id}`);
  const { appended } = await appendInBatch(ctx, {
    input: {
      conversationId: row.id,
      kind: "message",
      authorType: identity.kind,
      authorRef: identity.kind === "player" ? identity.profileId : null,
      authorName: null,
      text,
      attachment: input.attachment ?? null,
      clientId: input.clientId ?? null,
    },
  });
  const result = { message: appended.message, replay: appended.replay };
  if (result.replay) await ctx.rateLimits.refund("chatMessage", row.id);
  return result;
}

/** Marks read up to `lastReadId` (never backwards); the staff's window sees "read". */
export async function markPlayerRead(
  ctx: AppContext,
  identity: ChatIdentity,
  lastReadId: string,
): Promise<{ unread: number }> {
  const own = await requireOwnConversation(ctx, identity);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.query<ConversationRow>(
      `UPDATE chat_conversations c SET player_read_id = LEAST($2::bigint, COALESCE(c.last_message_id, 0)),
              player_seen_at = $3
        WHERE c.id = $1 AND COALESCE(c.player_read_id, 0) < $2::bigint
        RETURNING ${CONVERSATION_COLUMNS}`,
      [own.id, lastReadId, ctx.now()],
    );
    if (updated) await announceConversation(tx, ctx, updated);
    return updated ?? own;
  });
  return { unread: await playerUnread(ctx.db, row) };
}

export async function setConversationEmail(
  ctx: AppContext,
  identity: ChatIdentity,
  email: string,
): Promise<ChatConversation> {
  const own = await requireOwnConversation(ctx, identity);
  const row = await ctx.db.transaction(async (tx) => {
    await tx.query("UPDATE chat_conversations SET email = $2, updated_at = $3 WHERE id = $1", [
      own.id,
      email.trim().toLowerCase(),
      ctx.now(),
    ]);
    const updated = (await findConversation(tx, own.id))!;
    await announceConversation(tx, ctx, updated);
    return updated;
  });
  return playerView(ctx, row, subjectOf(identity));
}

/** GET /api/chat/unread: staff messages the player has not read (0 without a conversation). */
export async function unreadOf(ctx: AppContext, identity: ChatIdentity): Promise<number> {
  const row = await findOwnConversation(ctx, identity);
  return row ? playerUnread(ctx.db, row) : 0;
}

export { subjectOf };
