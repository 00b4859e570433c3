// Running play sums for limit usage (migrations 0035, 0036): the game postings of an account that
// keeps them add to per-quarter-hour sums, and a limit's period on quarter hours adds those up
// instead of reading every game entry the account ever had. An account keeps them once a bet
// was checked against a bet or loss limit on it (startPlaySums, from the ledger); any other reads
// its entries. Checked against the ledger itself: the backfill of play made before the
// migrations, postings at any time (several in one statement, as the wallet's batches insert
// them), sums started at any point, periods on quarter hours and off them, and ledger:check
// noticing a sum that drifts or that an account should not have. Runs on PGlite and PostgreSQL.
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/infra/db";
import { migrate, readMigrations } from "../src/infra/migrate";
import { limitsRepository, type PlayScope } from "../src/modules/risk/limits-repository";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { createTestDatabase, type TestDatabase } from "./helpers";

const QUARTER = 15 * 60_000;
const now = () => new Date();
/** A quarter hour well before the run: the postings below are stamped explicitly around it. */
const ORIGIN = Date.UTC(2026, 10, 20, 21, 0);

interface Account {
  playerId: string;
  walletAccountId: string;
  real: string;
  bonus: string;
}

interface Posting {
  account: number;
  kind: "game.bet" | "game.win" | "game.rollback" | "payment.deposit";
  fromBonus: boolean;
  amount: bigint;
  /** Milliseconds after ORIGIN. */
  at: number;
}

let database: TestDatabase;
let db: Db;
let house: string;
const accounts: Account[] = [];
/** Everything posted so far (the expected sums are computed from it). */
const posted: Posting[] = [];
let keys = 0;

async function newAccount(): Promise<Account> {
  const [player] = await db.query<{ id: string }>(
    "INSERT INTO players (email) VALUES ('play-sums-' || gen_random_uuid() || '@example.test') RETURNING id::text AS id",
  );
  const [wallet] = await db.query<{ id: string }>(
    "INSERT INTO wallet_accounts (player_id, currency) VALUES ($1, 'EUR') RETURNING id::text AS id",
    [player!.id],
  );
  const ledger = await db.query<{ id: string; purpose: string }>(
    `INSERT INTO ledger_accounts (owner_kind, purpose, wallet_account_id, currency, balance)
     VALUES ('player', 'real', $1, 'EUR', 0), ('player', 'bonus', $1, 'EUR', 0)
     RETURNING id::text AS id, purpose`,
    [wallet!.id],
  );
  const id = (purpose: string) => ledger.find((row) => row.purpose === purpose)!.id;
  return {
    playerId: player!.id,
    walletAccountId: wallet!.id,
    real: id("real"),
    bonus: id("bonus"),
  };
}

/**
 * Postings as the ledger stores them (a transaction, two entries that sum to zero), stamped at
 * their own time; all their entries in one INSERT, as a batch of the wallet writes them. The
 * cached balances are kept as the ledger keeps them, so ledger:check stays clean.
 */
