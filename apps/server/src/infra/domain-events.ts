// Domain events (ADR 0009): facts one module records and others act on, exactly once per
// consumer. Triggers (migration 0021) raise the platform's facts in the transaction of the
// change: game.bet.settled, game.bet.refunded, payment.deposit.succeeded,
// payment.withdrawal.paid, player.signed_in. A module may raise its own with raiseDomainEvent.
//
// - A consumer subscribes at registration: `ctx.domainEvents.subscribe("quests", ["game.bet.settled"], handler)`.
//   persist() (buildApp, after every module registered) records the subscriptions, so an event
//   raised later gets a delivery row for each consumer of its type. Events raised before a
//   consumer existed are not delivered to it.
// - Exactly once: the dispatcher claims due deliveries (FOR UPDATE SKIP LOCKED, so several
//   nodes share the work), runs each consumer's deliveries of the batch inside a savepoint of
//   the claiming transaction and deletes them in it. The handlers' writes and the deletes
//   commit together, or neither.
// - A handler that throws rolls its consumer's group back, and the group runs again delivery by
//   delivery, each in its own savepoint: the failing one is kept with attempts + 1
//   and a backoff (1 s, 2 s, 4 s … up to 10 min). Later deliveries of other events go on.
// - Prompt: the commit hook nudges the dispatcher after a transaction that may have raised an
//   event; a poll catches the rest.
import type { Db, Queryable } from "./db";
import { DrainLoop } from "./drain-loop";

export const DOMAIN_EVENT_TYPES = [
  "game.bet.settled",
  "game.bet.refunded",
  "payment.deposit.succeeded",
  "payment.withdrawal.paid",
  "player.signed_in",
] as const;

/**
 * Tables whose writes may raise an event (the commit hook nudges the dispatcher after them), and
 * raiseDomainEvent's function. Not "domain_event" alone: the dispatcher's own claim names
 * domain_event_deliveries, and a nudge after every dispatch made drain() go round for ever on
 * PostgreSQL (the nudge lands before the loop's check there).
 */
export const DOMAIN_EVENT_SOURCES = [
  "raise_domain_event",
  "game_rounds",
  "payment_invoices",
  "player_sessions",
] as const;

export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  type: string;
  key: string;
  playerId: string | null;
  payload: P;
  createdAt: Date;
}

/** What a game.bet.settled (and game.bet.refunded) event carries; amounts in minor units. */
export interface BetSettledPayload {
  roundId: string;
  providerRoundId: string;
  providerId: number;
  playerId: string;
  gameId: number;
  currency: string;
  betAmount: string;
  winAmount: string;
  refundAmount: string;
  closedAt: string | null;
  /** game.bet.refunded only: the stake refunded by this change. */
  refundedNow?: string;
}

/** payment.deposit.succeeded / payment.withdrawal.paid; amount in minor units. */
export interface InvoiceSucceededPayload {
  invoiceId: string;
  playerId: string;
  walletAccountId: string;
  methodId: string;
  method: string;
  currency: string;
  amount: string;
  bonusId: string | null;
  isBonusDecline: boolean;
  completedAt: string;
}

export interface SignedInPayload {
  playerId: string;
  sessionId: string;
  method: string;
  country: string | null;
  signedInAt: string;
}

/** Runs in the dispatcher's transaction; throw to retry later (nothing it wrote is kept). */
export type DomainEventHandler = (tx: Queryable, event: DomainEvent) => Promise<void>;

/**
 * Optional: the consumer's deliveries of one dispatch batch (in event order) handled together,
 * with the same effect as the handler called for each in turn — typically one query that finds
 * the few events with anything to do, or set-based writes. If it throws, the batch is handled
 * again event by event with the single handler.
 */
export type DomainEventBatchHandler = (
  tx: Queryable,
  events: readonly DomainEvent[],
) => Promise<void>;

/** Raises an event in the caller's transaction; false when its key was raised before. */
export async function raiseDomainEvent(
  tx: Queryable,
  event: { type: string; key: string; playerId?: string | null; payload: unknown; at: Date },
): Promise<boolean> {
  const [row] = await tx.query<{ id: string | null }>(
    "SELECT raise_domain_event($1, $2, $3, $4::jsonb, $5) AS id",
    [event.type, event.key, event.playerId ?? null, JSON.stringify(event.payload), event.at],
  );
  return row?.id != null;
}

/**
 * A batch handler for consumers that have nothing to do for most events: `relevant` finds, in
 * one query for the batch, the events that may matter (never fewer than the handler would act
 * on: a superset is fine), and only those go to the single handler, in order.
 */
