// Realtime subscriptions (spec §7 "Realtime"): the Centrifuge connection to
// /api/connection/websocket and the per-profile channels. Post-login handling
// (lib/session/post-login.ts) and start-up call startRealtime; features subscribe with
// subscribeRealtime (or the useRealtime hook) and refetch on onRealtimeReconnect.
//
// This is the interface the app codes against. Until the connection lands it keeps listeners
// and never delivers; the realtime module replaces the body, not the call sites.

type Listener = (data: unknown) => void;

let started = false;
const listeners = new Map<string, Set<Listener>>();
const reconnectListeners = new Set<() => void>();

/** Starts (or restarts, after a sign-in) the connection and the player's channels. */
export function startRealtime(_profileId?: string | null): void {
  started = true;
}

/** Stops them (logout). */
export function stopRealtime(): void {
  started = false;
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
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(channel);
  };
}

/** Called after a reconnect, so features refetch what they may have missed while offline. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}
