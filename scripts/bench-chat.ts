// `npm run bench:chat`: the live chat's figures (issue 26, docs/performance.md "Live chat"):
// --conversations (2,000) open conversations on one server node, each sending one message a
// second for --seconds (10), spread evenly over each second. Half of them are players (guests
// with their cookie) writing to the desk, half are staff replies (the operator API) to the
// player; every message goes the real path: HTTP → transaction (message, conversation, outbox
// rows) → outbox publisher → pub/sub → hub → WebSocket. One desk client listens on `chat:desk`
// and each conversation's client on its own channel (with its subscription token); each measures
// send-to-receive latency of the messages meant for it. p50/p99/max per direction, and misses.
// The server runs in a child process; the load generator (HTTP and WebSocket clients) here.
// Database: a throwaway PostgreSQL cluster from the local Debian binaries (or
// BENCH_DATABASE_URL, whose user may create databases); --pglite for embedded PGlite.
// Usage: npm run bench:chat [-- --conversations 2000] [-- --seconds 10] [-- --pglite]
//   [-- --statements]  (PostgreSQL: the top statements by calls and time, from pg_stat_statements)
// It prints the CPU per message of the server child, of PostgreSQL (its backends, from /proc)
// and of the load generator itself. BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server,
// written when it stops.
import { type ChildProcess, fork } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  CHAT_DESK_CHANNEL,
  chatConversationChannel,
  REALTIME_PATH,
} from "@casino/contract/realtime";
import pg from "pg";
import { Pool } from "undici";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Db, openPGlite, openPostgres } from "../apps/server/src/infra/db";
import { migrate } from "../apps/server/src/infra/migrate";
import { signSubscriptionToken } from "../apps/server/src/modules/chat/tokens";
import { seed } from "../apps/server/src/seed";
import { freePort, startThrowawayPostgres } from "./lib/postgres.mjs";
import { processCpuSeconds } from "./lib/proc-cpu";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const CONVERSATIONS = Number(option("conversations", "2000"));
const SECONDS = Number(option("seconds", "10"));
const PGLITE = args.includes("--pglite");
const STATEMENTS = args.includes("--statements") && !PGLITE;
const TARGET_P99_MS = 100;
const CONNECT_CONCURRENCY = 100;
const runId = randomBytes(4).toString("hex");
const nowMs = () => performance.timeOrigin + performance.now();

interface WsLike {
  on(event: "open" | "close", listener: () => void): void;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = (
  createRequire(import.meta.url)("ws") as { WebSocket: new (url: string) => WsLike }
).WebSocket;

// ---- the server child ------------------------------------------------------------------------
async function serve(target: string) {
  const pglite = target.startsWith("pglite:");
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    ...(pglite ? { DATA_DIR: target.slice("pglite:".length) } : { DATABASE_URL: target }),
    LOG_LEVEL: "silent",
    BACKGROUND_JOBS: "false",
    CHAT_GUEST_AVAILABLE: "true",
    // One message a second per conversation and thousands of staff replies a second from root:
    // far past the human allowance (20 a minute), which this bench is not about.
    RATE_LIMIT_SCALE: "1000000",
    WEBHOOK_SECRET: randomBytes(32).toString("hex"),
  });
  const db = pglite
    ? await openPGlite({ dataDir: join(target.slice("pglite:".length), "pglite") })
    : openPostgres(target, 16);
  const app = await buildApp({ config, db, ssr: false });
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  process.send?.({ type: "ready" });
  process.on("SIGTERM", () => {
    void app.close().then(() => db.close().finally(() => process.exit(0)));
  });
}