export function handleRelevant(
  handle: DomainEventHandler,
  relevant: (tx: Queryable, events: readonly DomainEvent[]) => Promise<ReadonlySet<string>>,
): DomainEventBatchHandler {
  return async (tx, events) => {
    const ids = await relevant(tx, events);
    for (const event of events) if (ids.has(event.id)) await handle(tx, event);
  };
}

/**
 * For handleRelevant: the events of `types` whose player passes `players` (one query over the
 * batch's players), and every event of another type.
 */
export function byPlayer(
  types: readonly string[],
  players: (tx: Queryable, playerIds: string[]) => Promise<ReadonlySet<string>>,
) {
  return async (tx: Queryable, events: readonly DomainEvent[]): Promise<ReadonlySet<string>> => {
    const filtered = (event: DomainEvent) => types.includes(event.type) && event.playerId !== null;
    const ids = [...new Set(events.filter(filtered).map((event) => event.playerId!))];
    const passing = ids.length > 0 ? await players(tx, ids) : new Set<string>();
    return new Set(
      events
        .filter((event) => !filtered(event) || passing.has(event.playerId!))
        .map((event) => event.id),
    );
  };
}

export interface DomainEventsOptions {
  /** Deliveries per claiming transaction. */
  batchSize: number;
  pollIntervalMs: number;
  /** How long handled events are kept (for inspection); deliveries are gone once handled. */
  retentionMs: number;
}

export const DEFAULT_DOMAIN_EVENTS_OPTIONS: DomainEventsOptions = {
  batchSize: 100,
  pollIntervalMs: 1_000,
  retentionMs: 30 * 24 * 60 * 60 * 1000,
};

interface Log {
  error(object: object, message: string): void;
}

type DeliveryRow = {
  consumer: string;
  event_id: string;
  attempts: number;
  type: string;
  key: string;
  player_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
};

const MAX_BACKOFF_SECONDS = 600;

function toEvent(row: DeliveryRow): DomainEvent {
  return {
    id: row.event_id,
    type: row.type,
    key: row.key,
    playerId: row.player_id,
    payload: row.payload,
    createdAt: new Date(row.created_at),
  };
}

export class DomainEvents {
  private readonly handlers = new Map<
    string,
    { types: string[]; handle: DomainEventHandler; handleBatch?: DomainEventBatchHandler }
  >();
  private readonly options: DomainEventsOptions;
  private db: Db | null = null;
  private readonly loop: DrainLoop;

  constructor(
    private readonly log: Log,
    options: Partial<DomainEventsOptions> = {},
  ) {
    this.options = { ...DEFAULT_DOMAIN_EVENTS_OPTIONS, ...options };
    this.loop = new DrainLoop({
      step: () => this.dispatchBatch(),
      batchSize: this.options.batchSize,
      pollIntervalMs: this.options.pollIntervalMs,
      waiting: () => this.waiting(),
      onError: (error, during) =>
        this.log.error(
          { err: error },
          during === "run"
            ? "domain event dispatch failed (retried by the poll)"
            : "domain event poll failed",
        ),
    });
  }

