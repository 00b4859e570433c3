// `npm run bench:games`: the games issue's figures (docs/performance.md "Games"), on PostgreSQL
// with its default durability (a throwaway cluster from the local binaries unless
// BENCH_DATABASE_URL names a server whose user may create databases):
//   - provider wallet API: bet + win round trips per second and their latency over HTTP, with
//     --sessions concurrent game sessions (64), each call HMAC-signed and carrying its own
//     transaction id, against the real server (buildApp) in a child process;
//   - catalogue: GET /api/game/games p50/p99 over HTTP with --games (10,000) seeded games and a
//     mix of filters, sorts and pages, plus the same queries straight on the repository.
//   - the wallet phase's backlog: settled-bet deliveries and outbox events left when the load
//     stops; the sustained rate counts the time until the consumers and the publisher caught up;
//   - pgbench's single-statement transfer (bench:wallet's reference) on the same cluster, and
//     our figures as a ratio of it.
// The ledger check runs at the end. Usage: npm run bench:games [-- --duration 15]
//   [-- --sessions 64] [-- --warmup-rounds 20] [-- --games 10000] [-- --catalogue-connections 8] [-- --no-pgbench]
//   [-- --limited 0.25 (share of players with a loss limit)] [-- --bonused 0.25 (… an active bonus)]
//   [-- --in-tournament 0.25 (… taking part in a running bet_sum tournament)]
//   [-- --questing 0.25 (… with a running quest whose tasks count bets and stakes)]
//   [-- --unix-socket] [-- --keep (with BENCH_DATABASE_URL: keep the database)]
//   [-- --pin (the server alone on CPU 0; PostgreSQL and the load generator on the others)];
//   [-- --no-catalogue] [-- --no-analyze] [-- --json <file> (the figures as JSON, for bench:quick)];
//   BENCH_PG_STATEMENTS=1 prints pg_stat_statements, BENCH_CPU_PROF=<dir> profiles the server.
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Db, openPostgres } from "../apps/server/src/infra/db";
import { pendingDeliveries } from "../apps/server/src/infra/domain-events";
import { migrate } from "../apps/server/src/infra/migrate";
import { postGrant } from "../apps/server/src/modules/bonus/lifecycle";
import { seedBonuses } from "../apps/server/src/modules/bonus/seed-bonuses";
import {
  SIGNATURE_HEADER,
  signProviderRequest,
  TIMESTAMP_HEADER,
} from "../apps/server/src/modules/game/provider-signature";
import { gameCatalogueRepository } from "../apps/server/src/modules/game/repository";
import { seedGameCatalogue } from "../apps/server/src/modules/game/seed-games";
import { questRepository } from "../apps/server/src/modules/retention/repository";
import { limitsRepository } from "../apps/server/src/modules/risk/limits-repository";
import { tournamentRepository } from "../apps/server/src/modules/tournament/repository";
import { postInTransaction } from "../apps/server/src/modules/wallet/ledger";
import { checkLedger } from "../apps/server/src/modules/wallet/ledger-check";
import { walletRepository } from "../apps/server/src/modules/wallet/repository";
import { seed } from "../apps/server/src/seed";
import { printStatements, statementsSettings } from "./lib/pg-statements";
import { createPgbenchDatabase, pgbench } from "./lib/pgbench";
import { findPgBin, freePort, startThrowawayPostgres } from "./lib/postgres.mjs";
import { clusterProcesses, cpuSeconds } from "./lib/proc-cpu";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(option("duration", "15"));
const SESSIONS = Number(option("sessions", "64"));
/** Rounds per session before the clock starts (then ANALYZE; see the warm-up below). */
const WARMUP_ROUNDS = Number(option("warmup-rounds", "20"));
const GAMES = Number(option("games", "10000"));
const CATALOGUE_CONNECTIONS = Number(option("catalogue-connections", "8"));
/**
 * Share of the sessions whose player has a daily loss limit (far above what the run loses): their
 * bets take the checks that read the limit and its usage (0 by default, as the figures before).
 */
