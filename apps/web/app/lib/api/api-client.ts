// The browser's API client (spec §7): relative paths, no cookies, a bearer token when signed in.
// `apiRequest` is the generic client (one retry of a non-mutating request on 408, 409, 425, 429,
// 500, 502, 503, 504); `apiFetch` is the thin wrapper that never retries.
import { writeChangeSession } from "../session/change-session";
import { emitSessionRejected } from "../session/session-events";
import { needsRefresh, tokenStore } from "../session/token-store";
import { ApiError, toApiError } from "./api-error";
import { type Query, toQueryString } from "./query-string";

export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"];

export type ApiRequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Whether the generic client retries this answer (once). */
export function shouldRetry(method: string, status: number): boolean {
  return SAFE_METHODS.includes(method.toUpperCase()) && RETRY_STATUSES.includes(status);
}

/** The access token to send, refreshed first when it expires within 10 s (SE-02, SE-03). */
export async function currentBearerToken(): Promise<string | null> {
  const token = tokenStore.get();
  if (!token || !needsRefresh(token, Date.now())) return token;
  // The refresh flow loads on first need, keeping it out of the initial JavaScript.
  const { refreshAccessToken } = await import("../session/refresh-flow");
  return refreshAccessToken();
}

/** SE-05, SE-06: the server refused the session: drop it everywhere and let the app open sign-in. */
export function rejectSession(): void {
  if (!tokenStore.get()) return;
  tokenStore.clear();
  writeChangeSession("logout");
  emitSessionRejected();
}

function unauthorized(): Response {
  return new Response(JSON.stringify({ error: { code: 401, message: "Session expired" } }), {
    status: 401,
    headers: { "content-type": "application/json" },
  });
}

/**
 * Calls carry no cookies (spec §7), except the session's own routes: a sign-in's answer sets the
 * HttpOnly session cookie, which the browser only stores from a call made with credentials
 * (ADR 0022). The server reads that cookie on refresh and logout only. The chat's calls send
 * them too: a guest's conversation is the HttpOnly chat cookie's (issue 26).
 */
export function credentialsFor(path: string): RequestCredentials {
  return path.startsWith("/api/player/sessions") ||
    path.startsWith("/api/player/register") ||
    path.startsWith("/api/chat/")
    ? "same-origin"
    : "omit";
}

/** The thin wrapper: one fetch, no retry. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  let withToken = false;
  if (!headers.has("authorization")) {
    let token: string | null;
    try {
      token = await currentBearerToken();
    } catch {
      rejectSession();
      return unauthorized();
    }
    if (token) {
      headers.set("authorization", `Bearer ${token}`);
      withToken = true;
    }
  }
  if (!headers.has("accept")) headers.set("accept", "application/json");
  const response = await fetch(path, { ...init, headers, credentials: credentialsFor(path) });
  if (withToken && (response.status === 401 || response.status === 403)) rejectSession();
  return response;
}

/** fetch-shaped with the generic client's retry rule (one retry of a non-mutating request). */
export async function apiFetchWithRetry(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await apiFetch(path, init);
  if (response.ok || !shouldRetry(init.method ?? "GET", response.status)) return response;
  return apiFetch(path, init);
}

function buildInit(options: ApiRequestOptions): RequestInit {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? "GET", headers, body, signal: options.signal };
}

/** The generic client: JSON in and out, ApiError on failure, one retry for safe methods. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const url = `${path}${toQueryString(options.query)}`;
  const method = options.method ?? "GET";
  let response = await apiFetch(url, buildInit(options));
  if (!response.ok && shouldRetry(method, response.status)) {
    response = await apiFetch(url, buildInit(options));
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export { ApiError };
