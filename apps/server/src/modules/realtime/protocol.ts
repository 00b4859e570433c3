// The subset of the Centrifuge client protocol (JSON over WebSocket) that the `centrifuge`
// JS client v5 needs; see docs/realtime.md. Frames are text; one frame may carry several
// commands or replies, one JSON object per line.

/** Client error codes (replies `{id, error: {code, message}}`), as Centrifugo numbers them. */
export const ErrorCodes = {
  internal: { code: 100, message: "internal server error", temporary: true },
  unauthorized: { code: 101, message: "unauthorized" },
  unknownChannel: { code: 102, message: "unknown channel" },
  permissionDenied: { code: 103, message: "permission denied" },
  methodNotFound: { code: 104, message: "method not found" },
  alreadySubscribed: { code: 105, message: "already subscribed" },
  limitExceeded: { code: 106, message: "limit exceeded" },
  badRequest: { code: 107, message: "bad request" },
  /** The client fetches a new token with its getToken and connects again. */
  tokenExpired: { code: 109, message: "token expired" },
} as const;
export type ProtocolError = { code: number; message: string; temporary?: boolean };

/**
 * Close codes. 3000–3499 make the client reconnect, 3500–3999 are final (the client stays
 * disconnected until the app connects it again).
 */
export const DisconnectCodes = {
  shutdown: { code: 3001, reason: "shutdown" },
  /** The token's lifetime ended without a refresh: reconnect (and get a 109 then). */
  expired: { code: 3005, reason: "connection expired" },
  slow: { code: 3008, reason: "slow" },
  noPong: { code: 3012, reason: "no pong" },
  invalidToken: { code: 3500, reason: "invalid token" },
  badRequest: { code: 3501, reason: "bad request" },
  stale: { code: 3502, reason: "stale" },
  permissionDenied: { code: 3507, reason: "permission denied" },
} as const;
export type Disconnect = { code: number; reason: string };

export interface ConnectRequest {
  token?: string;
  data?: unknown;
  name?: string;
  version?: string;
}
export interface SubscribeRequest {
  channel?: string;
  /** A subscription token: the chat's channels need one (docs/chat.md). */
  token?: string;
}
export interface RefreshRequest {
  token?: string;
}

/** A decoded command; `{}` without an id is the client's pong. */
export interface Command {
  id?: number;
  connect?: ConnectRequest;
  subscribe?: SubscribeRequest;
  unsubscribe?: SubscribeRequest;
  refresh?: RefreshRequest;
  [method: string]: unknown;
}

/** The methods this server answers; any other method gets 104. */
export const METHODS = ["connect", "subscribe", "unsubscribe", "refresh"] as const;
export type Method = (typeof METHODS)[number];

/** Splits one text frame into commands; null when it is not the JSON protocol. */
export function decodeCommands(frame: string): Command[] | null {
  const commands: Command[] = [];
  for (const line of frame.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return null;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const command = value as Command;
    if (command.id !== undefined && (!Number.isSafeInteger(command.id) || command.id < 0))
      return null;
    commands.push(command);
  }
  return commands;
}

/** The method a command calls (the one key besides `id`), or null for a pong. */
export function methodOf(command: Command): string | null {
  for (const key of Object.keys(command)) if (key !== "id") return key;
  return null;
}

export function replyFrame(id: number, method: string, result: object): string {
  return JSON.stringify({ id, [method]: result });
}

export function errorFrame(id: number, error: ProtocolError): string {
  return JSON.stringify({ id, error });
}

/** A publication pushed to subscribers of the channel. */
export function publicationFrame(channel: string, data: unknown): string {
  return JSON.stringify({ push: { channel, pub: { data } } });
}

/** The server's ping; the client answers `{}` when the connect reply said pong: true. */
export const PING_FRAME = "{}";
