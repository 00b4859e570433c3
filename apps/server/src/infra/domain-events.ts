// Domain events (ADR 0009): facts one module records and others act on, exactly once per
// consumer. Triggers (migration 0021) raise the platform's facts in the transaction of the
// change: game.bet.settled, game.bet.refunded, payment.deposit.succeeded,
// payment.withdrawal.paid, player.signed_in. A module may raise its own with raiseDomainEvent:
// the promotions' money (bonus.granted, bonus.converted, bonus.forfeited, tournament.prize.paid)
// and the operator's adjustments (wallet.adjusted), each in the transaction of its posting.
//
// - A consumer subscribes at registration: `ctx.domainEvents.subscribe("quests", ["game.bet.settled"], handler)`.
//   persist() (buildApp, after every module registered) gives each new consumer a cursor at the
//   end of the log (migration 0033). Events raised before a consumer existed are not delivered
//   to it.
// - The log is read in (tx, id) order: the raising transaction's id, then the event's. A dispatch
//   reads only events whose transaction is older than every transaction still running, so none
//   can turn up behind a cursor later; an event committed after an older transaction still
//   running waits for it (the dispatcher tries again soon, and drain() waits for it).
// - Exactly once: a dispatch locks the consumers' cursors (FOR UPDATE SKIP LOCKED, so several
//   nodes share the work and never take one consumer's events twice), runs each consumer's new
//   events inside a savepoint of that transaction and moves its cursor in it. The handlers'
//   writes and the cursor move commit together, or neither.
// - A handler that throws rolls its consumer's group back, and the group runs again event by
//   event, each in its own savepoint: a failing one is written to domain_event_deliveries and
//   tried again there with attempts + 1 and a backoff (1 s, 2 s, 4 s … up to 10 min). The
//   cursor moves on: later events go on.
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
  "bonus.granted",
  "bonus.converted",
  "bonus.forfeited",
  "tournament.prize.paid",
  "wallet.adjusted",
  "sport.bet.updated",
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

/**
 * bonus.granted (bonus money given: house bonuses → player bonus; not raised for free-spin
 * winnings, which the rounds already count as wins), bonus.converted (wagering done: the bonus
 * balance became real money) and bonus.forfeited (canceled or expired: the bonus balance went
 * back to the house). Key `<type>:<playerBonusId>`; amount in minor units; at: the bonus's
 * issued_at (granted) or finished_at.
 */
export interface BonusMoneyPayload {
  playerBonusId: number;
  playerId: string;
  bonusId: number;
  currency: string;
  amount: string;
  /** What issued the bonus: "deposit:{invoiceId}", "code:{id}", "cashback:…", "quest:…"… */
  source: string;
  at: string;
}

/** tournament.prize.paid: a cash prize credited to the winner's real balance (minor units). */
export interface TournamentPrizePaidPayload {
  tournamentId: string;
  place: number;
  playerId: string;
  currency: string;
  amount: string;
  ledgerTransactionId: string;
  at: string;
}

/**
 * wallet.adjusted: the operator's manual adjustment of a real balance (POST
 * /api/operator/players/{id}/adjustments); amount signed, minor units (negative: a debit).
 */
export interface WalletAdjustedPayload {
  ledgerTransactionId: string;
  playerId: string;
  walletAccountId: string;
  currency: string;
  amount: string;
  reason: string | null;
  operator: string | null;
  at: string;
}

/**
 * sport.bet.updated: a sports bet was placed or changed (settled, voided, cashed out,
 * resettled) by the provider wallet API (game/sport-bets.ts); key
 * `sport.bet.updated:<sportBetId>:<version>`. Read the bet from sport_bets.
 */