async function post(postings: readonly Posting[]): Promise<void> {
  if (postings.length === 0) return;
  const transactions = await db.query<{ id: string }>(
    `INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, status, created_at)
     SELECT 'play-sums-' || p.n, p.kind, 'test', 'applied', p.at
       FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS p(n, kind, at, i)
      ORDER BY p.i
     RETURNING id::text AS id`,
    [
      postings.map(() => (keys += 1)),
      postings.map((p) => p.kind),
      postings.map((p) => new Date(ORIGIN + p.at)),
    ],
  );
  // Money out of the player for a bet, in for the rest.
  const legs = postings.flatMap((p, i) => {
    const account = accounts[p.account]!;
    const player = p.fromBonus ? account.bonus : account.real;
    const toPlayer = p.kind === "game.bet" ? -p.amount : p.amount;
    const tx = transactions[i]!.id;
    return [
      { tx, account: player, amount: toPlayer },
      { tx, account: house, amount: -toPlayer },
    ];
  });
  await db.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, currency, amount, created_at)
     SELECT l.tx, l.account, 'EUR', l.amount, t.created_at
       FROM unnest($1::bigint[], $2::bigint[], $3::numeric[]) AS l(tx, account, amount)
       JOIN ledger_transactions t ON t.id = l.tx`,
    [legs.map((leg) => leg.tx), legs.map((leg) => leg.account), legs.map((leg) => leg.amount)],
  );
  await db.query(
    `UPDATE ledger_accounts a SET balance = a.balance + d.amount
       FROM (SELECT account, sum(amount) AS amount
               FROM unnest($1::bigint[], $2::numeric[]) AS l(account, amount) GROUP BY account) d
      WHERE a.id = d.account AND a.owner_kind = 'player'`,
    [legs.map((leg) => leg.account), legs.map((leg) => leg.amount)],
  );
  posted.push(...postings);
}

/** What the ledger says was staked and won in [start, end), from the postings made. */
function expected(scope: { account: number; start: number; end: number }) {
  let stakes = 0n;
  let winnings = 0n;
  for (const p of posted) {
    if (p.account !== scope.account || p.at < scope.start || p.at >= scope.end) continue;
    if (p.kind === "game.bet") stakes += p.amount;
    if (p.kind === "game.rollback") stakes -= p.amount;
    if (p.kind === "game.win") winnings += p.amount;
  }
  return { stakes, winnings };
}

const scopeOf = (s: { account: number; start: number; end: number }): PlayScope => ({
  playerId: accounts[s.account]!.playerId,
  currency: "EUR",
  start: new Date(ORIGIN + s.start),
  end: new Date(ORIGIN + s.end),
});

/** Bets (with rollbacks of some), wins and deposits of the accounts over two days. */
const postings = fc.array(
  fc.record({
    account: fc.integer({ min: 0, max: 4 }),
    kind: fc.constantFrom("game.bet", "game.bet", "game.win", "game.rollback", "payment.deposit"),
    fromBonus: fc.boolean(),
    amount: fc.bigInt({ min: 1n, max: 5_000n }),
    at: fc.integer({ min: 0, max: 2 * 24 * 60 * 60_000 }),
  }),
  { minLength: 1, maxLength: 30 },
);

/** A period of an account: on quarter hours (as a limit's), or anywhere (as a reality check's). */
const periods = (onQuarters: boolean) =>
  fc
    .record({
      account: fc.integer({ min: 0, max: 4 }),
      from: fc.integer({ min: -8, max: 200 }),
      length: fc.integer({ min: 1, max: 200 }),
      jitter: fc.integer({ min: 1, max: QUARTER - 1 }),
    })
    .map(({ account, from, length, jitter }) => ({
      account,
      start: from * QUARTER + (onQuarters ? 0 : jitter),
      end: (from + length) * QUARTER,
    }));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Migrations up to 0034 first: play posted before 0035 must be in its sums (the backfill).
  const dir = await mkdtemp(path.join(os.tmpdir(), "casino-migrations-"));
  const all = await readMigrations();
  for (const migration of all.filter((m) => m.version < "0035")) {
    await writeFile(path.join(dir, `${migration.version}_${migration.name}.sql`), migration.sql);
  }
  await migrate(db, dir);
  await db.query(
    `INSERT INTO currencies (code, type, symbol, subunit_to_unit, rate)
     VALUES ('EUR', 'fiat', '€', 100, 1) ON CONFLICT DO NOTHING`,
  );
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO ledger_accounts (owner_kind, purpose, currency) VALUES ('house', 'games', 'EUR')
     ON CONFLICT DO NOTHING RETURNING id::text AS id`,
  );
  house =
    row?.id ??
    (
      await db.query<{ id: string }>(
        "SELECT id::text AS id FROM ledger_accounts WHERE owner_kind = 'house' AND purpose = 'games' AND currency = 'EUR'",
      )
    )[0]!.id;
  // 0 and 1 get a limit before the migrations, 2 its sums in the first test, 3 at some point of
  // the property test, 4 never.
  for (let i = 0; i < 5; i += 1) accounts.push(await newAccount());
  // Money to play with, long before: bets never take a balance below zero.
  await post(
    [0, 1, 2, 3, 4].flatMap((account) =>
      [false, true].map((fromBonus) => ({
        account,
        kind: "payment.deposit" as const,
        fromBonus,
        amount: 1_000_000_000n,
        at: -30 * 24 * 60 * 60_000,
      })),
    ),
  );
});
afterAll(async () => database?.close());

