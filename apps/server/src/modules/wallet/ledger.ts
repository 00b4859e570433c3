// Posting to the double-entry ledger (migration 0005_ledger.sql). Two ways in:
// - `postInTransaction(tx, postings)`: inside a caller's database transaction, when the money
//   must move atomically with other rows (an invoice turning successful and its credit).
// - `LedgerBatcher.post(posting)`: high-rate paths (game bets and wins). Requests queue while a
//   batch is in flight; each batch of up to `maxBatch` is applied by one `ledger_post_arrays`
//   call (migration 0015) and one commit, each item with its own answer. Commit cost is shared;
//   durability is unchanged.
import { createHash } from "node:crypto";
import type { Db, Queryable } from "../../infra/db";
import { onNextTurn } from "../../lib/next-turn";

export interface PostingLeg {
  /** ledger_accounts.id */
  account: bigint;
  currency: string;
  /** Minor units; negative takes money out of the account, positive puts it in. */
  amount: bigint;
}

export interface Posting {
  /** Idempotency key: a replay gets the first answer and moves nothing. */
  key: string;
  kind: string;
  legs: readonly PostingLeg[];
  metadata?: Record<string, unknown>;
}

export type PostingStatus = "applied" | "rejected" | "conflict";

export interface PostingResult {
  status: PostingStatus;
  /** Why a posting was rejected (insufficient_funds) or in conflict (idempotency_key_reused). */
  reason: string | null;
  transactionId: bigint;
  /** True when the key was seen before: this is the first answer again. */
  replay: boolean;
  /** Player account balances after this posting (applied postings that were not replays). */
  balances: Map<bigint, bigint>;
}

/** A posting that can never be right (unbalanced, empty, bad amount): a bug in the caller. */
export class InvalidPostingError extends Error {
  override readonly name = "InvalidPostingError";
}

/** Checks the invariants a posting must meet before it reaches the database. */
export function assertValidPosting(posting: Posting): void {
  if (posting.key.length === 0 || posting.key.length > 200) {
    throw new InvalidPostingError("the idempotency key must have 1 to 200 characters");
  }
  if (!/^[a-z_.]{1,60}$/.test(posting.kind)) throw new InvalidPostingError("bad posting kind");
  if (posting.legs.length < 2) throw new InvalidPostingError("a posting needs at least two legs");
  const sums = new Map<string, bigint>();
  for (const leg of posting.legs) {
    if (leg.amount === 0n) throw new InvalidPostingError("a leg cannot be zero");
    sums.set(leg.currency, (sums.get(leg.currency) ?? 0n) + leg.amount);
  }
  for (const [currency, total] of sums) {
    if (total !== 0n) {
      throw new InvalidPostingError(`legs in ${currency} sum to ${total}, not zero`);
    }
  }
}

/** SHA-256 of what the posting does, so the same key with other parameters is refused. */
export function postingHash(posting: Posting): string {
  const legs = [...posting.legs]
    .map((leg) => `${leg.account}:${leg.currency}:${leg.amount}`)
    .sort()
    .join("|");
  return createHash("sha256").update(`${posting.kind}\n${legs}`).digest("hex");
}

interface PostRow {
  item: number;
  status: PostingStatus;
  transaction_id: string;
  reason: string | null;
  replay: boolean;
  balances: Record<string, string> | null;
}

/** Applies postings in the caller's transaction (or as one autocommit statement). */
export async function postInTransaction(
  db: Queryable,
  postings: readonly Posting[],
): Promise<PostingResult[]> {
  if (postings.length === 0) return [];
  for (const posting of postings) assertValidPosting(posting);
  // The batch as parallel arrays (migration 0015): one element per item, one per leg with its
  // item's index; nothing for the database to parse.
  const keys: string[] = [];
  const kinds: string[] = [];
  const hashes: string[] = [];
  const metadata: (string | null)[] = [];
  const legItems: number[] = [];
  const legAccounts: string[] = [];
  const legCurrencies: string[] = [];
  const legAmounts: string[] = [];
  postings.forEach((posting, index) => {
    keys.push(posting.key);
    kinds.push(posting.kind);
    hashes.push(postingHash(posting));
    metadata.push(posting.metadata ? JSON.stringify(posting.metadata) : null);
    for (const leg of posting.legs) {
      legItems.push(index);
      legAccounts.push(leg.account.toString());
      legCurrencies.push(leg.currency);
      legAmounts.push(leg.amount.toString());
    }
  });
  const rows = await db.query<PostRow>(
    `SELECT item, status, transaction_id, reason, replay, balances
       FROM ledger_post_arrays($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::int[],
                               $6::bigint[], $7::text[], $8::numeric[])`,
    [keys, kinds, hashes, metadata, legItems, legAccounts, legCurrencies, legAmounts],
  );
  const results: PostingResult[] = new Array(postings.length);
  for (const row of rows) {
    results[row.item] = {
      status: row.status,
      reason: row.reason,
      transactionId: BigInt(row.transaction_id),
      replay: row.replay,
      balances: new Map(
        Object.entries(row.balances ?? {}).map(([id, balance]) => [BigInt(id), BigInt(balance)]),
      ),
    };
  }
  return results;
}

const RETRYABLE = new Set(["40001", "40P01"]);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}

export interface LedgerBatcherOptions {
  /** Items per `ledger_post` call. */
  maxBatch?: number;
  /** Batches in flight at once (1 for PGlite, which has one connection). */
  maxInFlight?: number;
  /** Retries of a batch that hit a deadlock or serialization failure. */
  maxRetries?: number;
}

interface Waiting {
  posting: Posting;
  resolve: (result: PostingResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Queues postings and applies them in batches: while a batch is in flight, new postings wait
 * and go together in the next one. A batch that hits a deadlock (two batches locking the same
 * accounts in different orders) is retried whole; the idempotency keys make that safe.
 */
export class LedgerBatcher {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly maxRetries: number;

  constructor(
    private readonly db: Db,
    options: LedgerBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 200;
    this.maxInFlight = options.maxInFlight ?? (db.kind === "pglite" ? 1 : 2);
    this.maxRetries = options.maxRetries ?? 5;
  }

  post(posting: Posting): Promise<PostingResult> {
    try {
      assertValidPosting(posting);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ posting, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Starts batches on the next turn of the event loop, after the I/O that is already waiting
   * (other requests) has queued its postings too. On PGlite, whose queries block the event loop,
   * starting at once would send every posting alone.
   */
  private readonly schedule = onNextTurn(() => this.pump());

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const results = await postInTransaction(
          this.db,
          batch.map((waiting) => waiting.posting),
        );
        batch.forEach((waiting, index) => {
          const result = results[index];
          if (result) waiting.resolve(result);
          else waiting.reject(new Error("ledger_post returned no row for an item"));
        });
        return;
      } catch (error) {
        if (isRetryable(error) && attempt < this.maxRetries) continue;
        if (batch.length > 1 && !isRetryable(error)) {
          // One bad item must not sink the others: apply them one by one.
          await Promise.all(batch.map((waiting) => this.run([waiting])));
          return;
        }
        for (const waiting of batch) waiting.reject(error);
        return;
      }
    }
  }
}
