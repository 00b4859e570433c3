// `npm run bench:wallet`: postings per second and latency of the wallet's ledger (issue 4,
// Performance), on PostgreSQL with its default durability and on embedded PGlite:
//   - service layer: LedgerBatcher.post() called by N concurrent callers in this process;
//   - HTTP: the same through a Fastify route in a child process (scripts/bench/wallet-server.ts),
//     loaded by autocannon with N connections;
//   - pgbench: the same transfer as one SQL statement (player row and house row updated), the
//     reference our HTTP figure is divided by.
// Two workloads: "uniform" (player to player, accounts drawn uniformly) and "house" (every
// posting also touches the one house account, like every bet does). The ledger check runs after.
//
// PostgreSQL: BENCH_DATABASE_URL (a server whose user may create databases, max_connections
// above the largest --connections), else a throwaway cluster from the local Debian binaries.
// Usage: npm run bench:wallet [-- --duration 10] [-- --connections 32,256] [-- --accounts 10000]
//        [-- --no-pglite] [-- --no-postgres] [-- --no-pgbench] [-- --no-service]
//        [-- --workloads uniform,house] [-- --json <file> (the rows as JSON, for bench:quick)]
//        [-- --grow 0,100000,1000000 (PostgreSQL over HTTP only: before each run the ledger is
//        filled to that many transactions, to see how the rate behaves as the ledger grows)]
//        BENCH_CPU_PROF=<dir>: a V8 CPU profile of the HTTP server.
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { type Db, openPGlite, openPostgres } from "../apps/server/src/infra/db";
import { migrate } from "../apps/server/src/infra/migrate";
import { LedgerBatcher, postInTransaction } from "../apps/server/src/modules/wallet/ledger";
import { checkLedger } from "../apps/server/src/modules/wallet/ledger-check";
import { walletRepository } from "../apps/server/src/modules/wallet/repository";
import { seed } from "../apps/server/src/seed";
import { createDatabase, createPgbenchDatabase, pgbench } from "./lib/pgbench";
import { freePort, startThrowawayPostgres } from "./lib/postgres.mjs";
import { processCpuSeconds } from "./lib/proc-cpu";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(option("duration", "10"));
const CONNECTIONS = option("connections", "32,256").split(",").map(Number);
const ACCOUNTS = Number(option("accounts", "10000"));
const CURRENCY = "EUR";
const FUNDS = 1_000_000_000n;
const runId = randomBytes(4).toString("hex");
const WORKLOADS = option("workloads", "uniform,house").split(",") as Workload[];
const SERVICE = !args.includes("--no-service");
const JSON_OUT = option("json", "");
const GROW = args.includes("--grow") ? option("grow", "0").split(",").map(Number) : null;

type Workload = "uniform" | "house";
interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}
interface Row extends Figures {
  database: string;
  layer: string;
  workload: Workload;
  connections: number;
  /** Ledger transactions when the run started (--grow). */
  ledger?: number;
  /** CPU per posting of the HTTP server and of the database's backends (HTTP runs). */
  serverCpuUs?: number;
  postgresCpuUs?: number;
}
const rows: Row[] = [];

function report(row: Row) {
  rows.push(row);
  console.log(
    `${row.database.padEnd(10)} ${row.layer.padEnd(8)} ${row.workload.padEnd(8)} c=${String(row.connections).padEnd(4)} ` +
      `${Math.round(row.perSecond).toLocaleString("en").padStart(7)}/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms` +
      (row.serverCpuUs !== undefined
        ? `  CPU/posting server ${Math.round(row.serverCpuUs)} µs, PostgreSQL ${Math.round(row.postgresCpuUs ?? 0)} µs`
        : "") +
      (row.ledger !== undefined ? `  ledger ${row.ledger.toLocaleString("en")} transactions` : "") +
      (row.errors ? `  errors ${row.errors}` : ""),
  );
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Player ledger accounts funded from the house, and the house account bets go to. */
async function setUpAccounts(db: Db): Promise<{ players: bigint[]; house: bigint }> {
  await db.query(
    `INSERT INTO players (email, registration_method)
     SELECT 'bench-' || g || '@example.com', 'admin' FROM generate_series(1, $1::int) g`,
    [ACCOUNTS],
  );
  await db.query(
    `INSERT INTO wallet_accounts (player_id, currency, is_active)
     SELECT id, $1, true FROM players WHERE email LIKE 'bench-%@example.com'`,
    [CURRENCY],
  );
  const players = (
    await db.query<{ id: string }>(
      `INSERT INTO ledger_accounts (owner_kind, purpose, wallet_account_id, currency, balance)
       SELECT 'player', 'real', w.id, w.currency, 0
         FROM wallet_accounts w JOIN players p ON p.id = w.player_id
        WHERE p.email LIKE 'bench-%@example.com'
       RETURNING id`,
    )
  ).map((row) => BigInt(row.id));
  const wallets = walletRepository(db);
  const deposits = await wallets.houseAccount("deposits", CURRENCY);
  const house = await wallets.houseAccount("games", CURRENCY);
  for (let i = 0; i < players.length; i += 1000) {
    await db.transaction((tx) =>
      postInTransaction(
        tx,
        players.slice(i, i + 1000).map((account) => ({
          key: `bench-fund-${account}`,
          kind: "bench.fund",
          legs: [
            { account: deposits, currency: CURRENCY, amount: -FUNDS },
            { account, currency: CURRENCY, amount: FUNDS },
          ],
        })),
      ),
    );
  }
  return { players, house };
}

function transfer(accounts: { players: bigint[]; house: bigint }, workload: Workload) {
  const from = accounts.players[randomInt(accounts.players.length)]!;
  let to = accounts.house;
  if (workload === "uniform") {
    do to = accounts.players[randomInt(accounts.players.length)]!;
    while (to === from);
  }
  return { from, to, amount: BigInt(1 + randomInt(100)) };
}

/** N callers, each posting one transfer after another for DURATION seconds. */
async function benchService(
  db: Db,
  accounts: { players: bigint[]; house: bigint },
  workload: Workload,
  connections: number,
): Promise<Figures> {
  const batcher = new LedgerBatcher(db);
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const until = performance.now() + DURATION * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const { from, to, amount } = transfer(accounts, workload);
      const started = performance.now();
      try {
        const result = await batcher.post({
          key: `bench-${runId}-s-${workload}-${connections}-${counter++}`,
          kind: "bench.transfer",
          legs: [
            { account: from, currency: CURRENCY, amount: -amount },
            { account: to, currency: CURRENCY, amount },
          ],
        });
        if (result.status !== "applied") errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, caller));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
  };
}

