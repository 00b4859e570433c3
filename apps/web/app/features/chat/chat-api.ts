// The built-in chat's calls (issue 26, /api/chat; docs/chat.md). A player calls with the bearer
// token like everywhere; a guest is the HttpOnly chat cookie, so every /api/chat call sends
// credentials (lib/api/api-client credentialsFor). Failures are ApiErrors; a 429 carries the
// server's Retry-After in seconds.
import type {
  ChatConversation,
  ChatMessage,
  ChatMessageList,
  ChatRealtimeToken,
} from "@casino/contract/chat";
import { apiFetch } from "../../lib/api/api-client";
import { type ApiError, toApiError } from "../../lib/api/api-error";
import { type Query, toQueryString } from "../../lib/api/query-string";
import { retryAfterSeconds } from "./chat-rules";

export type { ChatConversation, ChatMessage, ChatMessageList, ChatRealtimeToken };

const BASE = "/api/chat/conversation";

/** An ApiError with the seconds a 429 asked to wait. */
export type ChatApiError = ApiError & { retryAfter?: number | null };

/** One call; answers the whole JSON body (`{data, meta?}`). */
async function request<T>(
  path: string,
  init: { method?: string; body?: unknown; query?: Query },
): Promise<T> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  const response = await apiFetch(`${path}${toQueryString(init.query)}`, {
    method: init.method ?? "GET",
    headers,
    body,
  });
  if (!response.ok) {
    const error = (await toApiError(response)) as ChatApiError;
    error.retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One call; answers its `data`. */
const call = async <T>(
  path: string,
  init: { method?: string; body?: unknown; query?: Query },
): Promise<T> => (await request<{ data: T }>(path, init))?.data as T;

/** POST /api/chat/conversation: opens (or resumes) the conversation; a guest gets the cookie. */
export const openConversation = (locale: string) =>
  call<ChatConversation>(BASE, { method: "POST", body: { locale } });

/** GET /api/chat/conversation: the conversation there is (404 when none yet); creates nothing. */
export const readConversation = () => call<ChatConversation>(BASE, {});

/** GET /api/chat/unread: the badge without opening anything (0 when there is no conversation). */
export const readUnread = () => call<{ unread: number }>("/api/chat/unread", {});

/** GET .../messages: the latest page, the page `before` an id, or what came `after` one. */
export const listMessages = (query: { after?: string; before?: string; limit?: number }) =>
  request<ChatMessageList>(`${BASE}/messages`, { query });

export const sendMessage = (text: string, clientId: string) =>
  call<ChatMessage>(`${BASE}/messages`, { method: "POST", body: { text, clientId } });

/** POST .../attachments (multipart `file`): an image or PDF, checked like documents. */
export function sendAttachment(file: File): Promise<ChatMessage> {
  const body = new FormData();
  body.append("file", file, file.name);
  return call<ChatMessage>(`${BASE}/attachments`, { method: "POST", body });
}

export const markRead = (lastReadId: string) =>
  call<{ unread: number }>(`${BASE}/read`, { method: "POST", body: { lastReadId } });

export const sendTyping = () => call<void>(`${BASE}/typing`, { method: "POST", body: {} });

export const continueByEmail = (email: string) =>
  call<ChatConversation>(`${BASE}/email`, { method: "PUT", body: { email } });

export const realtimeToken = () =>
  call<ChatRealtimeToken>(`${BASE}/realtime-token`, { method: "POST" });
