// `npm run bench:sportsbook`: a big match ends (issue 25; docs/performance.md "Sportsbook").
// --players (10,000) players hold --bets (100,000) open sports bets on one match's markets,
// placed through the signed provider wallet API (`bet` with `sportBet`); then the match ends and
// every bet is settled through `bulk` (--bulk-size 1000 items per call, --parallel 4 calls at
// once), while --sessions (64) casino game sessions keep playing bet+win rounds. Prints
// settlements per second, the time to settle all, the bulk calls' p99, the casino round trips'
// p99 during settlement, and the rate as a ratio of pgbench's single-statement house transfer
// on the same cluster in the same run; then checks every bet settled once and the ledger.
// PostgreSQL: BENCH_DATABASE_URL (a server whose user may create databases), else a throwaway
// cluster from the local Debian binaries. The server is the real app (buildApp) in a child
// process. Usage: npm run bench:sportsbook [-- --players 10000] [-- --bets 100000]
//   [-- --bulk-size 1000] [-- --parallel 4] [-- --sessions 64] [-- --pace 500] [-- --no-pgbench]
// --pace: each casino session's pause between two rounds in ms (a player's rhythm; 0 plays
// back to back, which measures the saturated queue rather than what a player waits).
// BENCH_PG_STATEMENTS=1 prints pg_stat_statements for the settlement, BENCH_CPU_PROF=<dir>
// profiles the server.
import { type ChildProcess, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Db, openPostgres } from "../apps/server/src/infra/db";
import { migrate } from "../apps/server/src/infra/migrate";
import {
  SIGNATURE_HEADER,
  signProviderRequest,
  TIMESTAMP_HEADER,
} from "../apps/server/src/modules/game/provider-signature";
import { seedGameCatalogue } from "../apps/server/src/modules/game/seed-games";
import { postInTransaction } from "../apps/server/src/modules/wallet/ledger";
import { checkLedger } from "../apps/server/src/modules/wallet/ledger-check";
import { walletRepository } from "../apps/server/src/modules/wallet/repository";
import { seed } from "../apps/server/src/seed";
import { printStatements, statementsSettings } from "./lib/pg-statements";
import { createPgbenchDatabase, pgbench } from "./lib/pgbench";
import { freePort, startThrowawayPostgres } from "./lib/postgres.mjs";
import { cpuSeconds } from "./lib/proc-cpu";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const PLAYERS = Number(option("players", "10000"));
const BETS = Number(option("bets", "100000"));
const BULK_SIZE = Number(option("bulk-size", "1000"));
const PARALLEL = Number(option("parallel", "4"));
const SESSIONS = Math.min(Number(option("sessions", "64")), PLAYERS);
const PACE_MS = Number(option("pace", "500"));
const BASELINE_S = Number(option("baseline", "5"));
const statementsProfile = process.env.BENCH_PG_STATEMENTS === "1";
const BOOK = "bench-sportsbook";
const CASINO = "sandbox-slots";
const runId = randomBytes(4).toString("hex");

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The match's markets: what a bet backs, its odds, and whether it won when the match ended 2–1. */
const MARKETS = [
  { market: "1X2", selection: "Home", odds: "2.10", won: true },
  { market: "1X2", selection: "Draw", odds: "3.40", won: false },
  { market: "1X2", selection: "Away", odds: "3.60", won: false },
  { market: "Total 2.5", selection: "Over", odds: "1.90", won: true },
  { market: "Total 2.5", selection: "Under", odds: "1.95", won: false },
  { market: "Both teams to score", selection: "Yes", odds: "1.80", won: true },
  { market: "Both teams to score", selection: "No", odds: "2.00", won: false },
  { market: "Correct score", selection: "2:1", odds: "9.00", won: true },
];

if (process.env.BENCH_SPORTSBOOK_SERVER) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: process.env.BENCH_SPORTSBOOK_SERVER,
    LOG_LEVEL: "silent",
    BACKGROUND_JOBS: "false",
    JWT_SECRET: randomBytes(32).toString("hex"),
    WEBHOOK_SECRET: randomBytes(32).toString("hex"),
  });
  const db = openPostgres(process.env.BENCH_SPORTSBOOK_SERVER, 16, {
    preparedStatements: config.databasePreparedStatements,
  });
  const app = await buildApp({ config, db, ssr: false });
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  process.send?.("ready");
  process.once("SIGTERM", () => {
    void app.close().then(() => db.close().then(() => process.exit(0)));
  });
} else {
  await main();
}