// ---- the load generator ----------------------------------------------------------------------
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(name: string, latencies: number[], sent: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const fmt = (n: number) => (Number.isNaN(n) ? "-" : n.toFixed(1));
  const p99 = percentile(sorted, 99);
  console.log(
    `${name.padEnd(22)} sent ${String(sent).padStart(6)}  delivered ${String(sorted.length).padStart(6)}  ` +
      `missed ${String(sent - sorted.length).padStart(5)}  p50 ${fmt(percentile(sorted, 50))} ms  ` +
      `p99 ${fmt(p99)} ms  max ${fmt(sorted.at(-1) ?? Number.NaN)} ms  ${p99 < TARGET_P99_MS ? "OK" : "over target"}`,
  );
}

class Listener {
  private socket: WsLike;
  private nextId = 1;
  private waiting = new Map<number, (frame: Record<string, unknown>) => void>();
  readonly opened: Promise<void>;

  constructor(url: string, onPush: (channel: string, data: Record<string, unknown>) => void) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((ok, fail) => {
      this.socket.on("open", () => ok());
      this.socket.on("error", fail);
    });
    this.socket.on("message", (data) => {
      for (const line of data.toString().split("\n")) {
        if (line.trim() === "") continue;
        const frame = JSON.parse(line) as Record<string, unknown>;
        if (Object.keys(frame).length === 0) {
          this.socket.send("{}");
          continue;
        }
        const push = frame.push as
          | { channel: string; pub: { data: Record<string, unknown> } }
          | undefined;
        if (push) onPush(push.channel, push.pub.data);
        const waiter = this.waiting.get(frame.id as number);
        if (waiter) {
          this.waiting.delete(frame.id as number);
          waiter(frame);
        }
      }
    });
  }

  call(method: string, body: object): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((ok) => {
      this.waiting.set(id, ok);
      this.socket.send(JSON.stringify({ id, [method]: body }));
    });
  }

  close() {
    this.socket.close();
  }
}

/** CPU seconds so far of the server child, PostgreSQL's processes (by pid) and this process. */
async function cpuSnapshot(serverPid: number, postgresPids: () => Promise<number[]>) {
  const used = process.cpuUsage();
  return {
    server: processCpuSeconds(serverPid),
    postgres: new Map((await postgresPids()).map((pid) => [pid, processCpuSeconds(pid)])),
    generator: (used.user + used.system) / 1e6,
  };
}

