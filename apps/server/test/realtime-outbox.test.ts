// The outbox publisher (DESIGN.md "Realtime", ADR 0007): committed events arrive, rolled-back
// ones never do, a crash between hand-off and mark delivers again (at least once), two
// publishers on one database never send a row twice, old published rows are cleaned up.
import { playerChannel } from "@casino/contract/realtime";
import { walletAccountsChannel } from "@casino/contract/wallet";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../src/infra/db";
import { createMemoryPubSub, type PubSubMessage, type PubSubPort } from "../src/infra/pubsub";
import { withOutboxCommitHook } from "../src/modules/realtime/commit-hook";
import { OutboxPublisher } from "../src/modules/realtime/outbox-publisher";
import { bearer, registerByEmail } from "./player-helpers";
import { createRealtimeTestApp, RawClient, type RealtimeTestApp } from "./realtime-helpers";

const silentLog = { error: () => {} };

async function enqueue(db: Db, channel: string, payload: unknown): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("INSERT INTO event_outbox (channel, payload) VALUES ($1, $2)", [
      channel,
      JSON.stringify(payload),
    ]);
  });
}

function pushesOf(client: RawClient): { channel: string; data: unknown }[] {
  return client.frames
    .filter((frame) => "push" in frame)
    .map((frame) => {
      const push = frame.push as { channel: string; pub: { data: unknown } };
      return { channel: push.channel, data: push.pub.data };
    });
}

describe("outbox to subscribers (BE-42)", () => {
  let app: RealtimeTestApp;
  /** The app's own wiring: the database handle that nudges the publisher after a commit. */
  let db: Db;
  beforeAll(async () => {
    // No poll within the test's time: only the commit nudge can deliver promptly.
    app = await createRealtimeTestApp({ realtime: { outbox: { pollIntervalMs: 600_000 } } });
    db = withOutboxCommitHook(app.testDb, () => app.realtime.publisher.nudge());
  });
  afterAll(async () => app?.close());

  async function subscriber() {
    const { tokens } = await registerByEmail(app);
    const client = await RawClient.open(app.wsUrl);
    await client.call("connect", { token: tokens.accessToken });
    return { client, tokens };
  }

  it("BE-42 an account opened through the API reaches the player's wallet channel after commit", async () => {
    const { client, tokens } = await subscriber();
    const channel = walletAccountsChannel(tokens.profileId);
    expect(channel).toBe(playerChannel("walletAccounts", tokens.profileId));
    await client.call("subscribe", { channel });
    const created = client.next(
      (frame) =>
        JSON.stringify(frame).includes('"wallet.account.created"') &&
        JSON.stringify(frame).includes('"BTC"'),
      5_000,
      "wallet.account.created",
    );
    const response = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers: bearer(tokens.accessToken),
      payload: { currency: "BTC" },
    });
    expect(response.statusCode).toBe(201);
    expect(await created).toMatchObject({
      push: {
        channel,
        pub: { data: { type: "wallet.account.created", account: { currency: "BTC" } } },
      },
    });
    // The publisher marks the rows after handing them to the pub/sub port, so the mark can
    // land a moment after the subscriber has the event.
    await vi.waitFor(
      async () => {
        const [row] = await app.testDb.query<{ published: boolean }>(
          "SELECT bool_and(published_at IS NOT NULL) AS published FROM event_outbox WHERE channel = $1",
          [channel],
        );
        expect(row?.published).toBe(true);
      },
      { timeout: 5_000, interval: 20 },
    );
    client.close();
  });

  it("BE-42 an event of a rolled-back transaction never arrives; the next committed one does", async () => {
    const { client, tokens } = await subscriber();
    const channel = playerChannel("walletAccounts", tokens.profileId);
    await client.call("subscribe", { channel });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO event_outbox (channel, payload) VALUES ($1, $2)", [
          channel,
          JSON.stringify({ type: "rolled-back" }),
        ]);
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    const fence = client.next((frame) => "push" in frame, 5_000, "committed event");
    await enqueue(db, channel, { type: "committed" });
    await fence;
    await app.realtime.publisher.drain();
    expect(pushesOf(client)).toEqual([{ channel, data: { type: "committed" } }]);
    client.close();
  });

  it("BE-42 events of one channel arrive in commit order; commit-to-receive latency", async () => {
    const { client, tokens } = await subscriber();
    const channel = playerChannel("paymentInvoices", tokens.profileId);
    await client.call("subscribe", { channel });
    const latencies: number[] = [];
    for (let n = 0; n < 30; n++) {
      const arrived = client.next(
        (frame) => (frame.push as { pub?: { data?: { n?: number } } })?.pub?.data?.n === n,
        5_000,
        `event ${n}`,
      );
      await enqueue(db, channel, { n });
      const committed = performance.now();
      await arrived;
      latencies.push(performance.now() - committed);
    }
    expect(pushesOf(client).map((push) => (push.data as { n: number }).n)).toEqual(
      Array.from({ length: 30 }, (_, n) => n),
    );
    latencies.sort((a, b) => a - b);
    const p50 = latencies[Math.floor(latencies.length / 2)]!;
    const max = latencies.at(-1)!;
    console.info(
      `[realtime] ${app.testDb.kind}: commit → WebSocket receive p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms (${latencies.length} events)`,
    );
    // Far below the 600 s poll: the commit nudge delivered every one.
    expect(max).toBeLessThan(2_000);
    client.close();
  });
});

