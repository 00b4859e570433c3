// Domain events (ADR 0009): the facts raised by triggers reach every subscribed consumer exactly
// once, in the consumer's transaction; a failing consumer is retried without keeping its writes;
// two dispatchers on one database never hand the same delivery over twice.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DomainEvent, DomainEvents, raiseDomainEvent } from "../src/infra/domain-events";
import { GAME_TEST_ENV, gamePlayer } from "./game-helpers";
import { testDbKind } from "./helpers";
import { fundedPlayer } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

const silent = { error: () => {} };

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...GAME_TEST_ENV, SANDBOX_PAYMENTS: "true" });
  await app.testDb.exec(
    "CREATE TABLE test_consumed (consumer text, event_key text, payload jsonb)",
  );
});
afterAll(async () => app?.close());

/** A consumer that records what it handled in test_consumed (in the dispatcher's transaction). */
function recorder(events: DomainEvents, consumer: string, types: string[], fail?: () => boolean) {
  events.subscribe(consumer, types, async (tx, event: DomainEvent) => {
    await tx.query("INSERT INTO test_consumed VALUES ($1, $2, $3::jsonb)", [
      consumer,
      event.key,
      JSON.stringify(event.payload),
    ]);
    if (fail?.()) throw new Error("consumer down");
  });
}

async function consumed(consumer: string) {
  return app.testDb.query<{ event_key: string; payload: Record<string, string> }>(
    "SELECT event_key, payload FROM test_consumed WHERE consumer = $1 ORDER BY event_key",
    [consumer],
  );
}