const LIMITED = Number(option("limited", "0"));
/**
 * Share of the sessions whose player has an active bonus (100.00 EUR of the seeded `cash-10`
 * definition, wager ×20, no max bet): their bets take the bonus rules and split, their wins the
 * round's split (0 by default). Real money pays first, so the bonus money stays untouched.
 */
const BONUSED = Number(option("bonused", "0"));
const IN_TOURNAMENT = Number(option("in-tournament", "0"));
const QUESTING = Number(option("questing", "0"));
const PROVIDER = "sandbox-slots";
const runId = randomBytes(4).toString("hex");
/** --no-analyze: no ANALYZE after seeding and warm-up (statistics as autovacuum leaves them). */
const NO_ANALYZE = args.includes("--no-analyze");
/** --json <file>: the wallet phase's figures and the pgbench reference, for bench:quick. */
const JSON_OUT = option("json", "");
const results: Record<string, number> = {};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(latencies: number[], seconds: number) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
  };
}

/** CPU seconds (user + system) of a process from /proc, or of every process named `name`. */
/**
 * --pin (throwaway cluster only): the server on CPU 0, and PostgreSQL (its postmaster and every
 * backend, those it forks later too) and this load generator on the other CPUs, so the server's
 * figure is what one core of its own gives. Each process's threads are pinned (taskset -a).
 */
const PIN = args.includes("--pin");

function pin(pids: readonly number[], cpus: string): void {
  for (const pid of pids) {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
  }
}

