// Chat messages of different requests written together (issue 26's speed target, docs/chat.md
// "Speed"): messages that arrive while earlier ones are being written wait for the next batch,
// and a batch is one transaction: the conversations locked at once (in id order, so batches
// never deadlock), each message's one statement, the batch's realtime events in one statement,
// and one commit (one WAL flush) for all. Each message keeps its own answer: a refusal (a closed
// conversation) refuses that message only, before anything of it is written. A conversation is
// in a batch at most once (a second message of it waits for the next batch), so every message
// sees the conversation exactly as it would alone. Should a batch's transaction fail as a whole,
// every message in it is written again alone, and a failure then is that message's own.
// CHAT_APPEND_BATCH caps the batch (1: every message alone).
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import {
  CONVERSATION_COLUMNS,
  type ConversationRow,
  type NewMessage,
  type RealtimeEvent,
  writeMessage,
} from "./conversations";

type BatchContext = Pick<AppContext, "db" | "config" | "now">;

export type Appended = Omit<Awaited<ReturnType<typeof writeMessage>>, "events">;

export interface AppendJob<T> {
  input: NewMessage;
  /** Refuses this message only (throws), given its conversation as locked; nothing is written. */
  check?: (locked: ConversationRow) => void;
  /**
   * More writes of this message in the batch's transaction (not called for a replayed clientId).
   * `flush` writes the batch's realtime events so far: call it before writing events of your own,
   * so that they follow the message's.
   */
  after?: (
    tx: Queryable,
    appended: Appended,
    locked: ConversationRow,
    flush: () => Promise<void>,
  ) => Promise<T>;
}

interface Entry {
  ctx: BatchContext;
  job: AppendJob<unknown>;
  ok: (value: { appended: Appended; result: unknown }) => void;
  fail: (error: unknown) => void;
}

type Outcome =
  | { ok: true; value: { appended: Appended; result: unknown } }
  | { ok: false; error: unknown };

/** Batches in flight at once (each holds one pooled connection for its transaction). */
const CONCURRENT_BATCHES = 4;

class AppendBatcher {
  private queue: Entry[] = [];
  private running = 0;
  private scheduled = false;

  constructor(private readonly maxBatch: number) {}

  submit(entry: Entry): void {
    this.queue.push(entry);
    this.pump();
  }

  private pump(): void {
    if (this.scheduled || this.running >= CONCURRENT_BATCHES || this.queue.length === 0) return;
    this.scheduled = true;
    // One turn later, so that the requests of this turn share the batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < CONCURRENT_BATCHES && this.queue.length > 0) {
        const batch = this.take();
        this.running += 1;
        void this.run(batch).finally(() => {
          this.running -= 1;
          this.pump();
        });
      }
    });
  }

  /** The oldest waiting messages, at most one per conversation, up to the cap. */
  private take(): Entry[] {
    const batch: Entry[] = [];
    const rest: Entry[] = [];
    const conversations = new Set<string>();
    for (const entry of this.queue) {
      const id = entry.job.input.conversationId;
      if (batch.length < this.maxBatch && !conversations.has(id)) {
        conversations.add(id);
        batch.push(entry);
      } else {
        rest.push(entry);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Entry[]): Promise<void> {
    if (batch.length > 1) {
      let outcomes: Outcome[] | null = null;
      try {
        outcomes = await batch[0]!.ctx.db.transaction((tx) => writeBatch(tx, batch));
      } catch {
        outcomes = null; // each message again, alone, below
      }
      if (outcomes) {
        settle(batch, outcomes);
        return;
      }
    }
    await Promise.all(
      batch.map(async (entry) => {
        try {
          settle([entry], await entry.ctx.db.transaction((tx) => writeBatch(tx, [entry])));
        } catch (error) {
          entry.fail(error);
        }
      }),
    );
  }
}

function settle(batch: Entry[], outcomes: Outcome[]): void {
  batch.forEach((entry, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) entry.ok(outcome.value);
    else entry.fail(outcome.error);
  });
}

async function writeBatch(tx: Queryable, batch: Entry[]): Promise<Outcome[]> {
  const ids = batch.map((entry) => entry.job.input.conversationId);
  const rows = await tx.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversations c
      WHERE c.id = ANY($1::uuid[]) ORDER BY c.id FOR UPDATE`,
    [ids],
  );
  const locked = new Map(rows.map((row) => [row.id, row]));
  const pending: RealtimeEvent[] = [];
  const now = batch[0]!.ctx.now();
  const flush = async () => {
    if (pending.length > 0) await enqueueRealtimeEvents(tx, pending.splice(0), now);
  };
  const outcomes: Outcome[] = [];
  for (const { ctx, job } of batch) {
    const row = locked.get(job.input.conversationId);
    try {
      if (!row) throw AppError.notFound("No conversation with that id");
      job.check?.(row);
    } catch (error) {
      outcomes.push({ ok: false, error });
      continue;
    }
    const { events, ...appended } = await writeMessage(tx, ctx, job.input, row);
    pending.push(...events);
    const result =
      job.after && !appended.replay ? await job.after(tx, appended, row, flush) : undefined;
    outcomes.push({ ok: true, value: { appended, result } });
  }
  await flush();
  return outcomes;
}

const batchers = new WeakMap<object, AppendBatcher>();

/**
 * Appends a message (conversations.ts appendMessage) in the node's next batch and answers it
 * with the job's `after` result, once the batch committed.
 */
export function appendInBatch<T>(
  ctx: BatchContext,
  job: AppendJob<T>,
): Promise<{ appended: Appended; result: T | undefined }> {
  let batcher = batchers.get(ctx.db);
  if (!batcher) {
    batcher = new AppendBatcher(ctx.config.chat.appendBatch);
    batchers.set(ctx.db, batcher);
  }
  const queue = batcher;
  return new Promise((ok, fail) => {
    queue.submit({
      ctx,
      job: job as AppendJob<unknown>,
      ok: (value) => ok(value as { appended: Appended; result: T | undefined }),
      fail,
    });
  });
}
