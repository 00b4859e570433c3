// The outbox publisher (DESIGN.md "Realtime", ADR 0007): events are written to event_outbox in
// the transaction of the change they describe; this delivers the committed ones to the pub/sub
// port, oldest first, and marks them published.
//
// - At least once: a batch is claimed, handed to the port, and marked in one transaction. A
//   crash (or a port error) before the commit leaves the rows unpublished, and the next run
//   sends them again. A row is never marked before the port took it.
// - Never for a rolled-back change: an uncommitted row is invisible to the claim.
// - One publisher at a time across nodes: the claim transaction first takes a transaction-level
//   advisory lock, so two nodes on one database never send the same row twice (except after a
//   crash, as above) and batches leave in id order. A crashed node's lock ends with its
//   connection.
// - Prompt: the app calls nudge() after committing a transaction that wrote to event_outbox
//   (commit-hook.ts); a poll catches rows written by anyone else (another process, a job on the
//   raw database handle) and retries after a port error.
// - Retention: published rows older than `retentionMs` are deleted in bounded batches.
import type { Db, Queryable } from "../../infra/db";
import { DrainLoop } from "../../infra/drain-loop";
import type { PubSubMessage, PubSubPort } from "../../infra/pubsub";

/** Arbitrary but fixed key of the advisory lock that serialises publishers (migrate uses …001). */
export const OUTBOX_LOCK_KEY = 7_302_015_002;

export interface OutboxPublisherOptions {
  /** Rows per claim (one transaction, one pub/sub round trip). */
  batchSize: number;
  /** Safety-net poll for rows no nudge announced. */
  pollIntervalMs: number;
  /** How long published rows are kept (for inspection and replays by hand). */
  retentionMs: number;
  cleanUpIntervalMs: number;
  /** Rows deleted per statement of the clean-up. */
  cleanUpBatchSize: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxPublisherOptions = {
  batchSize: 200,
  pollIntervalMs: 1_000,
  retentionMs: 24 * 60 * 60 * 1000,
  cleanUpIntervalMs: 10 * 60 * 1000,
  cleanUpBatchSize: 5_000,
};

export interface OutboxLog {
  error(object: object, message: string): void;
}

type OutboxRow = { id: string; channel: string; payload: unknown };

export class OutboxPublisher {
  private readonly options: OutboxPublisherOptions;
  private readonly loop: DrainLoop;
  private cleanUpTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSubPort,
    private readonly log: OutboxLog,
    options: Partial<OutboxPublisherOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
    this.loop = new DrainLoop({
      step: () => this.publishBatch(),
      batchSize: this.options.batchSize,
      pollIntervalMs: this.options.pollIntervalMs,
      waiting: async () =>
        (await this.db.query("SELECT 1 FROM event_outbox WHERE published_at IS NULL LIMIT 1"))
          .length > 0,
      onError: (error, during) =>
        this.log.error(
          { err: error },
          during === "run"
            ? "event_outbox publish failed (retried by the poll)"
            : "event_outbox poll failed",
        ),
    });
  }

  /** Starts the poll and the clean-up, and publishes what is waiting. */
  start(): void {
    if (!this.loop.isStopped) return;
    this.cleanUpTimer = setInterval(
      () =>
        void this.cleanUp().catch((error: unknown) =>
          this.log.error({ err: error }, "event_outbox clean-up failed"),
        ),
      this.options.cleanUpIntervalMs,
    );
    this.cleanUpTimer.unref();
    this.loop.start();
  }

  /** Stops the timers and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.cleanUpTimer) clearInterval(this.cleanUpTimer);
    this.cleanUpTimer = null;
    await this.loop.stop();
  }

  /** Something was committed: publish soon. Calls within one tick share one run. */
  nudge(): void {
    this.loop.nudge();
  }

  /**
   * Publishes until nothing is waiting. One run at a time in this process: a call during a
   * run makes that run go round once more, and resolves with it.
   */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /**
   * Claims the oldest unpublished rows, hands them to the port and marks them, in one
   * transaction under the publishers' advisory lock. Returns how many were published.
   * `afterHandOff` is for tests: it runs between the hand-off and the mark (a crash there
   * must lead to a second delivery, never to a loss).
   */
  async publishBatch(afterHandOff?: () => void | Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      // The mark commits without waiting for the WAL flush: a crash that forgets it only sends
      // the batch again (at least once, as above), and the next batch leaves a flush sooner.
      await tx.query(
        "SELECT pg_advisory_xact_lock($1), set_config('synchronous_commit', 'off', true)",
        [OUTBOX_LOCK_KEY],
      );
      const rows = await tx.query<OutboxRow>(
        `SELECT id, channel, payload FROM event_outbox
          WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE`,
        [this.options.batchSize],
      );
      if (rows.length === 0) return 0;
      const messages: PubSubMessage[] = rows.map((row) => ({
        channel: row.channel,
        data: row.payload,
      }));
      await this.pubsub.publish(messages);
      await afterHandOff?.();
      await markPublished(
        tx,
        rows.map((row) => row.id),
      );
      return rows.length;
    });
  }

  /** Deletes published rows older than the retention; returns how many. */
  async cleanUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.db.query<{ id: string }>(
        `DELETE FROM event_outbox WHERE id IN (
           SELECT id FROM event_outbox
            WHERE published_at IS NOT NULL
              AND published_at < now() - $1 * interval '1 millisecond'
            ORDER BY published_at LIMIT $2)
         RETURNING id`,
        [this.options.retentionMs, this.options.cleanUpBatchSize],
      );
      total += rows.length;
      if (rows.length < this.options.cleanUpBatchSize) return total;
    }
  }
}

async function markPublished(tx: Queryable, ids: readonly string[]): Promise<void> {
  await tx.query("UPDATE event_outbox SET published_at = now() WHERE id = ANY($1::bigint[])", [
    ids,
  ]);
}
