// The chat window's pure rules (issue 26): the message list as it grows from history pages,
// live publications, a reconnect's catch-up and the player's own sends; the unread count the
// launcher shows; the read marks; and which text an error of a send shows.
import type { ChatMessage } from "@casino/contract/chat";
import { compareMessageIds } from "@casino/contract/chat-text";

/** A message the player sent that the server has not answered yet (or that failed). */
export type PendingMessage = {
  clientId: string;
  text: string;
  state: "sending" | "failed";
  /** The problem's content key and its values, when it failed. */
  error?: ChatProblem;
};

/** Compares two message ids (decimal strings that grow within a conversation). */
export const compareIds = compareMessageIds;

/** Whether id `a` is after id `b` (any id is after null). */
export const isAfter = (a: string, b: string | null) => b === null || compareIds(a, b) > 0;

/**
 * The list with `incoming` added: each id once (a later copy wins), oldest first. A message
 * arrives twice when the live publication and a history page (the catch-up after a reconnect, or
 * the answer to the send) both carry it.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** The newest message's id, or null for an empty list. */
export const newestId = (messages: readonly ChatMessage[]): string | null =>
  messages.at(-1)?.id ?? null;

/** The pending sends still waiting or failed: those whose clientId the list does not have yet. */
export function stillPending(
  pending: readonly PendingMessage[],
  messages: readonly ChatMessage[],
): PendingMessage[] {
  const arrived = new Set(messages.map((message) => message.clientId).filter(Boolean));
  return pending.filter((item) => !arrived.has(item.clientId));
}

/** Whether the message counts towards the player's unread: from staff (or the system), not a note. */
export const countsAsUnread = (message: ChatMessage) =>
  message.kind === "message" &&
  (message.author.type === "staff" || message.author.type === "system");

/**
 * The launcher's unread count: messages from staff after the player's read mark among the loaded
 * ones, plus `older` (those the server counted at the open that are older than the first loaded
 * page, so not in `messages`).
 */
export function unreadCount(
  messages: readonly ChatMessage[],
  playerReadId: string | null,
  older = 0,
): number {
  let count = older;
  for (const message of messages) {
    if (countsAsUnread(message) && isAfter(message.id, playerReadId)) count += 1;
  }
  return count;
}

/**
 * Of the server's unread count at the open, how many the first loaded page does not hold (when
 * more than a page is unread): added to what the loaded messages give.
 */
export function unreadBeyondPage(
  serverUnread: number,
  messages: readonly ChatMessage[],
  playerReadId: string | null,
): number {
  return Math.max(0, serverUnread - unreadCount(messages, playerReadId));
}

/** The newest message the player can mark read, when it is after their read mark. */
export function nextReadMark(
  messages: readonly ChatMessage[],
  playerReadId: string | null,
): string | null {
  const newest = newestId(messages);
  return newest !== null && isAfter(newest, playerReadId) ? newest : null;
}

/** The read state of the player's own message: "seen" once staff read up to it. */
export function deliveryOf(message: ChatMessage, staffReadId: string | null): "seen" | "sent" {
  return staffReadId !== null && compareIds(message.id, staffReadId) <= 0 ? "seen" : "sent";
}

/** Whether the message is the player's (or the guest's) own. */
export const isOwn = (message: ChatMessage) =>
  message.author.type === "player" || message.author.type === "guest";

/** A problem to show: a content key under global-components.chat.errors and its values. */
export type ChatProblem = { key: string; fallback: string; vars?: Record<string, number> };

type ErrorLike = { status?: number; code?: number; fields?: Record<string, string[]> };

/** The chat's error codes (contract ChatErrorCode), here without importing the zod contract. */
const RATE_LIMITED = 15429;
const UNAVAILABLE = 15001;

/**
 * What a failed send (or upload) tells the player: too many messages (429, with the wait when
 * the server said it), too long (422 on `text`), a file refused (422 on `file`, 413), the chat
 * gone (404/15001), or a general failure.
 */
export function problemOf(
  error: unknown,
  limits: { maxLength: number },
  retryAfterSeconds?: number | null,
): ChatProblem {
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  if (e.status === 429 || e.code === RATE_LIMITED) {
    return retryAfterSeconds && retryAfterSeconds > 0
      ? {
          key: "rateLimitedFor",
          fallback: "You are sending messages too fast. Try again in {seconds} s.",
          vars: { seconds: retryAfterSeconds },
        }
      : { key: "rateLimited", fallback: "You are sending messages too fast. Wait a moment." };
  }
  if (e.status === 413) {
    return { key: "fileTooLarge", fallback: "The file is too large." };
  }
  if (e.status === 422 && e.fields?.text) {
    return {
      key: "tooLong",
      fallback: "Your message is too long: at most {max} characters.",
      vars: { max: limits.maxLength },
    };
  }
  if (e.status === 422 && e.fields?.file) {
    return { key: "fileRefused", fallback: "Send a JPEG or PNG image or a PDF." };
  }
  if (e.status === 404 || e.code === UNAVAILABLE) {
    return { key: "unavailable", fallback: "The chat is not available right now." };
  }
  return { key: "sendFailed", fallback: "Your message was not sent. Try again." };
}

/** The length problem shown while typing, before anything is sent (null: fine). */
export function lengthProblem(text: string, maxLength: number): ChatProblem | null {
  return text.trim().length > maxLength
    ? {
        key: "tooLong",
        fallback: "Your message is too long: at most {max} characters.",
        vars: { max: maxLength },
      }
    : null;
}

/** The Retry-After header in seconds (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - now) / 1000));
}

/** An attachment's link when it is one the page may use: this site's, or http(s). */
export function attachmentHref(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A file size for people: "850 B", "12 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The types an attachment may have (the same as documents). */
export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