describe("domain events", () => {
  it("BE-32 a closed round raises game.bet.settled once, with its totals in minor units", async () => {
    const events = new DomainEvents(silent);
    recorder(events, "test-settled", ["game.bet.settled"]);
    await events.persist(app.testDb);
    const p = await gamePlayer(app, { funds: "20.00" });
    const { roundId } = await p.round("2.50", "4.00");
    // An open round raises nothing until it closes.
    const open = await p.bet("1.00");
    expect(open.statusCode).toBe(200);
    await Promise.all([events.drain(), events.drain(), events.dispatchBatch()]);
    await events.drain();
    const rows = await consumed("test-settled");
    const mine = rows.filter((row) => row.payload.playerId === p.tokens.profileId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      providerRoundId: roundId,
      currency: "EUR",
      betAmount: "250",
      winAmount: "400",
      refundAmount: "0",
    });
  });

  it("a failing consumer keeps nothing it wrote and gets the event again later", async () => {
    const events = new DomainEvents(silent);
    let down = true;
    recorder(events, "test-flaky", ["test.flaky"], () => down);
    await events.persist(app.testDb);
    await app.testDb.transaction((tx) =>
      raiseDomainEvent(tx, {
        type: "test.flaky",
        key: "flaky-1",
        payload: { n: 1 },
        at: new Date(),
      }),
    );
    await events.drain();
    expect(await consumed("test-flaky")).toHaveLength(0);
    const [delivery] = await app.testDb.query<{ attempts: number; last_error: string }>(
      "SELECT attempts, last_error FROM domain_event_deliveries WHERE consumer = 'test-flaky'",
    );
    expect(delivery).toMatchObject({ attempts: 1, last_error: "consumer down" });
    // Due again (the backoff has passed), and the consumer is back.
    await app.testDb.query(
      "UPDATE domain_event_deliveries SET retry_at = now() - interval '1 second' WHERE consumer = 'test-flaky'",
    );
    down = false;
    await events.drain();
    expect((await consumed("test-flaky")).map((row) => row.event_key)).toEqual(["flaky-1"]);
    const left = await app.testDb.query(
      "SELECT 1 FROM domain_event_deliveries WHERE consumer = 'test-flaky'",
    );
    expect(left).toHaveLength(0);
  });

  it("one failing delivery in a batch: the consumer's other deliveries and other consumers are handled once, it alone waits", async () => {
    const events = new DomainEvents(silent);
    recorder(events, "test-group", ["test.group"], () => false);
    // Fails on the third event only (its insert is rolled back with it).
    let seen = 0;
    events.subscribe("test-group-picky", ["test.group"], async (tx, event) => {
      seen++;
      await tx.query("INSERT INTO test_consumed VALUES ('test-group-picky', $1, '{}')", [
        event.key,
      ]);
      if (event.key === "group-3") throw new Error("cannot take group-3");
    });
    await events.persist(app.testDb);
    await app.testDb.transaction(async (tx) => {
      for (const n of [1, 2, 3, 4]) {
        await raiseDomainEvent(tx, {
          type: "test.group",
          key: `group-${n}`,
          payload: { n },
          at: new Date(),
        });
      }
    });
    await events.drain();
    const keys = async (consumer: string) => (await consumed(consumer)).map((row) => row.event_key);
    expect(await keys("test-group")).toEqual(["group-1", "group-2", "group-3", "group-4"]);
    expect(await keys("test-group-picky")).toEqual(["group-1", "group-2", "group-4"]);
    // The group ran together up to the failure (3), then event by event (4).
    expect(seen).toBe(7);
    const left = await app.testDb.query<{ consumer: string; attempts: number }>(
      "SELECT consumer, attempts FROM domain_event_deliveries WHERE consumer LIKE 'test-group%'",
    );
    expect(left).toEqual([{ consumer: "test-group-picky", attempts: 1 }]);
  });

  it("a key is raised once; two dispatchers on one database hand each delivery over once", async () => {
    const first = new DomainEvents(silent);
    const second = new DomainEvents(silent);
    for (const events of [first, second]) recorder(events, "test-shared", ["test.shared"]);
    await first.persist(app.testDb);
    await second.persist(app.testDb);
    const raised = await app.testDb.transaction(async (tx) => {
      const results: boolean[] = [];
      for (let i = 0; i < 120; i++) {
        results.push(
          await raiseDomainEvent(tx, {
            type: "test.shared",
            key: `shared-${i % 60}`,
            payload: { i },
            at: new Date(),
          }),
        );
      }
      return results;
    });
    expect(raised.filter(Boolean)).toHaveLength(60);
    await Promise.all([first.drain(), second.drain(), first.drain(), second.drain()]);
    const rows = await consumed("test-shared");
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.event_key)).size).toBe(60);
  });

  it("a consumer persisted later starts at the end of the log: earlier events are not its", async () => {
    const raise = (key: string) =>
      app.testDb.transaction((tx) =>
        raiseDomainEvent(tx, { type: "test.late", key, payload: {}, at: new Date() }),
      );
    await raise("late-0");
    const events = new DomainEvents(silent);
    recorder(events, "test-late", ["test.late"]);
    await events.persist(app.testDb);
    await raise("late-1");
    await events.drain();
    // Persisting again keeps the consumer's place.
    await events.persist(app.testDb);
    await raise("late-2");
    await events.drain();
    expect((await consumed("test-late")).map((row) => row.event_key)).toEqual(["late-1", "late-2"]);
  });

  // PGlite has one connection: no transaction ever runs beside another there.
  it.runIf(testDbKind() === "pg")(
    "an event committed while an older transaction that raised one still runs waits for it; neither is skipped",
    async () => {
      const events = new DomainEvents(silent);
      recorder(events, "test-order", ["test.order"]);
      await events.persist(app.testDb);
      const raise = (tx: Parameters<typeof raiseDomainEvent>[0], key: string) =>
        raiseDomainEvent(tx, { type: "test.order", key, payload: {}, at: new Date() });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let raisedFirst!: () => void;
      const first = new Promise<void>((resolve) => {
        raisedFirst = resolve;
      });
      const older = app.testDb.transaction(async (tx) => {
        await raise(tx, "order-a");
        raisedFirst();
        await gate;
      });
      await first;
      await app.testDb.transaction((tx) => raise(tx, "order-b"));
      // order-b is committed, but the transaction of order-a, older, still runs: a cursor moved
      // past order-b now would never see order-a.
      await events.dispatchBatch();
      expect(await consumed("test-order")).toEqual([]);
      const drained = events.drain();
      release();
      await older;
      await drained;
      expect((await consumed("test-order")).map((row) => row.event_key)).toEqual([
        "order-a",
        "order-b",
      ]);
    },
  );

  it("a rolled-back change raises nothing", async () => {
    const events = new DomainEvents(silent);
    recorder(events, "test-rollback", ["test.rollback"]);
    await events.persist(app.testDb);
    await expect(
      app.testDb.transaction(async (tx) => {
        await raiseDomainEvent(tx, {
          type: "test.rollback",
          key: "rolled-back",
          payload: {},
          at: new Date(),
        });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await events.drain();
    expect(await consumed("test-rollback")).toHaveLength(0);
  });

  it("sign-in raises player.signed_in; an approved deposit raises payment.deposit.succeeded once", async () => {
    const events = new DomainEvents(silent);
    recorder(events, "test-money", ["player.signed_in", "payment.deposit.succeeded"]);
    await events.persist(app.testDb);
    const funded = await fundedPlayer(app, "60.00", { "x-test-country": "DE" });
    await events.drain();
    const rows = (await consumed("test-money")).filter(
      (row) => row.payload.playerId === funded.profileId,
    );
    expect(rows.map((row) => row.event_key.split(":")[0]).sort()).toEqual([
      "invoice.success",
      "player.signed_in",
    ]);
    const deposit = rows.find((row) => row.event_key.startsWith("invoice.success"))!;
    expect(deposit.payload).toMatchObject({
      currency: "EUR",
      amount: "6000",
      isBonusDecline: false,
    });
  });

  it("the app's own dispatcher delivers after the commit without being asked", async () => {
    const seen: string[] = [];
    const own = await createPlayerTestApp(GAME_TEST_ENV);
    try {
      // A consumer added after start: persist again, as buildApp does for its modules.
      own.domainEvents.subscribe("test-own", ["test.own"], async (_tx, event) => {
        seen.push(event.key);
      });
      await own.domainEvents.persist(own.testDb);
      const db = own.testDb;
      await db.transaction((tx) =>
        raiseDomainEvent(tx, { type: "test.own", key: "own-1", payload: {}, at: new Date() }),
      );
      // Raised on the raw handle (no commit hook): the poll finds it.
      await vi.waitFor(() => expect(seen).toEqual(["own-1"]), { timeout: 5_000 });
    } finally {
      await own.close();
    }
  });
});