  /** A consumer (a stable name: it keys the deliveries) and the event types it handles. */
  subscribe(
    consumer: string,
    types: readonly string[],
    handle: DomainEventHandler,
    options: { handleBatch?: DomainEventBatchHandler } = {},
  ): void {
    if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(consumer)) {
      throw new Error(`domain events: bad consumer name ${consumer}`);
    }
    if (this.handlers.has(consumer)) throw new Error(`domain events: ${consumer} subscribed twice`);
    this.handlers.set(consumer, { types: [...types], handle, ...options });
  }

  get consumers(): string[] {
    return [...this.handlers.keys()];
  }

  /** Records the subscriptions (idempotent) so raised events get their deliveries. */
  async persist(db: Db): Promise<void> {
    this.db = db;
    const pairs = [...this.handlers].flatMap(([consumer, { types }]) =>
      types.map((type) => [consumer, type] as const),
    );
    if (pairs.length === 0) return;
    await db.query(
      `INSERT INTO domain_event_subscriptions (consumer, type)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT DO NOTHING`,
      [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Something may have been raised: dispatch soon. Calls within one tick share one run. */
  nudge(): void {
    this.loop.nudge();
  }

  /**
   * Handles every due delivery (tests await it instead of waiting for the timer). One run at a
   * time in this process; a call during a run makes it go round once more.
   */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Claims and handles one batch; returns how many deliveries it claimed. */
  async dispatchBatch(): Promise<number> {
    const db = this.db;
    const consumers = this.consumers;
    if (!db || consumers.length === 0) return 0;
    return db.transaction(async (tx) => {
      const rows = await tx.query<DeliveryRow>(
        `SELECT d.consumer, d.event_id::text AS event_id, d.attempts, e.type, e.key, e.player_id,
                e.payload, e.created_at
           FROM domain_event_deliveries d
           JOIN domain_events e ON e.id = d.event_id
          WHERE d.consumer = ANY($1::text[]) AND (d.retry_at IS NULL OR d.retry_at <= now())
          ORDER BY d.event_id, d.consumer
          LIMIT $2
          FOR UPDATE OF d SKIP LOCKED`,
        [consumers, this.options.batchSize],
      );
      // Each consumer's deliveries in event order under one savepoint: when one fails, the
      // group is rolled back and handled again event by event, so only the failing delivery
      // waits. The handled deliveries are deleted together, in the claiming transaction.
      const handled: DeliveryRow[] = [];
      const groups = new Map<string, DeliveryRow[]>();
      for (const row of rows) {
        const group = groups.get(row.consumer);
        if (group) group.push(row);
        else groups.set(row.consumer, [row]);
      }
      for (const [consumer, group] of groups) {
        const handler = this.handlers.get(consumer)!;
        if (group.length > 1) {
          await tx.exec("SAVEPOINT domain_events");
          try {
            if (handler.handleBatch) await handler.handleBatch(tx, group.map(toEvent));
            else for (const row of group) await handler.handle(tx, toEvent(row));
            await tx.exec("RELEASE SAVEPOINT domain_events");
            handled.push(...group);
            continue;
          } catch {
            await tx.exec("ROLLBACK TO SAVEPOINT domain_events; RELEASE SAVEPOINT domain_events");
          }
        }
        for (const row of group) {
          if (await this.handleOne(tx, handler.handle, row)) handled.push(row);
        }
      }
      if (handled.length > 0) {
        await tx.query(
          `DELETE FROM domain_event_deliveries d
            USING unnest($1::text[], $2::bigint[]) AS h(consumer, event_id)
            WHERE d.consumer = h.consumer AND d.event_id = h.event_id`,
          [handled.map((row) => row.consumer), handled.map((row) => row.event_id)],
        );
      }
      return rows.length;
    });
  }

  /**
   * One delivery under its own savepoint; true when handled. A failure keeps the delivery with
   * attempts + 1 and a backoff (1 s, 2 s, 4 s … up to 10 min).
   */
  private async handleOne(
    tx: Queryable,
    handle: DomainEventHandler,
    row: DeliveryRow,
  ): Promise<boolean> {
    await tx.exec("SAVEPOINT domain_event");
    try {
      await handle(tx, toEvent(row));
      await tx.exec("RELEASE SAVEPOINT domain_event");
      return true;
    } catch (error) {
      await tx.exec("ROLLBACK TO SAVEPOINT domain_event");
      const backoff = Math.min(2 ** row.attempts, MAX_BACKOFF_SECONDS);
      this.log.error(
        { err: error, consumer: row.consumer, eventId: row.event_id, type: row.type },
        "domain event handler failed; retried later",
      );
      await tx.query(
        `UPDATE domain_event_deliveries
            SET attempts = attempts + 1, retry_at = now() + $3 * interval '1 second',
                last_error = left($4, 2000)
          WHERE consumer = $1 AND event_id = $2`,
        [row.consumer, row.event_id, backoff, String((error as Error)?.message ?? error)],
      );
      return false;
    }
  }

  /** Deletes handled events older than the retention (events with deliveries left stay). */
  async cleanUp(db: Queryable): Promise<number> {
    const rows = await db.query<{ id: string }>(
      `DELETE FROM domain_events e
        WHERE e.created_at < now() - $1 * interval '1 millisecond'
          AND NOT EXISTS (SELECT 1 FROM domain_event_deliveries d WHERE d.event_id = e.id)
       RETURNING e.id`,
      [this.options.retentionMs],
    );
    return rows.length;
  }

  private async waiting(): Promise<boolean> {
    if (!this.db) return false;
    const due = await this.db.query(
      `SELECT 1 FROM domain_event_deliveries
        WHERE consumer = ANY($1::text[]) AND (retry_at IS NULL OR retry_at <= now()) LIMIT 1`,
      [this.consumers],
    );
    return due.length > 0;
  }
}
