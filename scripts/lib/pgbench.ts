// The pgbench reference the benchmarks divide their figures by: a wallet transfer as one SQL
// statement (debit a player row if it has the funds, credit another row), prepared, on its own
// database, with PostgreSQL's default durability. "house": every transfer also credits the one
// house row (as every bet does); "uniform": player to player.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type PgbenchWorkload = "uniform" | "house";

export interface PgbenchFigures {
  available: boolean;
  /** Transactions per second. */
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Creates a database afresh (dropping one of that name) on the server; returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates (afresh) a database with `accounts` funded rows and the house row; returns its URL. */
export async function createPgbenchDatabase(
  adminUrl: string,
  name: string,
  accounts: number,
): Promise<string> {
  const url = await createDatabase(adminUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE bench_accounts (id int PRIMARY KEY, balance bigint NOT NULL);
    CREATE TABLE bench_house (id int PRIMARY KEY, balance bigint NOT NULL);
    INSERT INTO bench_house VALUES (1, 0);`);
  await client.query(
    "INSERT INTO bench_accounts SELECT g, 1000000000 FROM generate_series(1, $1::int) g",
    [accounts],
  );
  await client.query("VACUUM ANALYZE");
  await client.end();
  return url;
}

/** Runs pgbench (binaries in `bin`) for `seconds` with `connections` clients. */
export function pgbench(
  bin: string,
  url: string,
  options: { workload: PgbenchWorkload; connections: number; seconds: number; accounts: number },
): PgbenchFigures {
  const dir = mkdtempSync(join(tmpdir(), "casino-pgbench-"));
  const script = join(dir, "transfer.sql");
  const credit =
    options.workload === "house"
      ? "UPDATE bench_house SET balance = balance + :amount WHERE id = 1 AND EXISTS (SELECT 1 FROM debit)"
      : "UPDATE bench_accounts SET balance = balance + :amount WHERE id = :b AND EXISTS (SELECT 1 FROM debit)";
  writeFileSync(
    script,
    `\\set a random(1, ${options.accounts})
\\set b random(1, ${options.accounts})
\\set amount random(1, 100)
WITH debit AS (UPDATE bench_accounts SET balance = balance - :amount
                WHERE id = :a AND balance >= :amount RETURNING 1)
${credit};
`,
  );
  const run = spawnSync(
    join(bin, "pgbench"),
    [
      "-n",
      "-M",
      "prepared",
      "-c",
      String(options.connections),
      "-j",
      String(Math.min(options.connections, cpus().length)),
      "-T",
      String(options.seconds),
      "-f",
      script,
      "-l",
      `--log-prefix=${join(dir, "log")}`,
      url,
    ],
    { encoding: "utf8" },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  const failed = /number of failed transactions: (\d+)/.exec(run.stdout);
  const latencies: number[] = [];
  for (const file of readdirSync(dir).filter((name) => name.startsWith("log"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      const microseconds = Number(line.split(" ")[2]);
      if (Number.isFinite(microseconds) && line) latencies.push(microseconds / 1000);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  if (!tps) {
    console.error(run.stdout, run.stderr);
    return { available: false, perSecond: 0, p50: 0, p99: 0, errors: 0 };
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    available: true,
    perSecond: Number(tps[1]),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: Number(failed?.[1] ?? 0),
  };
}