describe("running play sums (limit usage)", () => {
  it("BE-34 play posted before the migrations is summed for the accounts with a bet or loss limit; sums start from the ledger; later postings add, any number per statement", async () => {
    await post([
      { account: 0, kind: "game.bet", fromBonus: false, amount: 500n, at: 0 },
      { account: 0, kind: "game.win", fromBonus: false, amount: 200n, at: QUARTER - 1 },
      { account: 0, kind: "game.bet", fromBonus: true, amount: 300n, at: QUARTER },
      { account: 1, kind: "game.rollback", fromBonus: false, amount: 100n, at: 5 * QUARTER },
      { account: 1, kind: "payment.deposit", fromBonus: false, amount: 9_000n, at: 5 * QUARTER },
      { account: 2, kind: "game.bet", fromBonus: false, amount: 40n, at: 0 },
    ]);
    // A loss limit for 0, a bet limit for 1, a deposit limit (no play sums) for 2.
    for (const [account, definition] of [
      [0, 2],
      [1, 1],
      [2, 3],
    ] as const) {
      await db.query(
        `INSERT INTO player_limits (player_id, definition, period, currency, amount, created_at,
           updated_at)
         VALUES ($1, $2, 'daily', 'EUR', 10000, now(), now())`,
        [accounts[account]!.playerId, definition],
      );
    }
    await migrate(db);
    const sums = async () =>
      db.query<{ account: string; at: Date; stakes: string; winnings: string }>(
        `SELECT wallet_account_id::text AS account, starts_at AS at, stakes::text AS stakes,
                winnings::text AS winnings
           FROM player_play_quarters ORDER BY starts_at, wallet_account_id`,
      );
    expect(await sums()).toEqual([
      {
        account: accounts[0]!.walletAccountId,
        at: new Date(ORIGIN),
        stakes: "500",
        winnings: "200",
      },
      {
        account: accounts[0]!.walletAccountId,
        at: new Date(ORIGIN + QUARTER),
        stakes: "300",
        winnings: "0",
      },
      {
        account: accounts[1]!.walletAccountId,
        at: new Date(ORIGIN + 5 * QUARTER),
        stakes: "-100",
        winnings: "0",
      },
    ]);
    // After the migrations: a statement with several accounts and quarters, one row each for
    // the accounts that keep sums; 2 keeps none and its periods read its entries.
    await post([
      { account: 0, kind: "game.bet", fromBonus: false, amount: 50n, at: 30 },
      { account: 2, kind: "game.win", fromBonus: true, amount: 70n, at: 30 },
      { account: 2, kind: "game.bet", fromBonus: false, amount: 80n, at: 2 * QUARTER },
    ]);
    const scopes = [
      { account: 0, start: 0, end: QUARTER },
      { account: 2, start: 0, end: 96 * QUARTER },
      { account: 1, start: 0, end: 96 * QUARTER },
    ].map(scopeOf);
    const played = [
      { stakes: 550n, winnings: 200n },
      { stakes: 120n, winnings: 70n },
      { stakes: -100n, winnings: 0n },
    ];
    expect(await limitsRepository(db).playedInEach(scopes)).toEqual(played);
    expect((await sums()).map((row) => row.account)).not.toContain(accounts[2]!.walletAccountId);
    expect(await checkLedger(db)).toEqual([]);
    // A bet checked against a limit of 2 starts its sums from the ledger, once.
    const repository = limitsRepository(db);
    for (let i = 0; i < 2; i += 1) {
      await repository.startPlaySums([{ playerId: accounts[2]!.playerId, currency: "EUR" }], now());
    }
    expect((await sums()).filter((row) => row.account === accounts[2]!.walletAccountId)).toEqual([
      {
        account: accounts[2]!.walletAccountId,
        at: new Date(ORIGIN),
        stakes: "40",
        winnings: "70",
      },
      {
        account: accounts[2]!.walletAccountId,
        at: new Date(ORIGIN + 2 * QUARTER),
        stakes: "80",
        winnings: "0",
      },
    ]);
    await post([{ account: 2, kind: "game.bet", fromBonus: true, amount: 5n, at: 2 * QUARTER }]);
    played[1] = { stakes: 125n, winnings: 70n };
    expect(await limitsRepository(db).playedInEach(scopes)).toEqual(played);
    expect(await checkLedger(db)).toEqual([]);
  });

  it("BE-34 property: any postings, any period: the sums say what the ledger says, on quarter hours or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        postings,
        fc.array(periods(true), { minLength: 1, maxLength: 6 }),
        fc.array(periods(false), { minLength: 1, maxLength: 3 }),
        fc.nat(9).map((n) => n === 0),
        async (batch, quarterPeriods, otherPeriods, startThree) => {
          if (startThree) {
            await limitsRepository(db).startPlaySums(
              [{ playerId: accounts[3]!.playerId, currency: "EUR" }],
              now(),
            );
          }
          await post(batch);
          const scopes = [...quarterPeriods, ...otherPeriods];
          const played = await limitsRepository(db).playedInEach(scopes.map(scopeOf));
          expect(played).toEqual(scopes.map(expected));
          const [first] = otherPeriods;
          const byCurrency = await limitsRepository(db).playedByCurrency(scopeOf(first!));
          const { stakes, winnings } = expected(first!);
          expect(byCurrency).toEqual(
            posted.some(
              (p) =>
                p.account === first!.account &&
                p.kind !== "payment.deposit" &&
                p.at >= first!.start &&
                p.at < first!.end,
            )
              ? [{ currency: "EUR", stakes, winnings }]
              : [],
          );
        },
      ),
      { numRuns: 40 },
    );
    expect(await checkLedger(db)).toEqual([]);
  });

  it("BE-34 ledger:check reports a quarter-hour sum that is not its entries' sum", async () => {
    await post([{ account: 1, kind: "game.bet", fromBonus: false, amount: 10n, at: 7 * QUARTER }]);
    await db.query(
      "UPDATE player_play_quarters SET stakes = stakes + 1 WHERE wallet_account_id = $1 AND starts_at = $2",
      [accounts[1]!.walletAccountId, new Date(ORIGIN + 7 * QUARTER)],
    );
    try {
      // A limit's period reads the sums; another period reads the entries.
      const quarter = { account: 1, start: 7 * QUARTER, end: 8 * QUARTER };
      const inLedger = expected(quarter).stakes;
      const offQuarter = { ...quarter, start: quarter.start - 1 };
      const [fromSums, fromEntries] = await limitsRepository(db).playedInEach(
        [quarter, offQuarter].map(scopeOf),
      );
      expect([fromSums!.stakes, fromEntries!.stakes]).toEqual([
        inLedger + 1n,
        expected(offQuarter).stakes,
      ]);
      expect(await checkLedger(db)).toEqual([
        {
          check: "quarter-hour play sums equal the game entries they sum",
          row: expect.objectContaining({
            wallet_account_id: accounts[1]!.walletAccountId,
            stakes: String(
              expected({ account: 1, start: 7 * QUARTER, end: 8 * QUARTER }).stakes + 1n,
            ),
          }),
        },
      ]);
    } finally {
      await db.query(
        "UPDATE player_play_quarters SET stakes = stakes - 1 WHERE wallet_account_id = $1 AND starts_at = $2",
        [accounts[1]!.walletAccountId, new Date(ORIGIN + 7 * QUARTER)],
      );
    }
    expect(await checkLedger(db)).toEqual([]);
  });

  it("BE-34 ledger:check reports sums of an account that does not keep them", async () => {
    const untracked = accounts[4]!.walletAccountId;
    await db.query("INSERT INTO player_play_quarters VALUES ($1, $2, 0, 0)", [
      untracked,
      new Date(ORIGIN),
    ]);
    try {
      expect(await checkLedger(db)).toEqual([
        {
          check: "quarter-hour play sums equal the game entries they sum",
          row: expect.objectContaining({ wallet_account_id: untracked, entries_stakes: null }),
        },
      ]);
    } finally {
      await db.query("DELETE FROM player_play_quarters WHERE wallet_account_id = $1", [untracked]);
    }
  });
});
