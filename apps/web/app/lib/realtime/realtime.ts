// Realtime subscriptions (spec §7 "Realtime"): the Centrifuge connection to
// /api/connection/websocket and the per-profile channels. Placeholder until the realtime issue:
// post-login handling (lib/session/post-login.ts) and start-up already call it, so wiring the
// real client later needs no change at the call sites.

let started = false;

/** Starts (or restarts, after a sign-in) the realtime subscriptions. Does nothing yet. */
export function startRealtime(_profileId?: string | null): void {
  started = true;
}

/** Stops them (logout). Does nothing yet. */
export function stopRealtime(): void {
  started = false;
}

export function isRealtimeStarted(): boolean {
  return started;
}
