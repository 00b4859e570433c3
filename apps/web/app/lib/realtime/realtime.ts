// Realtime subscriptions (spec §7 "Realtime"). The connection itself is connection.ts, loaded on
// the first start.
import type { Connection } from "./connection";

type Listener = (data: unknown) => void;
/** A subscription token getter of a channel that needs one (the chat's, isTokenChannel). */
export type ChannelToken = () => Promise<string>;
export type PublicationListener = (channel: string, data: unknown) => void;

let started = false;
let profile: string | null = null;
let generation = 0;
let connection: Connection | null = null;
const listeners = new Map<string, Set<Listener>>();
const channelTokens = new Map<string, ChannelToken>();
const publicationListeners = new Set<PublicationListener>();
const reconnectListeners = new Set<() => void>();
const subscribedListeners = new Set<(channel: string) => void>();

function call(run: () => void): void {
  try {
    run();
  } catch (error) {
    reportError(error);
  }
}

export function startRealtime(profileId?: string | null): void {
  const id = profileId ?? null;
  if (typeof location === "undefined" || (started && id === profile)) return;
  stopRealtime();
  started = true;
  profile = id;
  const current = ++generation;
  import("./connection").then(
    ({ open }) => {
      if (current !== generation) return;
      connection = open(id, listeners.keys(), {
        deliver(channel, data) {
          for (const listener of [...(listeners.get(channel) ?? [])]) call(() => listener(data));
          for (const listener of [...publicationListeners]) call(() => listener(channel, data));
        },
        reconnected() {
          for (const listener of [...reconnectListeners]) call(listener);
        },
        subscribed(channel) {
          for (const listener of [...subscribedListeners]) call(() => listener(channel));
        },
        gaveUp() {
          if (current === generation) started = false;
        },
        tokenFor: (channel) => channelTokens.get(channel),
      });
    },
    () => {
      if (current === generation) started = false;
    },
  );
}

export function stopRealtime(): void {
  generation += 1;
  started = false;
  profile = null;
  connection?.close();
  connection = null;
}

export function isRealtimeStarted(): boolean {
  return started;
}

/**
 * Listens to a channel. `getToken`: the channel's subscription token (a chat channel's), asked
 * for at each subscribe, so after a reconnect or an expiry too.
 */
export function subscribeRealtime(
  channel: string,
  listener: Listener,
  getToken?: ChannelToken,
): () => void {
  let set = listeners.get(channel);
  if (!set) {
    set = new Set();
    listeners.set(channel, set);
  }
  set.add(listener);
  if (getToken) channelTokens.set(channel, getToken);
  connection?.subscribe(channel);
  return () => {
    set.delete(listener);
    if (set.size === 0) {
      listeners.delete(channel);
      channelTokens.delete(channel);
    }
  };
}

/** A channel's namespace: the part before `#` (`wallet:accounts#{profileId}` → `wallet:accounts`). */
export const namespaceOf = (channel: string): string => channel.split("#")[0] ?? channel;

export function onRealtimePublication(listener: PublicationListener): () => void {
  publicationListeners.add(listener);
  return () => {
    publicationListeners.delete(listener);
  };
}

export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/**
 * Runs `listener(channel)` each time the server confirms a subscription: the first time and
 * after every reconnect. What was read before that moment may have changed unseen.
 */
export function onRealtimeSubscribed(listener: (channel: string) => void): () => void {
  subscribedListeners.add(listener);
  return () => {
    subscribedListeners.delete(listener);
  };
}