async function main() {
  console.log(
    `bench:sportsbook  ${PLAYERS} players, ${BETS} bets, bulk ${BULK_SIZE} × ${PARALLEL} in parallel, ` +
      `${SESSIONS} casino sessions (a round every ${PACE_MS} ms + its own time); load before: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")}`,
  );
  let target = process.env.BENCH_DATABASE_URL;
  let stopPg: (() => void) | null = null;
  let pgBin: string | null = null;
  let postmaster: number | null = null;
  if (!target) {
    const cluster = await startThrowawayPostgres({
      max_connections: "200",
      ...(statementsProfile ? statementsSettings : {}),
    });
    target = cluster.url;
    stopPg = cluster.stop;
    pgBin = cluster.bin;
    postmaster = Number(
      readFileSync(join(cluster.socketDir, "data", "postmaster.pid"), "utf8").split("\n")[0],
    );
  }
  const admin = new pg.Client({ connectionString: target });
  await admin.connect();
  const dbName = `bench_sportsbook_${runId}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(target);
  url.pathname = `/${dbName}`;
  const db = openPostgres(url.toString(), 8);
  const secret = randomBytes(32).toString("hex");
  let child: ChildProcess | null = null;
  try {
    await migrate(db);
    if (statementsProfile) await db.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await seed(db);
    await seedGameCatalogue(db);
    const { bookTokens, casinoTokens } = await setUp(db);

    const port = await freePort();
    child = fork(resolve(root, "scripts/bench-sportsbook.ts"), [], {
      env: {
        ...process.env,
        BENCH_SPORTSBOOK_SERVER: url.toString(),
        PORT: String(port),
        GAME_PROVIDER_SECRETS: `${CASINO}=${secret},${BOOK}=${secret}`,
      },
      // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server, written when it stops.
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
      child!.once("message", () => ok());
      child!.once("exit", (code) => fail(new Error(`bench server exited ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS + PARALLEL + 64 });
    const signed = (provider: string, action: string, payload: unknown) =>
      new Promise<{ status: number; body: string }>((ok, fail) => {
        const raw = JSON.stringify(payload);
        const timestamp = Math.floor(Date.now() / 1000);
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: `/api/game/wallet/${provider}/${action}`,
            agent,
            headers: {
              "content-type": "application/json",
              [TIMESTAMP_HEADER]: String(timestamp),
              [SIGNATURE_HEADER]: signProviderRequest(secret, timestamp, raw),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              ok({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
          },
        );
        request.on("error", fail);
        request.end(raw);
      });

    // 1. The bets, placed through the wallet API, 64 at a time.
    const bets = Array.from({ length: BETS }, (_, n) => {
      const pick = MARKETS[n % MARKETS.length]!;
      const stake = 1 + (n % 5);
      return { n, token: bookTokens[n % bookTokens.length]!, pick, stake };
    });
    const placeStarted = performance.now();
    let next = 0;
    let placeErrors = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < bets.length) {
          const bet = bets[next++]!;
          const potential = (bet.stake * Number(bet.pick.odds)).toFixed(2);
          const answer = await signed(BOOK, "bet", {
            token: bet.token,
            transactionId: `sb-${runId}-${bet.n}`,
            roundId: `slip-${runId}-${bet.n}`,
            amount: `${bet.stake}.00`,
            currency: "EUR",
            closeRound: false,
            sportBet: {
              type: "single",
              totalOdds: bet.pick.odds,
              potentialPayout: potential,
              legs: [
                {
                  eventId: "ev-final",
                  event: "Home United – Away City",
                  sport: "football",
                  league: "Bench Cup",
                  startsAt: new Date().toISOString(),
                  live: true,
                  market: bet.pick.market,
                  selection: bet.pick.selection,
                  odds: bet.pick.odds,
                },
              ],
            },
          });
          if (answer.status !== 200) placeErrors++;
        }
      }),
    );
    const placeSeconds = (performance.now() - placeStarted) / 1000;
    console.log(
      `placed ${BETS.toLocaleString("en")} bets in ${placeSeconds.toFixed(1)} s ` +
        `(${Math.round(BETS / placeSeconds).toLocaleString("en")}/s), errors ${placeErrors}`,
    );
    await db.query("ANALYZE");

    // 2. The match ends: settle every bet through bulk, while the casino sessions play on.
    const items = bets.map((bet) => ({
      call: "win",
      body: {
        token: bet.token,
        transactionId: `st-${runId}-${bet.n}`,
        roundId: `slip-${runId}-${bet.n}`,
        amount: bet.pick.won ? (bet.stake * Number(bet.pick.odds)).toFixed(2) : "0",
        currency: "EUR",
        settlement: {
          status: bet.pick.won ? "won" : "lost",
          legs: [{ result: bet.pick.won ? "won" : "lost" }],
        },
      },
    }));
    const chunks: (typeof items)[] = [];
    for (let i = 0; i < items.length; i += BULK_SIZE) chunks.push(items.slice(i, i + BULK_SIZE));
    // The casino sessions play --baseline seconds alone first (what a player waits on a quiet
    // site), then on while the match settles.
    let phase: "alone" | "settling" | "done" = "alone";
    const latencies = {
      alone: { rounds: [] as number[], calls: [] as number[] },
      settling: { rounds: [] as number[], calls: [] as number[] },
    };
    let casinoErrors = 0;
    let roundN = 0;
    const players = Promise.all(
      casinoTokens.map(async (token, k) => {
        // Sessions start spread over one pace, as players do, not all in the same millisecond.
        if (PACE_MS > 0) await new Promise((ok) => setTimeout(ok, (k * PACE_MS) / SESSIONS));
        while (phase !== "done") {
          const during = latencies[phase];
          const n = roundN++;
          const t0 = performance.now();
          const bet = await signed(CASINO, "bet", {
            token,
            transactionId: `cb-${runId}-${n}`,
            roundId: `cr-${runId}-${n}`,
            amount: "1.00",
            currency: "EUR",
          });
          const t1 = performance.now();
          const win = await signed(CASINO, "win", {
            token,
            transactionId: `cw-${runId}-${n}`,
            roundId: `cr-${runId}-${n}`,
            amount: n % 3 === 0 ? "2.00" : "0",
            currency: "EUR",
          });
          if (bet.status !== 200 || win.status !== 200) casinoErrors++;
          const t2 = performance.now();
          during.rounds.push(t2 - t0);
          during.calls.push(t1 - t0, t2 - t1);
          if (PACE_MS > 0 && (phase as string) !== "done")
            await new Promise((ok) => setTimeout(ok, PACE_MS));
        }
      }),
    );
    if (SESSIONS > 0) await new Promise((ok) => setTimeout(ok, BASELINE_S * 1000));
    phase = "settling";
    const bulkLatencies: number[] = [];
    let itemErrors = 0;
    let nextChunk = 0;
    if (statementsProfile) await db.query("SELECT pg_stat_statements_reset()");
    const cpuBefore = {
      server: cpuSeconds({ pid: child.pid! }),
      postgres: postmaster ? cpuSeconds({ postmaster }) : 0,
      bench: process.cpuUsage(),
    };
    const settleStarted = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (nextChunk < chunks.length) {
          const chunk = chunks[nextChunk++]!;
          const t0 = performance.now();
          const answer = await signed(BOOK, "bulk", { items: chunk });
          bulkLatencies.push(performance.now() - t0);
          if (answer.status !== 200) {
            itemErrors += chunk.length;
            continue;
          }
          const { results } = JSON.parse(answer.body).data as { results: { status: number }[] };
          itemErrors += results.filter((result) => result.status !== 200).length;
        }
      }),
    );
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const cpu = {
      server: cpuSeconds({ pid: child.pid! }) - cpuBefore.server,
      postgres: postmaster ? cpuSeconds({ postmaster }) - cpuBefore.postgres : 0,
      bench: process.cpuUsage(cpuBefore.bench),
    };
    phase = "done";
    await players;
    const perSecond = BETS / settleSeconds;
    console.log(
      `settled ${BETS.toLocaleString("en")} bets in ${settleSeconds.toFixed(2)} s: ` +
        `${Math.round(perSecond).toLocaleString("en")} settlements/s; bulk call (${BULK_SIZE} items) ` +
        `p50 ${percentile(bulkLatencies, 50).toFixed(0)} ms, p99 ${percentile(bulkLatencies, 99).toFixed(0)} ms; ` +
        `item errors ${itemErrors}`,
    );
    const casinoLine = (label: string, { rounds, calls }: { rounds: number[]; calls: number[] }) =>
      console.log(
        `casino ${label}: ${SESSIONS} sessions, ${rounds.length.toLocaleString("en")} bet+win round trips, ` +
          `p50 ${percentile(rounds, 50).toFixed(1)} ms, p99 ${percentile(rounds, 99).toFixed(1)} ms; ` +
          `per call p50 ${percentile(calls, 50).toFixed(1)} ms, p99 ${percentile(calls, 99).toFixed(1)} ms`,
      );
    casinoLine(`alone (${BASELINE_S} s before)`, latencies.alone);
    casinoLine("meanwhile", latencies.settling);
    console.log(`casino errors: ${casinoErrors}`);
    const perSettlement = (seconds: number) => `${((seconds * 1e6) / BETS).toFixed(0)} µs`;
    console.log(
      `CPU per settlement (casino calls included): server ${perSettlement(cpu.server)}, ` +
        `PostgreSQL ${postmaster ? perSettlement(cpu.postgres) : "n/a"}, load generator ` +
        `${perSettlement((cpu.bench.user + cpu.bench.system) / 1e6)}`,
    );
    if (statementsProfile) await printStatements(db, BETS, "settlement");

    // 3. Every bet settled once; the ledger clean.
    const [counts] = await db.query<{ open: number; settled: number; events: number }>(
      `SELECT count(*) FILTER (WHERE status = 'open')::int AS open,
              count(*) FILTER (WHERE status IN ('won', 'lost'))::int AS settled,
              (SELECT count(*)::int FROM domain_events WHERE type = 'sport.bet.updated') AS events
         FROM sport_bets`,
    );
    console.log(
      `sport_bets: ${counts!.settled} settled, ${counts!.open} open; sport.bet.updated events ${counts!.events}`,
    );
    const problems = await checkLedger(db);
    console.log(`ledger check: ${problems.length === 0 ? "clean" : "PROBLEMS"}`);
    if (problems.length > 0 || counts!.settled !== BETS) {
      console.log(problems.slice(0, 10));
      process.exitCode = 1;
    }
    await new Promise<void>((ok) => {
      child!.once("exit", () => ok());
      child!.kill("SIGTERM");
    });
    child = null;

    // 4. pgbench's single-statement house transfer on the same cluster, as the reference.
    if (!args.includes("--no-pgbench") && pgBin) {
      const pgbenchUrl = await createPgbenchDatabase(target, `bench_pgbench_${runId}`, PLAYERS);
      const reference = pgbench(pgBin, pgbenchUrl, {
        workload: "house",
        connections: 64,
        seconds: 10,
        accounts: PLAYERS,
      });
      if (reference.available) {
        console.log(
          `pgbench house transfer: ${Math.round(reference.perSecond).toLocaleString("en")}/s; ` +
            `settlements/s as a ratio of it: ${(perSecond / reference.perSecond).toFixed(2)}x`,
        );
      }
    }
  } finally {
    if (child) child.kill("SIGTERM");
    await db.close();
    await admin.end();
    stopPg?.();
  }
}