export interface SportBetUpdatedPayload {
  sportBetId: string;
  profileId: string;
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

export interface DomainEventsOptions {
  /** Events read per dispatch transaction (and retries taken per dispatch). */
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

type EventRow = {
  event_id: string;
  type: string;
  key: string;
  player_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
};

/** An event of the log, with its position and whether every reader may take it yet. */
type LogRow = EventRow & { tx: string; settled: boolean };

/** A delivery waiting in domain_event_deliveries for another try. */
type RetryRow = EventRow & { ctid: string; consumer: string; attempts: number };

/** (tx, event id): a place in the log, compared as numbers. */
type Position = readonly [bigint, bigint];

const MAX_BACKOFF_SECONDS = 600;

/** Seconds until the next try of a delivery that failed `attempts` times before: 1, 2, 4 … 600. */
function backoffSeconds(attempts: number): number {
  return Math.min(2 ** attempts, MAX_BACKOFF_SECONDS);
}
/** How long drain() waits at most for events held back by another transaction. */
const HELD_BACK_WAIT_MS = 30_000;

function toEvent(row: EventRow): DomainEvent {
  return {
    id: row.event_id,
    type: row.type,
    key: row.key,
    playerId: row.player_id,
    payload: row.payload,
    createdAt: new Date(row.created_at),
  };
}

function position(row: { tx: string; event_id: string }): Position {
  return [BigInt(row.tx), BigInt(row.event_id)];
}

function after(a: Position, b: Position): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DomainEvents {
  private readonly handlers = new Map<
    string,
    { types: string[]; handle: DomainEventHandler; handleBatch?: DomainEventBatchHandler }
  >();
  private readonly options: DomainEventsOptions;
  private db: Db | null = null;
  /** The consumers with a cursor (persist): the ones a dispatch reads for. */
  private persisted: string[] = [];
  /**
   * The last dispatch met events that a transaction still running holds back, or a consumer
   * that another dispatcher had.
   */
  private heldBack = false;
  private heldBackTimer: NodeJS.Timeout | null = null;
  private heldBackDelay = 2;
  private stopped = false;
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

  /**
   * Records the subscriptions and gives each new consumer its cursor at the current end of the
   * log (idempotent: a known consumer keeps its place).
   */
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
    await db.query(
      // At the last event of the log: an event of a transaction still running that sorts before
      // it was raised before the consumer existed, and is not its either.
      `INSERT INTO domain_event_cursors (consumer, tx, event_id)
       SELECT c, coalesce(last.tx, '0'), coalesce(last.id, 0)
         FROM unnest($1::text[]) AS c
         LEFT JOIN (SELECT tx, id FROM domain_events ORDER BY tx DESC, id DESC LIMIT 1) last ON true
       ON CONFLICT (consumer) DO NOTHING`,
      [this.consumers],
    );
    this.persisted = this.consumers;
  }

  start(): void {
    this.stopped = false;
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.heldBackTimer) clearTimeout(this.heldBackTimer);
    this.heldBackTimer = null;
    await this.loop.stop();
  }

  /** Something may have been raised: dispatch soon. Calls within one tick share one run. */
  nudge(): void {
    this.loop.nudge();
  }

