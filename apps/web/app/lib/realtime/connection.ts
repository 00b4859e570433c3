// The lazy half of the realtime client: the `centrifuge` SDK, the channel names and the
// connection's wiring load with the first startRealtime (vite.config.ts keeps this file out of
// the shell chunk). realtime.ts holds the listeners and calls open().
import {
  guestChannels,
  playerChannels,
  REALTIME_PATH,
  REALTIME_TIMINGS,
} from "@casino/contract/realtime";
import { Centrifuge, type Subscription, UnauthorizedError } from "centrifuge";
import { currentBearerToken, rejectSession } from "../api/api-client";

export interface ConnectionHooks {
  /** A publication of a channel. */
  deliver(channel: string, data: unknown): void;
  /** Connected again after a loss (not the first connect). */
  reconnected(): void;
  /**
   * The server confirmed a subscription of the channel: the first time, and again after each
   * reconnect. Only publications from then on arrive, so state read earlier may be stale.
   */
  subscribed(channel: string): void;
  /** Given up for good (unauthorized, bad token). */
  gaveUp(): void;
  /** The subscription token getter of a channel that needs one (the chat's channels). */
  tokenFor?(channel: string): (() => Promise<string>) | undefined;
}

export interface Connection {
  subscribe(channel: string): void;
  close(): void;
}

/** The client's getToken: "" connects a guest; a failed refresh ends the session (SE-05). */
export async function realtimeToken(profileId: string | null): Promise<string> {
  if (profileId === null) return "";
  let token: string | null;
  try {
    token = await currentBearerToken();
  } catch {
    rejectSession();
    throw new UnauthorizedError("");
  }
  if (!token) throw new UnauthorizedError("");
  return token;
}

export function open(
  profileId: string | null,
  extra: Iterable<string>,
  hooks: ConnectionHooks,
): Connection {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const client = new Centrifuge(`${scheme}://${location.host}${REALTIME_PATH}`, {
    ...REALTIME_TIMINGS,
    getToken: () => realtimeToken(profileId),
  });
  const subscriptions = new Map<string, Subscription>();
  let connectedBefore = false;
  client.on("connected", () => {
    if (connectedBefore) hooks.reconnected();
    connectedBefore = true;
  });
  client.on("disconnected", () => hooks.gaveUp());
  const subscribe = (channel: string) => {
    if (subscriptions.has(channel)) return;
    const token = hooks.tokenFor?.(channel);
    // Asked at each subscribe (a reconnect, an expired token): the getter of the moment.
    const subscription = token
      ? client.newSubscription(channel, {
          getToken: () => (hooks.tokenFor?.(channel) ?? token)(),
        })
      : client.newSubscription(channel);
    subscription.on("publication", (ctx) => hooks.deliver(channel, ctx.data));
    subscription.on("subscribed", () => hooks.subscribed(channel));
    subscriptions.set(channel, subscription);
    subscription.subscribe();
  };
  for (const channel of profileId === null ? guestChannels() : playerChannels(profileId))
    subscribe(channel);
  for (const channel of extra) subscribe(channel);
  client.connect();
  return { subscribe, close: () => client.disconnect() };
}