async function pgClientQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const secret = randomBytes(32).toString("hex");
  const operatorToken = randomBytes(32).toString("hex");
  let db: Db;
  let target: string;
  let cleanUp: () => Promise<void>;
  // PostgreSQL's own process ids (backends and workers) for its CPU time; none with PGlite.
  let postgresPids: () => Promise<number[]> = async () => [];
  let statements: () => Promise<void> = async () => {};
  if (PGLITE) {
    const dir = mkdtempSync(join(tmpdir(), "casino-bench-chat-"));
    db = await openPGlite({ dataDir: join(dir, "pglite") });
    target = `pglite:${dir}`;
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    let admin = process.env.BENCH_DATABASE_URL;
    let stopPg: (() => void) | null = null;
    if (!admin) {
      const cluster = await startThrowawayPostgres({
        max_connections: "100",
        ...(STATEMENTS ? { shared_preload_libraries: "pg_stat_statements" } : {}),
      });
      admin = cluster.url;
      stopPg = cluster.stop;
    }
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const name = `bench_chat_${runId}`;
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    target = url.toString();
    db = openPostgres(target, 4);
    postgresPids = async () =>
      (await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity")).rows.map(
        (row) => row.pid,
      );
    if (STATEMENTS) {
      await db.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      statements = async () => {
        const reader = new pg.Client({ connectionString: target });
        await reader.connect();
        const { rows } = await reader.query<{ calls: string; ms: string; query: string }>(
          `SELECT calls, round(total_exec_time)::text AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
             FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`,
        );
        await reader.end();
        console.log("pg_stat_statements (calls, total ms, statement):");
        for (const row of rows) {
          console.log(`  ${row.calls.padStart(7)} ${row.ms.padStart(7)}  ${row.query}`);
        }
      };
    }
    cleanUp = async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      stopPg?.();
    };
  }

  let child: ChildProcess | null = null;
  const listeners: Listener[] = [];
  try {
    await migrate(db);
    await seed(db);
    // Guests and their conversations in SQL: the cookie tokens are made here.
    const guests = Array.from({ length: CONVERSATIONS }, () => ({
      token: randomBytes(32).toString("base64url"),
      conversation: randomUUID(),
    }));
    const now = new Date();
    await db.query(
      `WITH g AS (
         INSERT INTO chat_guests (token_hash, created_at, last_seen_at)
         SELECT h, $2, $2 FROM unnest($1::text[]) AS h RETURNING id, token_hash)
       INSERT INTO chat_conversations (id, source, guest_id, player_seen_at, created_at, updated_at)
       SELECT c.id, 'chat', g.id, $2, $2, $2
         FROM unnest($1::text[], $3::uuid[]) AS c(h, id) JOIN g ON g.token_hash = c.h`,
      [
        guests.map((g) => createHash("sha256").update(g.token).digest("hex")),
        now,
        guests.map((g) => g.conversation),
      ],
    );
    await db.close();

    const port = await freePort();
    child = fork(resolve(root, "scripts/bench-chat.ts"), [], {
      env: {
        ...process.env,
        BENCH_CHAT_SERVER: target,
        PORT: String(port),
        JWT_SECRET: secret,
        OPERATOR_API_TOKEN: operatorToken,
      },
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
      child!.once("exit", (code) => fail(new Error(`server exited with ${code}`)));
    });
    const http = new Pool(`http://127.0.0.1:${port}`, { connections: 64, pipelining: 1 });
    const wsUrl = `ws://127.0.0.1:${port}${REALTIME_PATH}`;

    // Who receives what: the desk the players' messages, each conversation the staff's replies.
    const toDesk: number[] = [];
    const toPlayers: number[] = [];
    const sentAt = (data: Record<string, unknown>): number | null => {
      const message = data.message as { text?: string; author?: { type?: string } } | undefined;
      if (data.type !== "chat.message.created" || !message?.text?.startsWith("bench:")) return null;
      return Number(message.text.slice(6));
    };
    const desk = new Listener(wsUrl, (_channel, data) => {
      const at = sentAt(data);
      const message = data.message as { author: { type: string } };
      if (at !== null && message.author.type === "guest") toDesk.push(nowMs() - at);
    });
    listeners.push(desk);
    await desk.opened;
    await desk.call("connect", {});
    const deskToken = await signSubscriptionToken(secret, {
      channel: CHAT_DESK_CHANNEL,
      subject: null,
      now: new Date(),
    });
    const deskSub = await desk.call("subscribe", {
      channel: CHAT_DESK_CHANNEL,
      token: deskToken.token,
    });
    if (deskSub.error) throw new Error(`desk subscribe: ${JSON.stringify(deskSub.error)}`);

    const t0 = Date.now();
    for (let i = 0; i < guests.length; i += CONNECT_CONCURRENCY) {
      await Promise.all(
        guests.slice(i, i + CONNECT_CONCURRENCY).map(async (guest) => {
          const listener = new Listener(wsUrl, (_channel, data) => {
            const at = sentAt(data);
            const message = data.message as { author: { type: string } };
            if (at !== null && message.author.type === "staff") toPlayers.push(nowMs() - at);
          });
          listeners.push(listener);
          await listener.opened;
          await listener.call("connect", {});
          const channel = chatConversationChannel(guest.conversation);
          const token = await signSubscriptionToken(secret, {
            channel,
            subject: null,
            now: new Date(),
          });
          const reply = await listener.call("subscribe", { channel, token: token.token });
          if (reply.error) throw new Error(`subscribe: ${JSON.stringify(reply.error)}`);
        }),
      );
    }
    console.log(
      `bench:chat  ${CONVERSATIONS} conversations, ${SECONDS} s, ${PGLITE ? "PGlite" : "PostgreSQL"}; ` +
        `${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}; connected in ${Date.now() - t0} ms`,
    );

    // One message a second per conversation, spread evenly over the second.
    let sentByPlayers = 0;
    let sentByStaff = 0;
    let failed = 0;
    const answered: number[] = [];
    const inFlight = new Set<Promise<void>>();
    const sendOne = (index: number) => {
      const guest = guests[index]!;
      const sendTime = nowMs();
      const text = `bench:${sendTime}`;
      const staff = index % 2 === 1;
      // undici's pool with kept-alive connections: the same HTTP requests as fetch() sends, at a
      // fraction of the load generator's CPU (it shares the machine with the server).
      const request = http.request({
        method: "POST",
        path: staff
          ? `/api/operator/chat/conversations/${guest.conversation}/messages`
          : "/api/chat/conversation/messages",
        headers: staff
          ? { authorization: `Bearer ${operatorToken}`, "content-type": "application/json" }
          : { cookie: `casino_chat_guest=${guest.token}`, "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
      if (staff) sentByStaff += 1;
      else sentByPlayers += 1;
      const done = request
        .then(async (response) => {
          if (response.statusCode !== 201) {
            failed += 1;
            const body = await response.body.text();
            if (failed <= 3) console.error(`send failed: ${response.statusCode} ${body}`);
          } else {
            await response.body.dump();
            answered.push(nowMs() - sendTime);
          }
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    };
    if (STATEMENTS) await pgClientQuery(target, "SELECT pg_stat_statements_reset()");
    const cpuBefore = await cpuSnapshot(child.pid!, postgresPids);
    const start = nowMs();
    const total = CONVERSATIONS * SECONDS;
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / CONVERSATIONS;
      const wait = due - nowMs();
      if (wait > 1) await new Promise((ok) => setTimeout(ok, wait));
      sendOne(n % CONVERSATIONS);
    }
    await Promise.all(inFlight);
    // Let the last deliveries arrive (bounded).
    const deadline = nowMs() + 5000;
    while (
      toDesk.length + toPlayers.length < sentByPlayers + sentByStaff - failed &&
      nowMs() < deadline
    ) {
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const elapsed = (nowMs() - start) / 1000;
    console.log(
      `sent ${sentByPlayers + sentByStaff} in ${elapsed.toFixed(1)} s (${failed} failed)`,
    );
    summary("HTTP answer (201)", answered, sentByPlayers + sentByStaff);
    summary("player → desk", toDesk, sentByPlayers);
    summary("staff → player", toPlayers, sentByStaff);
    const cpuAfter = await cpuSnapshot(child.pid!, postgresPids);
    const messages = Math.max(1, sentByPlayers + sentByStaff);
    const used = (key: "server" | "generator") => cpuAfter[key] - cpuBefore[key];
    let postgres = 0;
    for (const [pid, seconds] of cpuAfter.postgres) {
      postgres += seconds - (cpuBefore.postgres.get(pid) ?? 0);
    }
    const per = (seconds: number) => `${((seconds / messages) * 1e6).toFixed(0)} µs`;
    console.log(
      `CPU per message: server ${per(used("server"))}, PostgreSQL ${PGLITE ? "(in the server)" : per(postgres)}, ` +
        `load generator ${per(used("generator"))} (${used("server").toFixed(1)} + ${postgres.toFixed(1)} + ` +
        `${used("generator").toFixed(1)} CPU s in ${elapsed.toFixed(1)} s)`,
    );
    await statements();
    await http.close();
  } finally {
    for (const listener of listeners) listener.close();
    if (child && child.exitCode === null) {
      const running = child;
      await new Promise<void>((ok) => {
        running.once("exit", () => ok());
        running.kill("SIGTERM");
      });
    }
    await cleanUp();
  }
}

if (process.env.BENCH_CHAT_SERVER) {
  await serve(process.env.BENCH_CHAT_SERVER);
} else {
  await main();
}
