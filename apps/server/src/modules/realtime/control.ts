// Control messages on the realtime bus (ADR 0022): "disconnect" closes WebSockets of ended
// sessions on every node. They travel like events: written to event_outbox in the transaction
// that ends the session, published after the commit to every node's hub (in-process, or Redis
// with REDIS_URL), which closes its matching clients with 3500 (final: the SDK does not
// reconnect with a dead session). The channel is no channel a client can subscribe to.
import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";

export const CONTROL_CHANNEL = "$control";

/** Which connections a disconnect closes: one session's, or all of a player's (but one). */
export type DisconnectTarget =
  | { sessionId: string }
  | { profileId: string; exceptSessionId?: string | null };

export interface DisconnectMessage {
  type: "disconnect";
  sessionId?: string;
  profileId?: string;
  exceptSessionId?: string;
}

/** Writes the disconnect in the caller's transaction; it goes out after the commit. */
export async function enqueueDisconnect(
  db: Queryable,
  target: DisconnectTarget,
  now: Date,
): Promise<void> {
  const payload: DisconnectMessage =
    "sessionId" in target
      ? { type: "disconnect", sessionId: target.sessionId }
      : {
          type: "disconnect",
          profileId: target.profileId,
          ...(target.exceptSessionId ? { exceptSessionId: target.exceptSessionId } : {}),
        };
  await enqueueRealtimeEvents(db, [{ channel: CONTROL_CHANNEL, payload }], now);
}

/** The disconnect a bus message asks for, or null when it is none (or malformed). */
export function parseDisconnect(data: unknown): DisconnectMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== "disconnect") return null;
  const sessionId = typeof message.sessionId === "string" ? message.sessionId : undefined;
  const profileId = typeof message.profileId === "string" ? message.profileId : undefined;
  if (!sessionId && !profileId) return null;
  const exceptSessionId =
    typeof message.exceptSessionId === "string" ? message.exceptSessionId : undefined;
  return { type: "disconnect", sessionId, profileId, exceptSessionId };
}

/** Whether a connection of this identity is one the disconnect closes. */
export function disconnectMatches(
  message: DisconnectMessage,
  identity: { profileId: string; sessionId: string | null } | null,
): boolean {
  if (!identity) return false;
  if (message.sessionId) return identity.sessionId === message.sessionId;
  return (
    identity.profileId === message.profileId &&
    (message.exceptSessionId === undefined || identity.sessionId !== message.exceptSessionId)
  );
}
