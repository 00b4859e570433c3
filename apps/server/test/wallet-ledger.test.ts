import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/infra/db";
import {
  assertValidPosting,
  InvalidPostingError,
  LedgerBatcher,
  type Posting,
  postInTransaction,
} from "../src/modules/wallet/ledger";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { walletRepository } from "../src/modules/wallet/repository";
import { createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
let db: Db;
let counter = 0;

beforeAll(async () => {
  app = await createPlayerTestApp();
  db = app.testDb;
});
afterAll(async () => app?.close());

/** A fresh player's EUR wallet: its real-money ledger account and the house accounts. */
async function freshWallet() {
  const { tokens } = await registerByEmail(app);
  const repo = walletRepository(db);
  const { id } = await repo.open(tokens.profileId, "EUR", new Date());
  const wallet = await repo.find(tokens.profileId, id);
  if (!wallet) throw new Error("no wallet");
  return {
    wallet,
    real: wallet.ledger.real,
    deposits: await repo.houseAccount("deposits", "EUR"),
    withdrawals: await repo.houseAccount("withdrawals", "EUR"),
  };
}

function key(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2)}`;
}

function transfer(
  from: bigint,
  to: bigint,
  amount: bigint,
  idempotencyKey = key("t"),
  kind = "test.transfer",
): Posting {
  return {
    key: idempotencyKey,
    kind,
    legs: [
      { account: from, currency: "EUR", amount: -amount },
      { account: to, currency: "EUR", amount },
    ],
  };
}

async function balanceOf(account: bigint): Promise<bigint> {
  const [row] = await db.query<{ balance: string }>(
    "SELECT balance FROM ledger_accounts WHERE id = $1",
    [account.toString()],
  );
  return BigInt(row!.balance);
}

describe("ledger postings (DESIGN Money, BE-21)", () => {
  it("a deposit credits the player and debits the house; entries sum to zero", async () => {
    const { real, deposits } = await freshWallet();
    const [result] = await postInTransaction(db, [transfer(deposits, real, 10_000n)]);
    expect(result).toMatchObject({ status: "applied", replay: false });
    expect(result!.balances.get(real)).toBe(10_000n);
    expect(await balanceOf(real)).toBe(10_000n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("a replayed key returns the first answer and moves nothing", async () => {
    const { real, deposits } = await freshWallet();
    const posting = transfer(deposits, real, 2_500n);
    const [first] = await postInTransaction(db, [posting]);
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => postInTransaction(db, [posting])),
    );
    for (const [again] of replays) {
      expect(again).toMatchObject({ status: "applied", replay: true });
      expect(again!.transactionId).toBe(first!.transactionId);
    }
    expect(await balanceOf(real)).toBe(2_500n);
  });

  it("the same key with other parameters is a conflict, not a second movement", async () => {
    const { real, deposits } = await freshWallet();
    const idempotencyKey = key("k");
    await postInTransaction(db, [transfer(deposits, real, 100n, idempotencyKey)]);
    const [other] = await postInTransaction(db, [transfer(deposits, real, 999n, idempotencyKey)]);
    expect(other).toMatchObject({ status: "conflict", reason: "idempotency_key_reused" });
    expect(await balanceOf(real)).toBe(100n);
  });

  it("a withdrawal beyond the balance is rejected, recorded, and a retry gets the same answer", async () => {
    const { real, deposits, withdrawals } = await freshWallet();
    await postInTransaction(db, [transfer(deposits, real, 500n)]);
    const posting = transfer(real, withdrawals, 501n);
    const [first] = await postInTransaction(db, [posting]);
    expect(first).toMatchObject({
      status: "rejected",
      reason: "insufficient_funds",
      replay: false,
    });
    const [retry] = await postInTransaction(db, [posting]);
    expect(retry).toMatchObject({ status: "rejected", replay: true });
    expect(retry!.transactionId).toBe(first!.transactionId);
    expect(await balanceOf(real)).toBe(500n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("one batch applies each item on its own: a rejected item leaves the others applied", async () => {
    const { real, deposits, withdrawals } = await freshWallet();
    const results = await postInTransaction(db, [
      transfer(deposits, real, 300n),
      transfer(real, withdrawals, 1_000n),
      transfer(real, withdrawals, 200n),
    ]);
    expect(results.map((result) => result.status)).toEqual(["applied", "rejected", "applied"]);
    expect(await balanceOf(real)).toBe(100n);
  });

  it("refuses postings that do not balance, have one leg or a zero leg, before the database", () => {
    const bad: Posting[] = [
      { key: "a", kind: "x", legs: [{ account: 1n, currency: "EUR", amount: 5n }] },
      {
        key: "b",
        kind: "x",
        legs: [
          { account: 1n, currency: "EUR", amount: -5n },
          { account: 2n, currency: "EUR", amount: 4n },
        ],
      },
      {
        key: "c",
        kind: "x",
        legs: [
          { account: 1n, currency: "EUR", amount: 0n },
          { account: 2n, currency: "EUR", amount: 0n },
        ],
      },
      { key: "", kind: "x", legs: [] },
    ];
    for (const posting of bad)
      expect(() => assertValidPosting(posting)).toThrow(InvalidPostingError);
  });

  it("the database itself refuses an unbalanced posting and keeps entries append-only", async () => {
    const { real, deposits } = await freshWallet();
    await expect(
      db.query("SELECT * FROM ledger_post($1::jsonb)", [
        JSON.stringify([
          {
            key: key("raw"),
            kind: "raw",
            hash: "h",
            legs: [
              { account: deposits.toString(), currency: "EUR", amount: "-5" },
              { account: real.toString(), currency: "EUR", amount: "6" },
            ],
          },
        ]),
      ]),
    ).rejects.toThrow(/balance/);
    await postInTransaction(db, [transfer(deposits, real, 5n)]);
    await expect(db.query("UPDATE ledger_entries SET amount = amount * 2")).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query("DELETE FROM ledger_transactions")).rejects.toThrow(/append-only/);
  });

  it("50 concurrent withdrawals of the whole balance: exactly one succeeds (batched and unbatched)", async () => {
    for (const mode of ["batched", "separate"] as const) {
      const { real, deposits, withdrawals } = await freshWallet();
      await postInTransaction(db, [transfer(deposits, real, 7_000n)]);
      const batcher = new LedgerBatcher(db, { maxBatch: 16 });
      const attempts = Array.from({ length: 50 }, () => transfer(real, withdrawals, 7_000n));
      const results = await Promise.all(
        attempts.map((posting) =>
          mode === "batched"
            ? batcher.post(posting)
            : postInTransaction(db, [posting]).then(([result]) => result!),
        ),
      );
      expect(results.filter((result) => result.status === "applied")).toHaveLength(1);
      expect(results.filter((result) => result.status === "rejected")).toHaveLength(49);
      expect(await balanceOf(real)).toBe(0n);
    }
    expect(await checkLedger(db)).toEqual([]);
  });

  it("random sequences of deposits, withdrawals and replays keep every invariant (property)", async () => {
    const { real, deposits, withdrawals } = await freshWallet();
    const batcher = new LedgerBatcher(db, { maxBatch: 8 });
    let expected = 0n;
    const seen: Posting[] = [];
    const step = fc.oneof(
      fc.record({
        op: fc.constant("deposit" as const),
        amount: fc.bigInt({ min: 1n, max: 10n ** 20n }),
      }),
      fc.record({
        op: fc.constant("withdraw" as const),
        amount: fc.bigInt({ min: 1n, max: 10n ** 20n }),
      }),
      fc.record({ op: fc.constant("replay" as const), index: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const postings: Posting[] = [];
        for (const s of steps) {
          if (s.op === "replay") {
            if (seen.length > 0) postings.push(seen[s.index % seen.length]!);
            continue;
          }
          const posting =
            s.op === "deposit"
              ? transfer(deposits, real, s.amount)
              : transfer(real, withdrawals, s.amount);
          postings.push(posting);
        }
        // Sequential model of the same postings to know the expected balance.
        const results = [];
        for (const posting of postings) results.push(await batcher.post(posting));
        for (const [index, posting] of postings.entries()) {
          const result = results[index]!;
          if (result.status === "applied" && !result.replay) {
            expected += posting.legs.find((leg) => leg.account === real)!.amount;
          }
          if (!seen.includes(posting)) seen.push(posting);
        }
        expect(await balanceOf(real)).toBe(expected);
        expect(expected >= 0n).toBe(true);
      }),
      { numRuns: 40 },
    );
    expect(await checkLedger(db)).toEqual([]);
  });

  it("ledger:check finds a cached balance that drifted from its entries, with the row", async () => {
    const { real, deposits } = await freshWallet();
    await postInTransaction(db, [transfer(deposits, real, 40n)]);
    await db.query("UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1", [
      real.toString(),
    ]);
    try {
      expect(await checkLedger(db)).toEqual([
        {
          check: "cached player balance equals the sum of its entries",
          row: { account_id: real.toString(), cached: "41", derived: "40" },
        },
      ]);
    } finally {
      await db.query("UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1", [
        real.toString(),
      ]);
    }
    expect(await checkLedger(db)).toEqual([]);
  });
});
