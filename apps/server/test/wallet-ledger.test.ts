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

describe("ledger batches as arrays (migration 0015, BE-21/BE-22)", () => {
  it("BE-22: one batch mixing fresh keys, replays, conflicts and insufficient funds answers each item as if posted in order", async () => {
    const { real, deposits, withdrawals } = await freshWallet();
    const rich = (await freshWallet()).real;
    await postInTransaction(db, [
      transfer(deposits, real, 1_000n),
      transfer(deposits, rich, 5_000n),
    ]);
    const earlier = transfer(real, withdrawals, 100n);
    const [first] = await postInTransaction(db, [earlier]);
    const refused = transfer(real, withdrawals, 50_000n);
    const [refusedFirst] = await postInTransaction(db, [refused]);
    expect(refusedFirst).toMatchObject({ status: "rejected", replay: false });
    const twiceKey = key("twice");
    const otherKey = key("other");
    const batch = [
      transfer(rich, withdrawals, 10n), // 0 fresh, applied
      earlier, // 1 replay of an applied key
      transfer(real, withdrawals, 999n, earlier.key), // 2 conflict with an earlier key
      refused, // 3 replay of a rejected key
      transfer(real, withdrawals, 901n), // 4 fresh, short (900 left)
      transfer(real, withdrawals, 900n, twiceKey), // 5 fresh, applied: real goes to 0
      transfer(real, withdrawals, 900n, twiceKey), // 6 the same key again in the batch: replay
      transfer(rich, withdrawals, 20n, otherKey), // 7 fresh, applied
      transfer(rich, withdrawals, 21n, otherKey), // 8 same key, other legs: conflict
      transfer(deposits, real, 5n), // 9 fresh credit after the replays
    ];
    const results = await postInTransaction(db, batch);
    expect(results.map((r) => [r.status, r.replay, r.reason])).toEqual([
      ["applied", false, null],
      ["applied", true, null],
      ["conflict", true, "idempotency_key_reused"],
      ["rejected", true, "insufficient_funds"],
      ["rejected", false, "insufficient_funds"],
      ["applied", false, null],
      ["applied", true, null],
      ["applied", false, null],
      ["conflict", true, "idempotency_key_reused"],
      ["applied", false, null],
    ]);
    expect(results[1]!.transactionId).toBe(first!.transactionId);
    expect(results[2]!.transactionId).toBe(first!.transactionId);
    expect(results[3]!.transactionId).toBe(refusedFirst!.transactionId);
    expect(results[6]!.transactionId).toBe(results[5]!.transactionId);
    expect(results[8]!.transactionId).toBe(results[7]!.transactionId);
    expect(results[0]!.balances.get(rich)).toBe(4_990n);
    expect(results[5]!.balances.get(real)).toBe(0n);
    expect(results[7]!.balances.get(rich)).toBe(4_970n);
    expect(results[9]!.balances.get(real)).toBe(5n);
    expect(results[1]!.balances.size).toBe(0);
    expect(await balanceOf(real)).toBe(5n);
    expect(await balanceOf(rich)).toBe(4_970n);
    // A retry of the whole batch moves nothing and gets the same answers.
    const again = await postInTransaction(db, batch);
    expect(again.map((r) => [r.status, r.reason, r.transactionId])).toEqual(
      results.map((r) => [r.status, r.reason, r.transactionId]),
    );
    expect(again.every((r) => r.replay)).toBe(true);
    expect(await balanceOf(real)).toBe(5n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("BE-22: the same account many times in one batch, its running balance dipping below zero midway", async () => {
    const { real, deposits, withdrawals } = await freshWallet();
    const other = (await freshWallet()).real;
    await postInTransaction(db, [
      transfer(deposits, real, 100n),
      transfer(deposits, other, 1_000n),
    ]);
    const results = await postInTransaction(db, [
      transfer(real, withdrawals, 60n), // 40
      transfer(other, withdrawals, 1n), // other 999 (an account that cannot run short)
      transfer(real, withdrawals, 60n), // short
      transfer(deposits, real, 30n), // 70
      transfer(real, other, 60n), // 10; other 1,059
      transfer(real, withdrawals, 20n), // short
      transfer(other, real, 15n), // 25; other 1,044
      transfer(real, withdrawals, 25n), // 0
      transfer(other, withdrawals, 44n), // other 1,000
    ]);
    expect(results.map((r) => r.status)).toEqual([
      "applied",
      "applied",
      "rejected",
      "applied",
      "applied",
      "rejected",
      "applied",
      "applied",
      "applied",
    ]);
    const balance = (index: number, account: bigint) => results[index]!.balances.get(account);
    expect(balance(0, real)).toBe(40n);
    expect(balance(3, real)).toBe(70n);
    expect(balance(4, real)).toBe(10n);
    expect(balance(6, real)).toBe(25n);
    expect(balance(7, real)).toBe(0n);
    expect(balance(8, other)).toBe(1_000n);
    expect(results[2]!.balances.size).toBe(0);
    expect(await balanceOf(real)).toBe(0n);
    expect(await balanceOf(other)).toBe(1_000n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("BE-22: many postings on one well-funded account in one batch report the running balance after each", async () => {
    const { real, deposits, withdrawals } = await freshWallet();
    await postInTransaction(db, [transfer(deposits, real, 10_000n)]);
    const amounts = Array.from({ length: 50 }, (_, i) => BigInt(i + 1));
    const results = await postInTransaction(
      db,
      amounts.map((amount, i) =>
        i % 3 === 0 ? transfer(deposits, real, amount) : transfer(real, withdrawals, amount),
      ),
    );
    let expected = 10_000n;
    results.forEach((result, i) => {
      expected += i % 3 === 0 ? amounts[i]! : -amounts[i]!;
      expect(result).toMatchObject({ status: "applied", replay: false });
      expect(result.balances.get(real)).toBe(expected);
    });
    expect(await balanceOf(real)).toBe(expected);
  });

  it("BE-21: a multi-currency posting balances per currency and moves both currencies", async () => {
    const { tokens } = await registerByEmail(app);
    const repo = walletRepository(db);
    const eur = await repo.find(
      tokens.profileId,
      (await repo.open(tokens.profileId, "EUR", new Date())).id,
    );
    const usd = await repo.find(
      tokens.profileId,
      (await repo.open(tokens.profileId, "USD", new Date())).id,
    );
    const eurHouse = await repo.houseAccount("adjustments", "EUR");
    const usdHouse = await repo.houseAccount("adjustments", "USD");
    const eurDeposits = await repo.houseAccount("deposits", "EUR");
    await postInTransaction(db, [transfer(eurDeposits, eur!.ledger.real, 1_000n)]);
    const exchange: Posting = {
      key: key("fx"),
      kind: "test.exchange",
      legs: [
        { account: eur!.ledger.real, currency: "EUR", amount: -400n },
        { account: eurHouse, currency: "EUR", amount: 400n },
        { account: usdHouse, currency: "USD", amount: -437n },
        { account: usd!.ledger.real, currency: "USD", amount: 437n },
      ],
    };
    const [short, applied] = await postInTransaction(db, [
      {
        ...exchange,
        key: key("fx"),
        legs: exchange.legs.map((l) => ({ ...l, amount: l.amount * 3n })),
      },
      exchange,
    ]);
    expect(short).toMatchObject({ status: "rejected", reason: "insufficient_funds" });
    expect(applied).toMatchObject({ status: "applied", replay: false });
    expect(applied!.balances).toEqual(
      new Map([
        [eur!.ledger.real, 600n],
        [usd!.ledger.real, 437n],
      ]),
    );
    expect(await balanceOf(usd!.ledger.real)).toBe(437n);
    // Balanced in total but not per currency, or a leg in another currency than its account:
    // the database refuses the whole batch.
    const raw = (legs: [bigint, string, string][]) =>
      db.query(
        `SELECT * FROM ledger_post_arrays($1::text[], $2::text[], $3::text[], $4::jsonb[],
                                          $5::int[], $6::bigint[], $7::text[], $8::numeric[])`,
        [
          [key("raw")],
          ["raw"],
          ["h"],
          [null],
          legs.map(() => 0),
          legs.map(([account]) => account.toString()),
          legs.map(([, currency]) => currency),
          legs.map(([, , amount]) => amount),
        ],
      );
    await expect(
      raw([
        [eur!.ledger.real, "EUR", "-5"],
        [usd!.ledger.real, "USD", "5"],
      ]),
    ).rejects.toThrow(/balance/);
    await expect(
      raw([
        [eur!.ledger.real, "EUR", "-5"],
        [usd!.ledger.real, "EUR", "5"],
      ]),
    ).rejects.toThrow(/another currency/);
    expect(await balanceOf(eur!.ledger.real)).toBe(600n);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("BE-22: the same fresh key posted by concurrent calls is applied once; the others are replays", async () => {
    const { real, deposits } = await freshWallet();
    const posting = transfer(deposits, real, 77n);
    const others = Array.from({ length: 5 }, () => transfer(deposits, real, 1n));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postInTransaction(db, [others[i % 5]!, posting])),
    );
    const answers = results.map((batch) => batch[1]!);
    expect(answers.filter((r) => !r.replay)).toHaveLength(1);
    expect(answers.every((r) => r.status === "applied")).toBe(true);
    expect(new Set(answers.map((r) => r.transactionId)).size).toBe(1);
    expect(await balanceOf(real)).toBe(77n + 5n);
    // House to house: no player account to lock, so the calls race on the key itself (the
    // losers' claims conflict after the fact and are answered as replays).
    const houses = transfer(deposits, (await freshWallet()).withdrawals, 3n);
    const raced = await Promise.all(
      Array.from({ length: 8 }, () => postInTransaction(db, [houses]).then(([r]) => r!)),
    );
    expect(raced.filter((r) => !r.replay)).toHaveLength(1);
    expect(raced.every((r) => r.status === "applied")).toBe(true);
    expect(new Set(raced.map((r) => r.transactionId)).size).toBe(1);
    // Two batches with the same two fresh keys in opposite orders claim them in key order: no
    // deadlock, each key applied once.
    const { withdrawals } = await freshWallet();
    for (let round = 0; round < 5; round++) {
      const a = transfer(deposits, withdrawals, 1n);
      const b = transfer(deposits, withdrawals, 2n);
      const [ab, ba] = await Promise.all([
        postInTransaction(db, [a, b]),
        postInTransaction(db, [b, a]),
      ]);
      expect([...ab!, ...ba!].every((r) => r.status === "applied")).toBe(true);
      expect(ab![0]!.transactionId).toBe(ba![1]!.transactionId);
      expect(ab![1]!.transactionId).toBe(ba![0]!.transactionId);
      expect([...ab!, ...ba!].filter((r) => !r.replay)).toHaveLength(2);
    }
    expect(await checkLedger(db)).toEqual([]);
  });
});