/**
 * CPU seconds of each PostgreSQL backend connected to one database (their titles name it), by
 * process id: a run's figure is the sum of each backend's growth, as the pool opens and closes
 * connections between runs.
 */
function backendCpuSeconds(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (title.startsWith("postgres: ") && title.split(" ")[2] === database) {
        seconds.set(Number(entry), processCpuSeconds(Number(entry)));
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return seconds;
}

function backendCpuSince(database: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of backendCpuSeconds(database))
    total += seconds - (before.get(pid) ?? 0);
  return total;
}

async function startHttpServer(
  target: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = fork(join(root, "scripts/bench/wallet-server.ts"), [], {
    env: { ...process.env, BENCH_DB: target, PORT: String(port), BENCH_POOL: "8" },
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((ok, fail) => {
    child.once("message", () => ok());
    child.once("exit", (code) => fail(new Error(`bench server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((ok) => {
        child.once("exit", () => ok());
        child.kill("SIGTERM");
      }),
  };
}

async function benchHttp(
  server: { url: string; pid: number },
  accounts: { players: bigint[]; house: bigint },
  workload: Workload,
  connections: number,
  database?: string,
  seconds = DURATION,
): Promise<Figures & { serverCpuUs?: number; postgresCpuUs?: number }> {
  const url = server.url;
  const cpuBefore = {
    server: processCpuSeconds(server.pid),
    postgres: database ? backendCpuSeconds(database) : new Map<number, number>(),
  };
  let counter = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/bench/transfers",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => {
          const { from, to, amount } = transfer(accounts, workload);
          request.body = JSON.stringify({
            key: `bench-${runId}-h-${workload}-${connections}-${counter++}`,
            from: String(from),
            to: String(to),
            currency: CURRENCY,
            amount: String(amount),
          });
          return request;
        },
      },
    ],
  });
  const postings = Math.max(1, result.requests.total);
  return {
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    serverCpuUs: ((processCpuSeconds(server.pid) - cpuBefore.server) * 1e6) / postings,
    ...(database
      ? { postgresCpuUs: (backendCpuSince(database, cpuBefore.postgres) * 1e6) / postings }
      : {}),
  };
}

async function checkClean(db: Db, label: string): Promise<void> {
  const problems = await checkLedger(db);
  console.log(`ledger check (${label}): ${problems.length === 0 ? "clean" : "PROBLEMS"}`);
  if (problems.length > 0) {
    console.log(problems.slice(0, 10));
    process.exitCode = 1;
  }
}

/**
 * --grow: fills the ledger to `size` transactions with player-to-player transfers of 1 minor
 * unit (two entries each, the balances moved to match, so ledger:check stays clean), in one
 * statement per 100,000, through the same tables and triggers as real postings. Returns the
 * number of transactions the ledger then holds.
 */
async function fillLedger(db: Db, accounts: { players: bigint[] }, size: number): Promise<number> {
  const count = async () =>
    Number(
      (await db.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transactions"))[0]!.n,
    );
  const ids = accounts.players.map(String);
  for (let have = await count(); have < size; have = await count()) {
    const add = Math.min(100_000, size - have);
    await db.query(
      `WITH t AS (
         INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, status)
         SELECT 'bench-fill-' || $2 || '-' || ($3::bigint + g), 'bench.fill', 'fill', 'applied'
           FROM generate_series(1, $1::int) g
         RETURNING id),
       legs AS (
         SELECT t.id, x.account, x.amount
           FROM t CROSS JOIN LATERAL (VALUES
                  (($4::bigint[])[1 + (t.id * 7919) % cardinality($4::bigint[])], -1),
                  (($4::bigint[])[1 + (t.id * 7919 + 1) % cardinality($4::bigint[])], 1)
                ) AS x(account, amount)),
       entries AS (
         INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
         SELECT id, account, $5, amount FROM legs)
       UPDATE ledger_accounts a SET balance = a.balance + d.net
         FROM (SELECT account, sum(amount) AS net FROM legs GROUP BY account) d
        WHERE a.id = d.account AND d.net <> 0`,
      [add, runId, have, ids, CURRENCY],
    );
  }
  return count();
}

async function benchPostgres(): Promise<void> {
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given
    ? null
    : await startThrowawayPostgres({
        max_connections: String(Math.max(...CONNECTIONS) + 50),
        shared_buffers: "256MB",
      });
  const adminUrl = given ?? cluster!.url;
  const bin = cluster?.bin ?? (await import("./lib/postgres.mjs")).findPgBin();
  console.log(
    `PostgreSQL: ${given ? "BENCH_DATABASE_URL" : "throwaway cluster"}, default durability ` +
      `(fsync on, synchronous_commit on); ${ACCOUNTS} accounts; ${DURATION} s per run; ${cpus().length} cores`,
  );
  try {
    const database = `bench_wallet_${runId}`;
    const url = await createDatabase(adminUrl, database);
    const db = openPostgres(url, 8);
    await migrate(db);
    await seed(db);
    const accounts = await setUpAccounts(db);

    if (SERVICE && !GROW) {
      for (const connections of CONNECTIONS) {
        for (const workload of WORKLOADS) {
          const figures = await benchService(db, accounts, workload, connections);
          report({ database: "postgres", layer: "service", workload, connections, ...figures });
        }
      }
    }
    const server = await startHttpServer(url);
    // Warm-up (not reported): the server's first requests compile its code and open its pool.
    await benchHttp(server, accounts, "house", 32, undefined, 2);
    for (const size of GROW ?? [null]) {
      const ledger = size === null ? undefined : await fillLedger(db, accounts, size);
      for (const connections of CONNECTIONS) {
        for (const workload of WORKLOADS) {
          const figures = await benchHttp(server, accounts, workload, connections, database);
          report({
            database: "postgres",
            layer: "http",
            workload,
            connections,
            ledger,
            ...figures,
          });
        }
      }
    }
    await server.stop();
    await checkClean(db, "postgres");
    await db.close();

    if (!args.includes("--no-pgbench") && bin) {
      const pgbenchUrl = await createPgbenchDatabase(adminUrl, `bench_pgbench_${runId}`, ACCOUNTS);
      for (const connections of CONNECTIONS) {
        for (const workload of WORKLOADS) {
          const figures = pgbench(bin, pgbenchUrl, {
            workload,
            connections,
            seconds: DURATION,
            accounts: ACCOUNTS,
          });
          if (figures.available) {
            report({ database: "postgres", layer: "pgbench", workload, connections, ...figures });
          }
        }
      }
    }
  } finally {
    cluster?.stop();
  }
}

async function benchPGlite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "casino-bench-pglite-"));
  const dataDir = join(dir, "pglite");
  console.log("PGlite: embedded, one connection (its commits are not fsynced)");
  try {
    let db = await openPGlite({ dataDir });
    await migrate(db);
    await seed(db);
    const accounts = await setUpAccounts(db);
    for (const connections of CONNECTIONS) {
      for (const workload of ["uniform", "house"] as const) {
        const figures = await benchService(db, accounts, workload, connections);
        report({ database: "pglite", layer: "service", workload, connections, ...figures });
      }
    }
    await db.close();
    const server = await startHttpServer(`pglite:${dataDir}`);
    for (const connections of CONNECTIONS) {
      for (const workload of ["uniform", "house"] as const) {
        const figures = await benchHttp(server, accounts, workload, connections);
        report({ database: "pglite", layer: "http", workload, connections, ...figures });
      }
    }
    await server.stop();
    db = await openPGlite({ dataDir });
    await checkClean(db, "pglite");
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!args.includes("--no-postgres")) await benchPostgres();
if (!args.includes("--no-pglite")) await benchPGlite();

if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows));

console.log("\nOur HTTP throughput as a ratio of pgbench's single-statement transfer:");
for (const connections of CONNECTIONS) {
  for (const workload of WORKLOADS) {
    const find = (layer: string) =>
      rows.find(
        (row) =>
          row.database === "postgres" &&
          row.layer === layer &&
          row.workload === workload &&
          row.connections === connections,
      );
    const http = find("http");
    const reference = find("pgbench");
    if (http && reference) {
      console.log(
        `  ${workload.padEnd(8)} c=${String(connections).padEnd(4)} ${(http.perSecond / reference.perSecond).toFixed(2)}x ` +
          `(${Math.round(http.perSecond)}/s vs ${Math.round(reference.perSecond)}/s; p99 ${http.p99.toFixed(1)} vs ${reference.p99.toFixed(1)} ms)`,
      );
    }
  }
}