/** The sportsbook provider and game, PLAYERS funded players with a session of it, and SESSIONS casino sessions. */
async function setUp(db: Db): Promise<{ bookTokens: string[]; casinoTokens: string[] }> {
  const [provider] = await db.query<{ id: number }>(
    `INSERT INTO game_providers (slug, name, kind) VALUES ($1, 'Bench Sportsbook', 'sportsbook') RETURNING id`,
    [BOOK],
  );
  const [book] = await db.query<{ id: number }>(
    `INSERT INTO games (provider_id, code, slug, title) VALUES ($1, 'sportsbook', 'bench-sportsbook', 'Sports')
     RETURNING id`,
    [provider!.id],
  );
  const [casino] = await db.query<{ id: number; provider_id: number }>(
    "SELECT id, provider_id FROM games WHERE slug = 'gold-rush'",
  );
  const wallets = walletRepository(db);
  const deposits = await wallets.houseAccount("deposits", "EUR");
  const now = new Date();
  const bookTokens: string[] = [];
  const casinoTokens: string[] = [];
  const one = async (i: number) => {
    const [player] = await db.query<{ id: string }>(
      `INSERT INTO players (email, registration_method, currency) VALUES ($1, 'admin', 'EUR') RETURNING id`,
      [`bench-sb-${runId}-${i}@example.com`],
    );
    const [session] = await db.query<{ id: string }>(
      `INSERT INTO player_sessions (player_id, token_hash, method, created_at, last_seen_at)
       VALUES ($1, $2, 'password', $3, $3) RETURNING id`,
      [player!.id, randomBytes(16).toString("hex"), now],
    );
    const opened = await wallets.open(player!.id, "EUR", now);
    const account = (await wallets.find(player!.id, opened.id))!;
    await postInTransaction(db, [
      {
        key: `bench-sb-fund-${account.id}`,
        kind: "payment.deposit",
        legs: [
          { account: deposits, currency: "EUR", amount: -100_000_000n },
          { account: account.ledger.real, currency: "EUR", amount: 100_000_000n },
        ],
      },
    ]);
    const launch = async (game: { id: number; provider_id: number }) => {
      const token = randomBytes(32).toString("base64url");
      await db.query(
        `INSERT INTO game_sessions (token_hash, provider_id, game_id, mode, player_id, player_session_id,
           wallet_account_id, currency, created_at, expires_at)
         VALUES ($1, $2, $3, 'real', $4, $5, $6, 'EUR', $7, $7::timestamptz + interval '1 day')`,
        [
          createHash("sha256").update(token).digest("hex"),
          game.provider_id,
          game.id,
          player!.id,
          session!.id,
          account.id,
          now,
        ],
      );
      return token;
    };
    bookTokens[i] = await launch({ id: book!.id, provider_id: provider!.id });
    if (i < SESSIONS) casinoTokens[i] = await launch(casino!);
  };
  const started = performance.now();
  for (let i = 0; i < PLAYERS; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, PLAYERS - i) }, (_, k) => one(i + k)));
  }
  console.log(
    `set up ${PLAYERS} players in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { bookTokens, casinoTokens };
}
