// GET /sportsbook/api/stream: the book's live odds as Server-Sent Events (its own, not the
// platform's realtime). Every STREAM_EVERY_MS the stream computes the prices of this moment (the
// same on every server: seed + time + PostgreSQL's overrides) and sends an `odds` message for
// each event whose prices, status, clock or score changed since its last message.
import type { SportsbookOddsMessage } from "@casino/contract/sportsbook-sandbox";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  type Book,
  listedSnapshots,
  marketView,
  type Snapshot,
  snapshot,
  summaryView,
} from "./catalogue";
import { eventById } from "./engine";
import { bookRepository } from "./repository";

export const STREAM_EVERY_MS = 2_000;
export const PING_EVERY_MS = 15_000;
/** Events one stream may follow with all their markets. */
export const STREAM_MAX_EVENTS = 50;

function message(snap: Snapshot, full: boolean, at: Date): SportsbookOddsMessage {
  const summary = summaryView(snap);
  const live = snap.state.status === "live";
  return {
    eventId: snap.event.id,
    status: summary.status,
    clock: summary.clock,
    score: summary.score,
    markets: full
      ? snap.markets.map((market) => marketView(market, live))
      : summary.mainMarket
        ? [summary.mainMarket]
        : [],
    at: at.toISOString(),
  };
}

async function current(book: Book, ids: string[] | null): Promise<SportsbookOddsMessage[]> {
  const at = book.ctx.now();
  if (!ids) return (await listedSnapshots(book)).map((snap) => message(snap, false, at));
  const overrides = await bookRepository(book.ctx.db).overrides(ids);
  const out: SportsbookOddsMessage[] = [];
  for (const id of ids) {
    const event = eventById(book.seed, id);
    if (event) out.push(message(snapshot(book, event, at.getTime(), overrides.get(id)), true, at));
  }
  return out;
}

export function parseStreamEvents(text: string | undefined): string[] | null {
  if (!text) return null;
  const ids = [
    ...new Set(
      text
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  return ids.slice(0, STREAM_MAX_EVENTS);
}

export function openStream(
  book: Book,
  request: FastifyRequest,
  reply: FastifyReply,
  ids: string[] | null,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  const last = new Map<string, string>();
  let closed = false;
  let busy = false;
  const tick = async () => {
    if (closed || busy) return;
    busy = true;
    try {
      for (const item of await current(book, ids)) {
        const { at: _at, ...content } = item;
        const key = JSON.stringify(content);
        if (last.get(item.eventId) === key) continue;
        last.set(item.eventId, key);
        if (closed) return;
        raw.write(`event: odds\ndata: ${JSON.stringify(item)}\n\n`);
      }
    } catch (error) {
      request.log.error({ err: error }, "sportsbook stream tick failed");
    } finally {
      busy = false;
    }
  };
  raw.write("retry: 3000\n: open\n\n");
  void tick();
  const every = setInterval(() => void tick(), STREAM_EVERY_MS);
  const ping = setInterval(() => {
    if (!closed) raw.write(": ping\n\n");
  }, PING_EVERY_MS);
  every.unref();
  ping.unref();
  const stop = () => {
    closed = true;
    clearInterval(every);
    clearInterval(ping);
  };
  request.raw.on("close", stop);
  raw.on("close", stop);
}
