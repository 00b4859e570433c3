// The chat's guests (issue 26): a guest is a random token in an HttpOnly cookie, stored as its
// SHA-256 in chat_guests; its conversation joins the player's account when a sign-in or sign-up
// request carries the cookie (mergeGuestConversation, called by the player module) or when a
// chat call carries both the cookie and a player's bearer token. This file imports nothing of
// the other modules, so the player module may import it without a cycle.
import { createHash, randomBytes } from "node:crypto";
import { CHAT_DESK_CHANNEL } from "@casino/contract/realtime";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";

export const GUEST_COOKIE = "casino_chat_guest";
export const SECURE_GUEST_COOKIE = "__Host-casino_chat_guest";
/** A guest's cookie lives 30 days from its last use. */
export const GUEST_COOKIE_SECONDS = 30 * 24 * 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type CookieConfig = Pick<Config, "publicUrl">;
const secure = (config: CookieConfig) => config.publicUrl.startsWith("https:");
const cookieName = (config: CookieConfig) => (secure(config) ? SECURE_GUEST_COOKIE : GUEST_COOKIE);
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return part.slice(eq + 1).trim();
  }
  return null;
}

/** The guest token of the request's cookie, or null (anything malformed is no token). */
export function readGuestCookie(
  request: { headers: { cookie?: string | undefined } },
  config: CookieConfig,
): string | null {
  const value = cookieValue(request.headers.cookie, cookieName(config));
  return value && TOKEN.test(value) ? value : null;
}

function serialize(config: CookieConfig, value: string, maxAge: number): string {
  const parts = [
    `${cookieName(config)}=${value}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure(config)) parts.push("Secure");
  return parts.join("; ");
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader("set-cookie");
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header("set-cookie", [...list, cookie]);
}

export function setGuestCookie(reply: FastifyReply, config: CookieConfig, token: string): void {
  appendCookie(reply, serialize(config, token, GUEST_COOKIE_SECONDS));
}

export function clearGuestCookie(reply: FastifyReply, config: CookieConfig): void {
  appendCookie(reply, serialize(config, "", 0));
}

/** The guest a token names, or null. */
export async function findGuest(db: Queryable, token: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>("SELECT id FROM chat_guests WHERE token_hash = $1", [
    hash(token),
  ]);
  return row?.id ?? null;
}

/** A new guest and its token (for the cookie). */
export async function createGuest(
  db: Queryable,
  now: Date,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const [row] = await db.query<{ id: string }>(
    "INSERT INTO chat_guests (token_hash, created_at, last_seen_at) VALUES ($1, $2, $2) RETURNING id",
    [hash(token), now],
  );
  return { id: row!.id, token };
}

/**
 * Moves a guest's chat conversation to the player, in one transaction: it becomes the player's
 * conversation when they have none, or its messages join the player's one (ids keep their order;
 * the guest's row is removed). The guest's token stops working either way. Returns the
 * conversation the messages are in now, or null when the guest had none.
 */
export async function mergeGuestConversation(
  db: Queryable & { transaction?: <R>(fn: (tx: Queryable) => Promise<R>) => Promise<R> },
  input: { guestToken: string; playerId: string; now: Date },
): Promise<string | null> {
  const transaction = db.transaction?.bind(db);
  const work = async (tx: Queryable): Promise<string | null> => {
    const [guest] = await tx.query<{ id: string }>(
      "SELECT id FROM chat_guests WHERE token_hash = $1 FOR UPDATE",
      [hash(input.guestToken)],
    );
    if (!guest) return null;
    const [from] = await tx.query<{ id: string }>(
      "SELECT id FROM chat_conversations WHERE guest_id = $1 FOR UPDATE",
      [guest.id],
    );
    let target: string | null = null;
    if (from) {
      const [mine] = await tx.query<{ id: string }>(
        `SELECT id FROM chat_conversations
          WHERE player_id = $1 AND source = 'chat' FOR UPDATE`,
        [input.playerId],
      );
      if (!mine) {
        await tx.query(
          `UPDATE chat_conversations SET player_id = $2, guest_id = NULL, updated_at = $3
            WHERE id = $1`,
          [from.id, input.playerId, input.now],
        );
        target = from.id;
      } else {
        await tx.query("UPDATE chat_messages SET conversation_id = $2 WHERE conversation_id = $1", [
          from.id,
          mine.id,
        ]);
        await tx.query(
          `UPDATE chat_conversations c SET
              last_message_id = m.last_id, last_message_at = m.last_at,
              last_player_message_at = GREATEST(c.last_player_message_at, g.last_player_message_at),
              waiting_since = LEAST(c.waiting_since, g.waiting_since),
              email = COALESCE(c.email, g.email), status = 'open', updated_at = $3
             FROM chat_conversations g,
                  (SELECT max(id) AS last_id, max(created_at) AS last_at FROM chat_messages
                    WHERE conversation_id = $2 AND kind = 'message') m
            WHERE c.id = $2 AND g.id = $1`,
          [from.id, mine.id, input.now],
        );
        await tx.query("DELETE FROM chat_conversations WHERE id = $1", [from.id]);
        target = mine.id;
      }
      await tx.query(
        "UPDATE chat_messages SET author_type = 'player' WHERE conversation_id = $1 AND author_type = 'guest'",
        [target],
      );
      // The desk hears the move (the window reopens the conversation after sign-in).
      await enqueueRealtimeEvents(
        tx,
        [
          {
            channel: CHAT_DESK_CHANNEL,
            payload: { type: "chat.conversation.merged", from: from.id, into: target },
          },
        ],
        input.now,
      );
    }
    await tx.query("DELETE FROM chat_guests WHERE id = $1", [guest.id]);
    return target;
  };
  return transaction ? transaction(work) : work(db);
}

/**
 * On every sign-in and sign-up (startSession): when the request carries a guest's chat cookie,
 * the guest's conversation joins the account. A failure never fails the sign-in (the next chat
 * call with both the cookie and the bearer token merges too). The cookie stays and names no
 * guest any more; the chat replaces it when the visitor chats as a guest again.
 */
export async function adoptGuestChat(
  ctx: { db: Parameters<typeof mergeGuestConversation>[0]; config: CookieConfig; now: () => Date },
  request: FastifyRequest,
  playerId: string,
): Promise<void> {
  const token = readGuestCookie(request, ctx.config);
  if (!token) return;
  try {
    await mergeGuestConversation(ctx.db, { guestToken: token, playerId, now: ctx.now() });
  } catch (error) {
    request.log.warn({ err: error }, "guest chat not moved to the account");
  }
}