describe("outbox publisher guarantees (BE-42)", () => {
  let app: RealtimeTestApp;
  beforeAll(async () => {
    // The app's own publisher stays off: the tests drive publishers by hand.
    app = await createRealtimeTestApp({ realtime: { publisher: false } });
  });
  afterAll(async () => app?.close());

  /** A pub/sub port that records what it was handed. */
  function recorder(): PubSubPort & { seen: PubSubMessage[] } {
    const seen: PubSubMessage[] = [];
    const inner = createMemoryPubSub();
    return {
      ...inner,
      seen,
      async publish(messages) {
        seen.push(...messages);
      },
    };
  }

  async function unpublished(channel: string): Promise<number> {
    const [row] = await app.testDb.query<{ count: string }>(
      "SELECT count(*) AS count FROM event_outbox WHERE channel = $1 AND published_at IS NULL",
      [channel],
    );
    return Number(row?.count);
  }

  it("BE-42 a crash between hand-off and mark delivers the event again (at least once), never loses it", async () => {
    const channel = `test:crash#${crypto.randomUUID()}`;
    await enqueue(app.testDb, channel, { type: "once" });
    const port = recorder();
    const publisher = new OutboxPublisher(app.testDb, port, silentLog);
    await expect(
      publisher.publishBatch(() => {
        throw new Error("crash after the hand-off");
      }),
    ).rejects.toThrow("crash after the hand-off");
    expect(port.seen.filter((m) => m.channel === channel)).toHaveLength(1);
    expect(await unpublished(channel)).toBe(1);

    // The next run (this process or another node) sends it again and marks it.
    await publisher.drain();
    expect(port.seen.filter((m) => m.channel === channel)).toEqual([
      { channel, data: { type: "once" } },
      { channel, data: { type: "once" } },
    ]);
    expect(await unpublished(channel)).toBe(0);
  });

  it("BE-42 a port that refuses keeps the rows for the next run", async () => {
    const channel = `test:refused#${crypto.randomUUID()}`;
    await enqueue(app.testDb, channel, { type: "kept" });
    const refusing: PubSubPort = {
      ...createMemoryPubSub(),
      publish: async () => {
        throw new Error("Redis is away");
      },
    };
    await expect(new OutboxPublisher(app.testDb, refusing, silentLog).drain()).rejects.toThrow(
      "Redis is away",
    );
    expect(await unpublished(channel)).toBe(1);
    const port = recorder();
    await new OutboxPublisher(app.testDb, port, silentLog).drain();
    expect(port.seen.filter((m) => m.channel === channel)).toHaveLength(1);
    expect(await unpublished(channel)).toBe(0);
  });

  it("BE-42 two publishers on one database publish every row exactly once, in order", async () => {
    const channel = `test:two#${crypto.randomUUID()}`;
    const port = recorder();
    const small = { batchSize: 7 };
    const first = new OutboxPublisher(app.testDb, port, silentLog, small);
    const second = new OutboxPublisher(app.testDb, port, silentLog, small);
    const total = 120;
    let writing = true;
    const write = (async () => {
      for (let n = 0; n < total; n++) await enqueue(app.testDb, channel, { n });
      writing = false;
    })();
    const race = async (publisher: OutboxPublisher) => {
      while (writing) await publisher.drain();
      await publisher.drain();
    };
    await Promise.all([write, race(first), race(second)]);
    const seen = port.seen
      .filter((m) => m.channel === channel)
      .map((m) => (m.data as { n: number }).n);
    expect(seen).toEqual(Array.from({ length: total }, (_, n) => n));
    expect(await unpublished(channel)).toBe(0);
  });

  it("BE-42 retention: published rows older than the retention are deleted, the rest stay", async () => {
    const channel = `test:retention#${crypto.randomUUID()}`;
    const insert = (publishedAgo: string | null) =>
      app.testDb.query(
        `INSERT INTO event_outbox (channel, payload, created_at, published_at)
         VALUES ($1, '{}', now() - interval '3 days',
                 CASE WHEN $2::text IS NULL THEN NULL ELSE now() - $2::interval END)`,
        [channel, publishedAgo],
      );
    await insert("2 days");
    await insert("2 days");
    await insert("1 hour");
    await insert(null);
    const publisher = new OutboxPublisher(app.testDb, recorder(), silentLog, {
      retentionMs: 24 * 60 * 60 * 1000,
      cleanUpBatchSize: 1,
    });
    expect(await publisher.cleanUp()).toBeGreaterThanOrEqual(2);
    const rows = await app.testDb.query<{ published: boolean }>(
      "SELECT published_at IS NOT NULL AS published FROM event_outbox WHERE channel = $1 ORDER BY id",
      [channel],
    );
    expect(rows).toEqual([{ published: true }, { published: false }]);
  });
});
