// Realtime subscriptions (spec §7 "Realtime"): one Centrifuge connection per tab to
// /api/connection/websocket (RTM-01) with the spec's timings (RTM-04..RTM-06), the player's
// channels (RTM-07, RTM-09) subscribed once a profile id exists (RTM-02). Post-login handling
// (lib/session/post-login.ts) and start-up (features/session/session-effects.tsx) call
// startRealtime; logout calls stopRealtime. Features listen with subscribeRealtime (or the
// useRealtime hook) and refetch on onRealtimeReconnect.
//
// This file is in the initial JavaScript: the `centrifuge` client and the channel names load
// with a dynamic import on the first startRealtime, never with the shell (vite.config.ts puts
// every module of this folder into the shell chunk, so no lazy module of ours can live here). The access token comes from the session
// layer (currentBearerToken: the stored token, refreshed through the one refresh flow when it
// is about to expire); the client asks for it on every connect and when the server says the
// token expired (error 109) or the connection's lifetime ends (refresh).
import type { Centrifuge, Subscription } from "centrifuge";
import { currentBearerToken, rejectSession } from "../api/api-client";

type Listener = (data: unknown) => void;
/** Hears every publication of every channel (realtime-query-sync.ts). */
export type PublicationListener = (channel: string, data: unknown) => void;

let started = false;
let profile: string | null = null;
/** Bumped by every start and stop, so a client that loads late for an old start is dropped. */
let generation = 0;
let client: Centrifuge | null = null;
let connectedBefore = false;
const subscriptions = new Map<string, Subscription>();
const listeners = new Map<string, Set<Listener>>();
const publicationListeners = new Set<PublicationListener>();
const reconnectListeners = new Set<() => void>();

/** A listener that throws must not stop the client (centrifuge disconnects on handler errors). */
function call(run: () => void): void {
  try {
    run();
  } catch (error) {
    reportError(error);
  }
}

function deliver(channel: string, data: unknown): void {
  for (const listener of [...(listeners.get(channel) ?? [])]) call(() => listener(data));
  for (const listener of [...publicationListeners]) call(() => listener(channel, data));
}

function subscribe(channel: string): void {
  if (!client || subscriptions.has(channel)) return;
  const subscription = client.newSubscription(channel);
  subscription.on("publication", (ctx) => deliver(channel, ctx.data));
  subscriptions.set(channel, subscription);
  subscription.subscribe();
}

// The channel names load with the client: neither is needed before the first start. Loaded
// once (a failed load is tried again by the next start).
let loading: Promise<
  [typeof import("centrifuge"), typeof import("@casino/contract/realtime")]
> | null = null;
function load() {
  loading ??= Promise.all([import("centrifuge"), import("@casino/contract/realtime")]);
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The client's getToken: "" connects a guest; a failed refresh ends the session (SE-05). */
async function realtimeToken(unauthorized: () => Error): Promise<string> {
  if (profile === null) return "";
  let token: string | null;
  try {
    token = await currentBearerToken();
  } catch {
    rejectSession();
    throw unauthorized();
  }
  if (!token) throw unauthorized();
  return token;
}

/** Starts (or restarts, after a sign-in) the connection and the player's channels. */
export function startRealtime(profileId?: string | null): void {
  const id = profileId ?? null;
  if (typeof location === "undefined" || (started && id === profile)) return;
  stopRealtime();
  started = true;
  profile = id;
  const current = ++generation;
  load().then(
    ([{ Centrifuge, UnauthorizedError }, { guestChannels, playerChannels, ...spec }]) => {
      if (current !== generation) return;
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      client = new Centrifuge(`${scheme}://${location.host}${spec.REALTIME_PATH}`, {
        ...spec.REALTIME_TIMINGS,
        getToken: () => realtimeToken(() => new UnauthorizedError("")),
      });
      client.on("connected", () => {
        // After a reconnect (not the first connect) features refetch what they missed.
        if (connectedBefore) for (const listener of [...reconnectListeners]) call(listener);
        connectedBefore = true;
      });
      // Given up for good (unauthorized, bad token): the next start makes a new client.
      client.on("disconnected", () => {
        if (current === generation) started = false;
      });
      for (const channel of id === null ? guestChannels() : playerChannels(id)) subscribe(channel);
      for (const channel of listeners.keys()) subscribe(channel);
      client.connect();
    },
    () => {
      // The chunk failed to load (offline, new deployment): the next start tries again.
      if (current === generation) started = false;
    },
  );
}

/** Stops them (logout). */
export function stopRealtime(): void {
  generation += 1;
  started = false;
  profile = null;
  connectedBefore = false;
  subscriptions.clear();
  client?.disconnect();
  client = null;
}

export function isRealtimeStarted(): boolean {
  return started;
}

/**
 * Listens to one channel's publications (e.g. `payment:invoices#{profileId}`); callable before
 * the connection starts. Returns the function that stops listening.
 */
export function subscribeRealtime(channel: string, listener: Listener): () => void {
  let set = listeners.get(channel);
  if (!set) {
    set = new Set();
    listeners.set(channel, set);
  }
  set.add(listener);
  subscribe(channel);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(channel);
  };
}

/** Listens to every publication the tab receives, with its channel. */
export function onRealtimePublication(listener: PublicationListener): () => void {
  publicationListeners.add(listener);
  return () => {
    publicationListeners.delete(listener);
  };
}

/** Called after a reconnect, so features refetch what they may have missed while offline. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}