  /**
   * Handles every event there is to handle, including events that another transaction still
   * running holds back (it waits for it, up to 30 s); tests await it instead of the timer. One run
   * at a time in this process; a call during a run makes it go round once more.
   */
  async drain(): Promise<void> {
    const until = Date.now() + HELD_BACK_WAIT_MS;
    for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
      await this.loop.drain();
      if (!this.heldBack || Date.now() > until) return;
      await sleep(delay);
    }
  }

  /**
   * One dispatch, in one transaction: takes the consumers' cursors (those another node holds
   * are skipped), reads the next events of the log after them, gives each consumer its events
   * and moves its cursor; then the deliveries due for another try. Returns how many events and
   * retries it took.
   */
  async dispatchBatch(): Promise<number> {
    const db = this.db;
    const consumers = this.persisted;
    if (!db || consumers.length === 0) return 0;
    const { taken, heldBack } = await db.transaction(async (tx) => {
      const cursors = await tx.query<{ consumer: string; tx: string; event_id: string }>(
        `SELECT consumer, tx::text AS tx, event_id::text AS event_id FROM domain_event_cursors
          WHERE consumer = ANY($1::text[]) ORDER BY consumer FOR UPDATE SKIP LOCKED`,
        [consumers],
      );
      let events: LogRow[] = [];
      // A consumer another dispatcher holds (another node, mid-dispatch) is tried again soon, like
      // events held back: what was raised meanwhile is not left to the poll.
      let heldBack = cursors.length < consumers.length;
      if (cursors.length > 0) {
        const positions = cursors.map(position);
        const from = positions.reduce((min, p) => (after(min, p) ? p : min));
        const rows = await tx.query<LogRow>(
          `SELECT e.id::text AS event_id, e.type, e.key, e.player_id, e.payload, e.created_at,
                  e.tx::text AS tx, e.tx < pg_snapshot_xmin(pg_current_snapshot()) AS settled
             FROM domain_events e
            WHERE (e.tx, e.id) > ($1::xid8, $2::bigint)
            ORDER BY e.tx, e.id
            LIMIT $3`,
          [from[0].toString(), from[1].toString(), this.options.batchSize],
        );
        // Only a prefix is settled (its transactions are older than any still running): the
        // rest waits until the transactions before it have ended.
        const cut = rows.findIndex((row) => !row.settled);
        events = cut < 0 ? rows : rows.slice(0, cut);
        if (cut >= 0) heldBack = true;
        const at = events.map(position);
        const end: Position | null = at.at(-1) ?? null;
        const moved: { consumer: string; position: Position }[] = [];
        for (const [i, cursor] of cursors.entries()) {
          if (!end || !after(end, positions[i]!)) continue;
          const { types, handle, handleBatch } = this.handlers.get(cursor.consumer)!;
          const mine = events.filter(
            (row, j) => types.includes(row.type) && after(at[j]!, positions[i]!),
          );
          await this.handleGroup(tx, cursor.consumer, mine, handle, handleBatch);
          moved.push({ consumer: cursor.consumer, position: end });
        }
        if (moved.length > 0) {
          await tx.query(
            `UPDATE domain_event_cursors c SET tx = m.tx, event_id = m.event_id, updated_at = now()
               FROM unnest($1::text[], $2::xid8[], $3::bigint[]) AS m(consumer, tx, event_id)
              WHERE c.consumer = m.consumer`,
            [
              moved.map((m) => m.consumer),
              moved.map((m) => m.position[0].toString()),
              moved.map((m) => m.position[1].toString()),
            ],
          );
        }
      }
      const retries = await this.retryDue(tx, consumers);
      return { taken: events.length + retries, heldBack };
    });
    this.heldBack = heldBack;
    this.retryHeldBack(heldBack);
    return Math.min(taken, this.options.batchSize);
  }

  /**
   * A consumer's events of one dispatch, in log order, under one savepoint (to the batch handler
   * when it has one). When that fails, the group is rolled back and handled again event by
   * event, each in its own savepoint, so only a failing event waits for another try.
   */
  private async handleGroup(
    tx: Queryable,
    consumer: string,
    rows: readonly EventRow[],
    handle: DomainEventHandler,
    handleBatch: DomainEventBatchHandler | undefined,
  ): Promise<void> {
    if (rows.length === 0) return;
    if (rows.length > 1) {
      await tx.exec("SAVEPOINT domain_events");
      try {
        if (handleBatch) await handleBatch(tx, rows.map(toEvent));
        else for (const row of rows) await handle(tx, toEvent(row));
        await tx.exec("RELEASE SAVEPOINT domain_events");
        return;
      } catch {
        await tx.exec("ROLLBACK TO SAVEPOINT domain_events; RELEASE SAVEPOINT domain_events");
      }
    }
    for (const row of rows) {
      const error = await this.handleOne(tx, handle, row);
      if (error === null) continue;
      this.logFailure(error, consumer, row);
      await tx.query(
        `INSERT INTO domain_event_deliveries (consumer, event_id, attempts, retry_at, last_error)
         VALUES ($1, $2, 1, now() + $3 * interval '1 second', left($4, 2000))
         ON CONFLICT (consumer, event_id) DO NOTHING`,
        [consumer, row.event_id, backoffSeconds(0), errorText(error)],
      );
    }
  }

  /**
   * The deliveries due for another try (FOR UPDATE SKIP LOCKED), one by one: deleted when
   * handled; otherwise attempts + 1 and a longer backoff (1 s, 2 s, 4 s … up to 10 min).
   */
  private async retryDue(tx: Queryable, consumers: readonly string[]): Promise<number> {
    const rows = await tx.query<RetryRow>(
      `SELECT d.ctid::text AS ctid, d.consumer, d.event_id::text AS event_id, d.attempts, e.type,
              e.key, e.player_id, e.payload, e.created_at
         FROM domain_event_deliveries d
         JOIN domain_events e ON e.id = d.event_id
        WHERE d.consumer = ANY($1::text[]) AND (d.retry_at IS NULL OR d.retry_at <= now())
        ORDER BY d.event_id, d.consumer
        LIMIT $2
        FOR UPDATE OF d SKIP LOCKED`,
      [consumers, this.options.batchSize],
    );
    const handled: string[] = [];
    for (const row of rows) {
      const error = await this.handleOne(tx, this.handlers.get(row.consumer)!.handle, row);
      if (error === null) {
        handled.push(row.ctid);
        continue;
      }
      this.logFailure(error, row.consumer, row);
      await tx.query(
        `UPDATE domain_event_deliveries
            SET attempts = attempts + 1, retry_at = now() + $2 * interval '1 second',
                last_error = left($3, 2000)
          WHERE ctid = $1::tid`,
        [row.ctid, backoffSeconds(row.attempts), errorText(error)],
      );
    }
    if (handled.length > 0) {
      // By the claimed rows' addresses (a TID scan, whatever the table's statistics say).
      await tx.query("DELETE FROM domain_event_deliveries WHERE ctid = ANY($1::tid[])", [handled]);
    }
    return rows.length;
  }

  /** One event under its own savepoint: null when handled, else what the handler threw. */
  private async handleOne(
    tx: Queryable,
    handle: DomainEventHandler,
    row: EventRow,
  ): Promise<unknown> {
    await tx.exec("SAVEPOINT domain_event");
    try {
      await handle(tx, toEvent(row));
      await tx.exec("RELEASE SAVEPOINT domain_event");
      return null;
    } catch (error) {
      await tx.exec("ROLLBACK TO SAVEPOINT domain_event; RELEASE SAVEPOINT domain_event");
      return error ?? new Error("handler failed");
    }
  }

  private logFailure(error: unknown, consumer: string, row: EventRow): void {
    this.log.error(
      { err: error, consumer, eventId: row.event_id, type: row.type },
      "domain event handler failed; retried later",
    );
  }

  /**
   * Events held back by a transaction still running (or consumers another dispatcher had): try
   * again soon (2 ms doubling up to the poll interval while it lasts), not only at the poll.
   */
  private retryHeldBack(heldBack: boolean): void {
    if (!heldBack) {
      this.heldBackDelay = 2;
      return;
    }
    if (this.heldBackTimer || this.stopped) return;
    this.heldBackTimer = setTimeout(() => {
      this.heldBackTimer = null;
      this.nudge();
    }, this.heldBackDelay);
    this.heldBackTimer.unref();
    this.heldBackDelay = Math.min(this.heldBackDelay * 2, this.options.pollIntervalMs);
  }

  /**
   * Deletes events older than the retention that every consumer has passed and that wait for
   * no retry.
   */
  async cleanUp(db: Queryable): Promise<number> {
    const rows = await db.query<{ id: string }>(
      `DELETE FROM domain_events e
        WHERE e.created_at < now() - $1 * interval '1 millisecond'
          AND NOT EXISTS (SELECT 1 FROM domain_event_deliveries d WHERE d.event_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM domain_event_cursors c
                           WHERE c.consumer = ANY($2::text[]) AND (c.tx, c.event_id) < (e.tx, e.id))
       RETURNING e.id`,
      [this.options.retentionMs, this.persisted],
    );
    return rows.length;
  }

  private async waiting(): Promise<boolean> {
    if (!this.db) return false;
    const [row] = await this.db.query<{ waiting: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM domain_event_cursors c
                        JOIN domain_events e ON (e.tx, e.id) > (c.tx, c.event_id)
                       WHERE c.consumer = ANY($1::text[])
                         AND e.tx < pg_snapshot_xmin(pg_current_snapshot()))
           OR EXISTS (SELECT 1 FROM domain_event_deliveries
                       WHERE consumer = ANY($1::text[]) AND (retry_at IS NULL OR retry_at <= now()))
           AS waiting`,
      [this.persisted],
    );
    return row?.waiting ?? false;
  }
}

/**
 * Deliveries not handled yet, for every consumer with a cursor: events of its types after its
 * cursor, and deliveries waiting for another try (monitoring, bench:games).
 */
export async function pendingDeliveries(db: Queryable): Promise<number> {
  const [row] = await db.query<{ pending: number }>(
    `SELECT ((SELECT count(*) FROM domain_event_cursors c
                JOIN domain_events e ON (e.tx, e.id) > (c.tx, c.event_id)
                JOIN domain_event_subscriptions s ON s.consumer = c.consumer AND s.type = e.type)
             + (SELECT count(*) FROM domain_event_deliveries))::int AS pending`,
  );
  return row?.pending ?? 0;
}

function errorText(error: unknown): string {
  return String((error as Error)?.message ?? error);
}