// ---- the server child ------------------------------------------------------------------------
const statementsProfile = process.env.BENCH_PG_STATEMENTS === "1";
if (process.env.BENCH_GAMES_SERVER) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: process.env.BENCH_GAMES_SERVER,
    LOG_LEVEL: "silent",
    BACKGROUND_JOBS: "false",
    PASSWORD_HASH_MEMORY_KIB: "19456",
    JWT_SECRET: randomBytes(32).toString("hex"),
    WEBHOOK_SECRET: randomBytes(32).toString("hex"),
  });
  const db = openPostgres(process.env.BENCH_GAMES_SERVER, Number(process.env.BENCH_POOL ?? 16), {
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
    `bench:games  load before: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}`,
  );
  let target = process.env.BENCH_DATABASE_URL;
  let stopPg: (() => void) | null = null;
  let pgBin: string | null = null;
  let socketDir: string | null = null;
  let postgresProcesses: { name: string } | { postmaster: number } = { name: "postgres" };
  if (!target) {
    // BENCH_PG_STATEMENTS=1: pg_stat_statements (nested statements too) for the wallet phase.
    const cluster = await startThrowawayPostgres({
      max_connections: "200",
      ...(statementsProfile ? statementsSettings : {}),
    });
    target = cluster.url;
    stopPg = cluster.stop;
    pgBin = cluster.bin;
    socketDir = cluster.socketDir;
    postgresProcesses = {
      postmaster: Number(
        readFileSync(join(cluster.socketDir, "data", "postmaster.pid"), "utf8").split("\n")[0],
      ),
    };
  }
  const admin = new pg.Client({ connectionString: target });
  await admin.connect();
  const dbName = `bench_games_${runId}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(target);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  // --unix-socket: the server child talks to the throwaway cluster over its Unix socket rather
  // than loopback TCP (PostgreSQL on the same machine, as a one-box deployment would have it).
  const serverDbUrl =
    socketDir && args.includes("--unix-socket")
      ? `postgres://postgres@/${dbName}?host=${encodeURIComponent(socketDir)}&port=${new URL(target).port}`
      : dbUrl;
  const db = openPostgres(dbUrl, 8);
  const secret = randomBytes(32).toString("hex");
  let child: ChildProcess | null = null;
  try {
    await migrate(db);
    await seed(db);
    await seedGameCatalogue(db);
    await seedManyGames(db);
    // The bonus definitions (the server seeds them too when its routes register).
    await seedBonuses(db);
    const tokens = await setUpSessions(db);

    const port = await freePort();
    child = fork(resolve(root, "scripts/bench-games.ts"), [], {
      env: {
        ...process.env,
        BENCH_GAMES_SERVER: serverDbUrl,
        PORT: String(port),
        GAME_PROVIDER_SECRETS: `${PROVIDER}=${secret}`,
        COUNTRY_HEADER: "cf-ipcountry",
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
    const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS + CATALOGUE_CONNECTIONS });
    const send = (
      method: string,
      path: string,
      body?: string,
      headers: Record<string, string> = {},
    ) =>
      new Promise<{ status: number; body: string }>((ok, fail) => {
        const request = http.request(
          { host: "127.0.0.1", port, method, path, agent, headers },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              ok({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
            );
          },
        );
        request.on("error", fail);
        request.end(body);
      });
    const signed = (action: string, payload: Record<string, unknown>) => {
      const raw = JSON.stringify(payload);
      const timestamp = Math.floor(Date.now() / 1000);
      return send("POST", `/api/game/wallet/${PROVIDER}/${action}`, raw, {
        "content-type": "application/json",
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signProviderRequest(secret, timestamp, raw),
      });
    };

    let counter = 0;
    const round = async (token: string) => {
      const n = counter++;
      const roundId = `r-${runId}-${n}`;
      const bet = await signed("bet", {
        token,
        transactionId: `b-${runId}-${n}`,
        roundId,
        amount: "1.00",
        currency: "EUR",
      });
      const win = await signed("win", {
        token,
        transactionId: `w-${runId}-${n}`,
        roundId,
        amount: n % 3 === 0 ? "2.00" : "0",
        currency: "EUR",
      });
      return bet.status === 200 && win.status === 200;
    };
    // Warm-up: WARMUP_ROUNDS rounds per session, then ANALYZE. A live site's planner knows its
    // tables are not empty. A fresh database's are, and the server's connections keep the plans
    // they made in the first calls (a generic plan per prepared statement and PL/pgSQL query) until
    // the statistics change: sequential scans of game_rounds and ledger_transactions, read again
    // by every call while the tables grow, measured at 13,000 scans reading 54 million rows in a
    // 15 s run. Autovacuum would analyze them a minute or so into a real site's life.
    // --no-analyze leaves the statistics to autovacuum, as a new site would: the wallet path must
    // not depend on them (migration 0075).
    for (let i = 0; i < WARMUP_ROUNDS; i++) await Promise.all(tokens.map((token) => round(token)));
    if (!NO_ANALYZE) await db.query("ANALYZE");
    if (PIN) {
      if (!("postmaster" in postgresProcesses))
        throw new Error("--pin needs the throwaway cluster");
      const others = `1-${availableParallelism() - 1}`;
      pin([child.pid!], "0");
      pin(clusterProcesses(postgresProcesses.postmaster), others);
      pin([process.pid], others);
      console.log(`pinned: server on CPU 0; PostgreSQL and the load generator on CPUs ${others}`);
    }

    if (statementsProfile) {
      await db.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      await db.query("SELECT pg_stat_statements_reset()");
    }
    const commits = async () => {
      const [row] = await db.query<{ commits: string }>(
        "SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()",
      );
      return Number(row!.commits);
    };
    const commitsBefore = await commits();
    const cpuBefore = {
      server: cpuSeconds({ pid: child.pid! }),
      postgres: cpuSeconds(postgresProcesses),
      bench: process.cpuUsage(),
    };
    const wallet = { rounds: [] as number[], errors: 0 };
    const until = performance.now() + DURATION * 1000;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < until) {
          const t0 = performance.now();
          if (!(await round(token))) wallet.errors++;
          wallet.rounds.push(performance.now() - t0);
        }
      }),
    );
    const walletSeconds = (performance.now() - started) / 1000;
    const walletFigures = summary(wallet.rounds, walletSeconds);
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    // What the load left behind: settled-bet deliveries to the consumers (wagering, quests,
    // loyalty, tournaments) and unpublished outbox events. The work is only done when they are:
    // the sustained rate and the CPU per call count the time and CPU until both are empty.
    const backlog = async () => {
      const [row] = await db.query<{ outbox: number }>(
        "SELECT count(*)::int AS outbox FROM event_outbox WHERE published_at IS NULL",
      );
      return { deliveries: await pendingDeliveries(db), outbox: row!.outbox };
    };
    const left = await backlog();
    const drainStarted = performance.now();
    for (let pending = left; pending.deliveries + pending.outbox > 0; pending = await backlog()) {
      if (performance.now() - drainStarted > 300_000) throw new Error("consumers never caught up");
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const calls = wallet.rounds.length * 2;
    const perCall = (seconds: number) => `${((seconds / calls) * 1000).toFixed(2)} ms`;
    const loadAfterWallet = loadavg()[0]!;
    const serverCpu = cpuSeconds({ pid: child.pid! }) - cpuBefore.server;
    const postgresCpu = cpuSeconds(postgresProcesses) - cpuBefore.postgres;
    console.log(
      `wallet API  sessions=${SESSIONS}${LIMITED > 0 ? ` (${Math.round(SESSIONS * LIMITED)} with a loss limit)` : ""}${BONUSED > 0 ? ` (${Math.round(SESSIONS * BONUSED)} with an active bonus)` : ""}${IN_TOURNAMENT > 0 ? ` (${Math.round(SESSIONS * IN_TOURNAMENT)} in a tournament)` : ""}${QUESTING > 0 ? ` (${Math.round(SESSIONS * QUESTING)} on a quest)` : ""}  ${Math.round(walletFigures.perSecond).toLocaleString("en")} bet+win round trips/s ` +
        `(${Math.round(walletFigures.perSecond * 2).toLocaleString("en")} signed calls/s)  round trip p50 ${walletFigures.p50.toFixed(1)} ms  ` +
        `p99 ${walletFigures.p99.toFixed(1)} ms  max ${walletFigures.max.toFixed(0)} ms  errors ${wallet.errors}`,
    );
    const sustained = wallet.rounds.length / (walletSeconds + drainSeconds);
    results.signedCallsPerSecond = walletFigures.perSecond * 2;
    results.sustainedRoundTripsPerSecond = sustained;
    results.roundTripP99 = walletFigures.p99;
    console.log(
      `  when the load stopped: ${left.deliveries} settled-event deliveries and ${left.outbox} outbox events pending, ` +
        `done ${drainSeconds.toFixed(1)} s later; sustained (consumers and publisher keeping up): ` +
        `${Math.round(sustained).toLocaleString("en")} round trips/s`,
    );
    console.log(
      `  CPU per signed call (load and catch-up): server ${perCall(serverCpu)}, PostgreSQL (its backends) ${perCall(postgresCpu)}, ` +
        `load generator ${perCall((benchCpu.user + benchCpu.system) / 1e6)}; ` +
        `${(serverCpu + postgresCpu + (benchCpu.user + benchCpu.system) / 1e6).toFixed(1)} CPU s in ${(walletSeconds + drainSeconds).toFixed(1)} s wall`,
    );

    // pg_stat_database's counters are sent by each backend when it goes idle: read them after a
    // moment (a few of the bench's own statements are counted too).
    await new Promise((ok) => setTimeout(ok, 600));
    const committed = (await commits()) - commitsBefore;
    console.log(
      `  database transactions committed per signed call: ${(committed / calls).toFixed(3)} ` +
        "(bets and wins, settled-event consumers and the outbox publisher)",
    );
    if (statementsProfile) await printStatements(db, calls);

    if (!args.includes("--no-catalogue")) await benchCatalogue();
    async function benchCatalogue() {
      // Catalogue over HTTP: a mix of what the site asks for.
      const queries = [
        "/api/game/games?perPage=24",
        "/api/game/games?collection=slots&perPage=24",
        "/api/game/games?collection=popular&page=3&perPage=24",
        "/api/game/games?provider=sandbox-slots&sort=newest&perPage=24",
        "/api/game/games?sort=title&page=40&perPage=24",
        "/api/game/games?search=gold&perPage=24",
        "/api/game/games?search=lucky%20star&device=mobile&perPage=24",
        "/api/game/games?collection=new&sort=title&page=2&perPage=48",
        "/api/game/collections",
        "/api/game/games/gold-rush",
      ];
      const countries = ["DE", "BR", "GB", "CA"];
      const catalogue: number[] = [];
      let catalogueErrors = 0;
      const cUntil = performance.now() + Math.max(5, DURATION / 2) * 1000;
      const cStarted = performance.now();
      let q = 0;
      await Promise.all(
        Array.from({ length: CATALOGUE_CONNECTIONS }, async () => {
          while (performance.now() < cUntil) {
            const path = queries[q % queries.length]!;
            const country = countries[q++ % countries.length]!;
            const t0 = performance.now();
            const answer = await send("GET", path, undefined, {
              "x-forwarded-for": "127.0.0.1",
              "cf-ipcountry": country,
            });
            if (answer.status !== 200) catalogueErrors++;
            catalogue.push(performance.now() - t0);
          }
        }),
      );
      const catalogueFigures = summary(catalogue, (performance.now() - cStarted) / 1000);
      console.log(
        `catalogue HTTP  games=${GAMES.toLocaleString("en")} c=${CATALOGUE_CONNECTIONS}  ${Math.round(catalogueFigures.perSecond).toLocaleString("en")} req/s  ` +
          `p50 ${catalogueFigures.p50.toFixed(1)} ms  p99 ${catalogueFigures.p99.toFixed(1)} ms  errors ${catalogueErrors}`,
      );

      // The same filters on the repository alone, one at a time: the SQL's own time.
      const repo = gameCatalogueRepository(db);
      const [slots] = await db.query<{ id: number }>(
        "SELECT id FROM game_collections WHERE slug = 'slots'",
      );
      const slotsId = slots!.id;
      const sqlTimes: number[] = [];
      const filters = [
        { sort: "popular" as const, limit: 24, offset: 0 },
        { collectionId: slotsId, sort: "popular" as const, limit: 24, offset: 48 },
        { provider: PROVIDER, sort: "newest" as const, limit: 24, offset: 0 },
        { sort: "title" as const, limit: 24, offset: 960 },
        { search: "gold", sort: "popular" as const, limit: 24, offset: 0 },
      ];
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        await repo.listGames({ country: countries[i % 4]!, ...filters[i % filters.length]! });
        sqlTimes.push(performance.now() - t0);
      }
      const sqlFigures = summary(sqlTimes, 1);
      console.log(
        `catalogue SQL   games=${GAMES.toLocaleString("en")} sequential  p50 ${sqlFigures.p50.toFixed(1)} ms  p99 ${sqlFigures.p99.toFixed(1)} ms`,
      );
    }

    const problems = await checkLedger(db);
    const [moves] = await db.query<{ bets: string; wins: string }>(
      `SELECT count(*) FILTER (WHERE kind = 'game.bet') AS bets, count(*) FILTER (WHERE kind = 'game.win') AS wins
         FROM ledger_transactions`,
    );
    console.log(
      `ledger: ${moves!.bets} game.bet, ${moves!.wins} game.win postings; ledger:check ${problems.length === 0 ? "clean" : `${problems.length} problems`}`,
    );
    // bench:wallet's pgbench reference (one SQL statement per transfer, every one crediting the
    // house row, as every bet does), on the same cluster in the same run, with as many clients
    // as game sessions.
    const bin = pgBin ?? findPgBin();
    if (bin && !args.includes("--no-pgbench")) {
      const name = `bench_pgbench_${runId}`;
      const pgbenchUrl = await createPgbenchDatabase(target, name, 10_000);
      const reference = pgbench(bin, pgbenchUrl, {
        workload: "house",
        connections: SESSIONS,
        seconds: Math.min(DURATION, 10),
        accounts: 10_000,
      });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (reference.available) {
        results.pgbenchHousePerSecond = reference.perSecond;
        const ratio = (value: number) => (value / reference.perSecond).toFixed(3);
        console.log(
          `pgbench reference  c=${SESSIONS}  ${Math.round(reference.perSecond).toLocaleString("en")} transfers/s  ` +
            `p99 ${reference.p99.toFixed(1)} ms;  ratio to it: signed calls/s ${ratio(walletFigures.perSecond * 2)}, ` +
            `sustained round trips/s ${ratio(sustained)}`,
        );
      }
    }
    console.log(
      `load after wallet run: ${loadAfterWallet.toFixed(2)}; now: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")}`,
    );
    agent.destroy();
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ sessions: SESSIONS, ...results }));
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    if (child) {
      await new Promise<void>((ok) => {
        child!.once("exit", () => ok());
        child!.kill("SIGTERM");
      });
    }
    await db.close();
    // --keep (with BENCH_DATABASE_URL): leave the database for EXPLAIN and the like.
    if (args.includes("--keep") && !stopPg) console.log(`kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    stopPg?.();
  }
}

/** GAMES games over the seeded providers, each in one or two collections, some restricted. */
async function seedManyGames(db: Db) {
  await db.query(
    `INSERT INTO games (provider_id, code, slug, title, tags, rtp, volatility, has_demo, is_mobile,
       restricted_countries, position, released_at)
     SELECT (SELECT id FROM game_providers ORDER BY id OFFSET (g % 3) LIMIT 1),
            'bench-' || g, 'bench-game-' || g,
            (ARRAY['Gold', 'Lucky', 'Star', 'Ocean', 'Dragon', 'Mega', 'Royal', 'Wild'])[1 + g % 8] || ' ' ||
            (ARRAY['Rush', 'Spins', 'Fortune', 'Gems', 'Blitz', 'Sevens', 'Quest'])[1 + g % 7] || ' ' || g,
            ARRAY['bench'], 94 + (g % 5), (ARRAY['low', 'medium', 'high'])[1 + g % 3], g % 4 <> 0,
            g % 10 <> 0, CASE WHEN g % 17 = 0 THEN ARRAY['DE'] WHEN g % 23 = 0 THEN ARRAY['GB'] ELSE '{}' END,
            100 + g, now() - (g || ' minutes')::interval
       FROM generate_series(1, $1::int - (SELECT count(*)::int FROM games)) g`,
    [GAMES],
  );
  await db.query(
    `INSERT INTO game_collection_games (collection_id, game_id, position)
     SELECT c.id, g.id, g.position FROM games g
       JOIN game_collections c ON c.position = g.id % 5 OR (g.id % 7 = 0 AND c.slug = 'popular')
      WHERE g.code LIKE 'bench-%'
     ON CONFLICT DO NOTHING`,
  );
  if (!NO_ANALYZE) await db.query("ANALYZE");
}

/** SESSIONS players with funded EUR accounts and a real-money game session each. */
async function setUpSessions(db: Db): Promise<string[]> {
  const wallets = walletRepository(db);
  const deposits = await wallets.houseAccount("deposits", "EUR");
  const [game] = await db.query<{ id: number; provider_id: number }>(
    "SELECT id, provider_id FROM games WHERE slug = 'gold-rush'",
  );
  const tokens: string[] = [];
  const now = new Date();
  // One running tournament (every game, scores the sum of stakes) for --in-tournament's players.
  const [tournament] =
    IN_TOURNAMENT > 0
      ? await db.query<{ id: string }>(
          `INSERT INTO tournaments (slug, title, scoring, currency, starts_at, ends_at)
           VALUES ($1, 'Bench tournament', 'bet_sum', 'EUR', $2::timestamptz - interval '1 hour',
                   $2::timestamptz + interval '1 day')
           RETURNING id::text AS id`,
          [`bench-${runId}`, now],
        )
      : [];
  // One quest (two tasks no run completes: bets placed, amount staked) for --questing's players.
  const questTasks =
    QUESTING > 0
      ? await db.query<{ id: string; quest_id: string }>(
          `WITH q AS (
             INSERT INTO quests (slug, name, currency) VALUES ($1, 'Bench quest', 'EUR') RETURNING id)
           INSERT INTO quest_tasks (quest_id, name, type, quantity, position)
           SELECT q.id, t.name, t.type, 1000000000000, t.position
             FROM q, (VALUES ('Bets', 'betCount', 1), ('Stakes', 'betAmount', 2)) AS t(name, type, position)
           RETURNING id::text AS id, quest_id::text AS quest_id`,
          [`bench-${runId}`],
        )
      : [];
  for (let i = 0; i < SESSIONS; i++) {
    const [player] = await db.query<{ id: string }>(
      `INSERT INTO players (email, registration_method, currency) VALUES ($1, 'admin', 'EUR') RETURNING id`,
      [`bench-games-${runId}-${i}@example.com`],
    );
    const [session] = await db.query<{ id: string }>(
      `INSERT INTO player_sessions (player_id, token_hash, method, created_at, last_seen_at)
       VALUES ($1, $2, 'password', $3, $3) RETURNING id`,
      [player!.id, randomBytes(16).toString("hex"), now],
    );
    if (i < Math.round(SESSIONS * LIMITED)) {
      await limitsRepository(db).insertCash({
        playerId: player!.id,
        definition: 2,
        period: "daily",
        currency: "EUR",
        amount: 100_000_000n,
        now,
      });
    }
    if (questTasks.length > 0 && i < Math.round(SESSIONS * QUESTING)) {
      // As retention/activate-quest.ts starts a run: the run, and its tasks at 0.
      const quests = questRepository(db);
      const run = await quests.insertRun({
        playerId: player!.id,
        questId: questTasks[0]!.quest_id,
        currency: "EUR",
        now,
        expiresAt: null,
      });
      await quests.insertTasks(
        run.id,
        questTasks.map((task) => ({ taskId: task.id, progress: 0n, lastDay: null, done: null })),
      );
    }
    if (tournament && i < Math.round(SESSIONS * IN_TOURNAMENT)) {
      await tournamentRepository(db).join(tournament.id, player!.id, now);
    }
    const opened = await wallets.open(player!.id, "EUR", now);
    const account = (await wallets.find(player!.id, opened.id))!;
    if (i >= SESSIONS - Math.round(SESSIONS * BONUSED)) {
      // As bonus/issue-bonus.ts issues and activates one: the player bonus and its grant.
      const [bonus] = await db.query<{ id: string }>(
        `INSERT INTO player_bonuses (player_id, bonus_id, wallet_account_id, currency, amount,
           balance, wager_total, status, issue_session_id, source, expires_at, issued_at,
           activated_at)
         SELECT $1, b.id, $2, 'EUR', 10000, 10000, 10000 * b.wager_multiplier, 2, $3, $3,
                $4::timestamptz + interval '30 days', $4, $4
           FROM bonuses b WHERE b.slug = 'cash-10'
         RETURNING id::text AS id`,
        [player!.id, account.id, `bench-${runId}-${i}`, now],
      );
      await postGrant(
        db,
        { id: Number(bonus!.id), walletAccountId: account.id, currency: "EUR" },
        10_000n,
      );
    }
    await postInTransaction(db, [
      {
        key: `bench-games-fund-${account.id}`,
        kind: "payment.deposit",
        legs: [
          { account: deposits, currency: "EUR", amount: -100_000_000n },
          { account: account.ledger.real, currency: "EUR", amount: 100_000_000n },
        ],
      },
    ]);
    const token = randomBytes(32).toString("base64url");
    await db.query(
      `INSERT INTO game_sessions (token_hash, provider_id, game_id, mode, player_id, player_session_id,
         wallet_account_id, currency, created_at, expires_at)
       VALUES ($1, $2, $3, 'real', $4, $5, $6, 'EUR', $7, $7::timestamptz + interval '1 day')`,
      [
        createHash("sha256").update(token).digest("hex"),
        game!.provider_id,
        game!.id,
        player!.id,
        session!.id,
        account.id,
        now,
      ],
    );
    tokens.push(token);
  }
  return tokens;
}
