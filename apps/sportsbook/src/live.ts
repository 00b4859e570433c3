// Live prices from the book's stream (GET /sportsbook/api/stream, Server-Sent Events), kept in
// one small store that every odds button reads: a price moves everywhere it is shown at once.
import { useEffect, useSyncExternalStore } from "react";
import type { EventSummary, Market, OddsMessage } from "./api";

export interface LiveEvent {
  status: EventSummary["status"];
  clock: string | null;
  score: EventSummary["score"];
  markets: Record<string, Market>;
}

const events = new Map<string, LiveEvent>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function applyOdds(message: OddsMessage): void {
  const before = events.get(message.eventId);
  const markets = { ...(before?.markets ?? {}) };
  for (const market of message.markets) markets[market.id] = market;
  events.set(message.eventId, {
    status: message.status,
    clock: message.clock,
    score: message.score,
    markets,
  });
  version++;
  for (const listener of listeners) listener();
}

export function useLiveEvent(eventId: string | null | undefined): LiveEvent | undefined {
  return useSyncExternalStore(subscribe, () => (eventId ? events.get(eventId) : undefined));
}

/** The market as the stream last told it, else as the page loaded it. */
export function liveMarket(market: Market, live: LiveEvent | undefined): Market {
  return live?.markets[market.id] ?? market;
}

/** An event summary with the stream's status, clock, score and main market laid over it. */
export function withLive<T extends EventSummary>(event: T, live: LiveEvent | undefined): T {
  if (!live) return event;
  return {
    ...event,
    status: live.status,
    clock: live.clock,
    score: live.score,
    mainMarket: event.mainMarket ? liveMarket(event.mainMarket, live) : event.mainMarket,
  };
}

/**
 * Keeps a stream open while mounted: `eventIds` null = every event's main market; a list = those
 * events with all their markets. Reconnects on its own (EventSource does).
 */
export function useOddsStream(eventIds: readonly string[] | null): void {
  const key = eventIds === null ? "*" : [...new Set(eventIds)].sort().join(",");
  useEffect(() => {
    if (key === "") return;
    if (typeof EventSource === "undefined") return;
    const url = key === "*" ? "/sportsbook/api/stream" : `/sportsbook/api/stream?events=${key}`;
    const source = new EventSource(url);
    source.addEventListener("odds", (event) => {
      try {
        applyOdds(JSON.parse((event as MessageEvent<string>).data) as OddsMessage);
      } catch {
        // a malformed message changes nothing
      }
    });
    return () => source.close();
  }, [key]);
}

/** The whole store's current state, re-rendering on every stream message (the slip reads it). */
export function useLiveSnapshot(): ReadonlyMap<string, LiveEvent> {
  useSyncExternalStore(subscribe, () => version);
  return events;
}
