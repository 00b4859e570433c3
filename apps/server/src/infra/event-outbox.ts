// Realtime events written in the caller's transaction (table event_outbox); the outbox
// publisher sends them after the commit, in the order written.
import type { Queryable } from "./db";

export async function enqueueRealtimeEvents(
  db: Queryable,
  events: readonly { channel: string; payload: unknown }[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  await db.query(
    `INSERT INTO event_outbox (channel, payload, created_at)
     SELECT ev.channel, ev.payload, $3
       FROM unnest($1::text[], $2::jsonb[]) WITH ORDINALITY AS ev(channel, payload, n)
      ORDER BY ev.n`,
    [
      events.map((event) => event.channel),
      events.map((event) => JSON.stringify(event.payload)),
      now,
    ],
  );
}
