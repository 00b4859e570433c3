// `npm run bench:realtime`: the realtime issue's figures (issue 8, docs/performance.md
// "Realtime"): --clients (5,000) concurrent WebSocket clients on one server node, each
// authenticated as its own player (players and sessions seeded with SQL, access tokens signed
// here with the server's secret), each subscribed to its own player channel and to the public
// channel `global:online`. Then:
//   - fan-out: --events (20) events on `global:online`, one every --interval ms (200), through the
//     real path: a row in event_outbox written by the server process through its own database
//     handle (whose commit hook nudges the outbox publisher) → publisher → pub/sub port → hub →
//     every socket. Each event carries its send time (taken before the INSERT's transaction);
//     every client records publish-to-receive latency. p50/p99/max, deliveries and misses.
//   - burst: one event on each player's own channel (`notification:messenger#{id}`), all
//     written in one transaction, same measures.
//   - memory: the server child's RSS and heap after a GC (it runs with --expose-gc and answers
//     over IPC), before and after the clients connected, divided by the clients.
// The load generator is the `ws` package (raw protocol, one frame: connect + 2 subscribes);
// --sample (3) more clients use the real `centrifuge` SDK and must receive every event too.
// Database: a throwaway PostgreSQL cluster from the local Debian binaries (or
// BENCH_DATABASE_URL, whose user may create databases); --pglite for embedded PGlite.
// Usage: npm run bench:realtime [-- --clients 5000] [-- --events 20] [-- --interval 200]
//        [-- --sample 3] [-- --pglite]
import { type ChildProcess, execSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PUBLIC_CHANNELS, playerChannel, REALTIME_PATH } from "@casino/contract/realtime";
import { Centrifuge } from "centrifuge";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Db, openPGlite, openPostgres } from "../apps/server/src/infra/db";
import { migrate } from "../apps/server/src/infra/migrate";
import { signAccessToken } from "../apps/server/src/modules/player/access-token";
import { withOutboxCommitHook } from "../apps/server/src/modules/realtime/commit-hook";
import { seed } from "../apps/server/src/seed";
import { freePort, startThrowawayPostgres } from "./lib/postgres.mjs";
import { processCpuSeconds } from "./lib/proc-cpu";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const CLIENTS = Number(option("clients", "5000"));
const EVENTS = Number(option("events", "20"));
const INTERVAL_MS = Number(option("interval", "200"));
const SAMPLE = Number(option("sample", "3"));
const PGLITE = args.includes("--pglite");
/** Connections being opened at once by the load generator. */
const CONNECT_CONCURRENCY = 100;
const TARGET_P99_MS = 100;
const TARGET_BYTES_PER_CONNECTION = 50 * 1024;
const PUBLIC_CHANNEL = PUBLIC_CHANNELS.globalOnline;
const OWN_NAMESPACE = "messenger" as const;
const runId = randomBytes(4).toString("hex");

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const nowMs = () => performance.timeOrigin + performance.now();

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  connections: number;
  channels: number;
}
type ToServer =
  | { type: "memory" }
  | { type: "fanout"; seq: number }
  | { type: "stages" }
  | { type: "burst"; profiles: string[] };
/** Per fan-out event, milliseconds after its send time: commit returned, hub wrote every socket. */
type Stages = { committed: number[]; claimed: number[]; written: number[] };
type FromServer =
  | { type: "ready" }
  | { type: "memory"; memory: Memory }
  | { type: "done" }
  | { type: "stages"; stages: Stages };

// ---- the server child ------------------------------------------------------------------------
async function serve(target: string) {
  const pglite = target.startsWith("pglite:");
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    ...(pglite ? { DATA_DIR: target.slice("pglite:".length) } : { DATABASE_URL: target }),
    LOG_LEVEL: "silent",
    BACKGROUND_JOBS: "false",
    PASSWORD_HASH_MEMORY_KIB: "19456",
    WEBHOOK_SECRET: randomBytes(32).toString("hex"),
  });
  const db = pglite
    ? await openPGlite({ dataDir: join(target.slice("pglite:".length), "pglite") })
    : openPostgres(target, 16);
  const app = await buildApp({ config, db, ssr: false });
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  // Writes go through a handle with the same commit hook as the app's own (app.ts): the
  // publisher is nudged when the transaction commits, as for any event a module raises.
  const hooked = withOutboxCommitHook(db, () => app.realtime.publisher.nudge());
  const send = (message: FromServer) => process.send?.(message);
  const gc = (globalThis as { gc?: () => void }).gc;
  // Subscribed after the hub (setUpRealtime), so called once the hub has written the frame to
  // every subscribed socket: the server's side of the fan-out ends here.
  const stages: Stages = { committed: [], claimed: [], written: [] };
  const benchEvent = (data: unknown) => {
    const event = data as { sentAt?: number; seq?: number } | null;
    return event?.sentAt && event.seq ? { sentAt: event.sentAt, seq: event.seq } : null;
  };
  // The publisher's hand-off to the port (its claim transaction has read the row): timed by
  // wrapping the port's publish, which the publisher calls on this same object.
  const pubsub = app.realtime.pubsub;
  const publish = pubsub.publish.bind(pubsub);
  pubsub.publish = (messages) => {
    const at = nowMs();
    for (const published of messages) {
      const event = benchEvent(published.data);
      if (event) stages.claimed[event.seq - 1] = at - event.sentAt;
    }
    return publish(messages);
  };
  app.realtime.pubsub.subscribe((published) => {
    const event = benchEvent(published.data);
    if (published.channel === PUBLIC_CHANNEL && event) {
      stages.written[event.seq - 1] = nowMs() - event.sentAt;
    }
  });
  process.on("message", (message: ToServer) => {
    void (async () => {
      if (message.type === "memory") {
        for (let i = 0; i < 3; i++) gc?.();
        const usage = process.memoryUsage();
        send({
          type: "memory",
          memory: {
            rss: usage.rss,
            heapUsed: usage.heapUsed,
            heapTotal: usage.heapTotal,
            external: usage.external,
            arrayBuffers: usage.arrayBuffers,
            ...app.realtime.hub.stats(),
          },
        });
      } else if (message.type === "fanout") {
        const sentAt = nowMs();
        await hooked.transaction((tx) =>
          tx.query("INSERT INTO event_outbox (channel, payload) VALUES ($1, $2)", [
            PUBLIC_CHANNEL,
            { bench: runIdOf(), seq: message.seq, sentAt },
          ]),
        );
        stages.committed[message.seq - 1] = nowMs() - sentAt;
        send({ type: "done" });
      } else if (message.type === "stages") {
        send({ type: "stages", stages });
      } else if (message.type === "burst") {
        const sentAt = nowMs();
        await hooked.transaction((tx) =>
          tx.query(
            `INSERT INTO event_outbox (channel, payload)
             SELECT $1 || p, jsonb_build_object('bench', 'burst', 'sentAt', $2::float8)
               FROM unnest($3::text[]) p`,
            [`${playerChannel(OWN_NAMESPACE, "")}`, sentAt, message.profiles],
          ),
        );
        send({ type: "done" });
      }
    })().catch((error: unknown) => {
      console.error("bench server:", error);
      process.exit(1);
    });
  });
  send({ type: "ready" });
  process.once("SIGTERM", () => {
    void app.close().then(() => db.close().then(() => process.exit(0)));
  });
}

function runIdOf(): string {
  return process.env.BENCH_RUN_ID ?? "bench";
}

// ---- the load generator ----------------------------------------------------------------------
interface WsLike {
  send(data: string): void;
  close(): void;
  terminate(): void;
  on(event: "open", listener: () => void): this;
  on(event: "message", listener: (data: Buffer) => void): this;
  on(event: "close", listener: (code: number) => void): this;
  on(event: "error", listener: (error: Error) => void): this;
}
const require = createRequire(import.meta.url);
const WebSocket = (require("ws") as { WebSocket: new (url: string, options?: object) => WsLike })
  .WebSocket;

class Recorder {
  private values = new Float64Array(1024);
  length = 0;
  add(value: number) {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  summary() {
    const sorted = this.values.slice(0, this.length).sort();
    const at = (p: number) =>
      sorted.length
        ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
        : 0;
    return { p50: at(50), p99: at(99), max: sorted.length ? sorted[sorted.length - 1]! : 0 };
  }
}

/** One raw-protocol client: connect with the token, subscribe both channels, count pushes. */
class BenchClient {
  socket: WsLike | null = null;
  fanout = 0;
  own = 0;
  closedUnexpectedly = false;
  private closing = false;

  constructor(
    readonly profileId: string,
    private readonly token: string,
    private readonly fanoutLatency: Recorder,
    private readonly ownLatency: Recorder,
  ) {}

  open(url: string): Promise<void> {
    return new Promise((ok, fail) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      this.socket = socket;
      let replies = 0;
      const timer = setTimeout(() => fail(new Error("connect timed out")), 30_000);
      socket.on("open", () => {
        socket.send(
          [
            JSON.stringify({ id: 1, connect: { token: this.token, name: "bench" } }),
            JSON.stringify({ id: 2, subscribe: { channel: PUBLIC_CHANNEL } }),
            JSON.stringify({
              id: 3,
              subscribe: { channel: playerChannel(OWN_NAMESPACE, this.profileId) },
            }),
          ].join("\n"),
        );
      });
      socket.on("message", (data) => {
        const received = nowMs();
        for (const line of data.toString().split("\n")) {
          if (line === "") continue;
          if (line === "{}") {
            socket.send("{}"); // the server's ping
            continue;
          }
          const frame = JSON.parse(line) as {
            id?: number;
            error?: unknown;
            push?: { channel: string; pub?: { data: { sentAt: number } } };
          };
          if (frame.id) {
            if (frame.error) {
              clearTimeout(timer);
              fail(new Error(`reply ${frame.id}: ${JSON.stringify(frame.error)}`));
            } else if (++replies === 3) {
              clearTimeout(timer);
              ok();
            }
          } else if (frame.push?.pub) {
            const latency = received - frame.push.pub.data.sentAt;
            if (frame.push.channel === PUBLIC_CHANNEL) {
              this.fanout++;
              this.fanoutLatency.add(latency);
            } else {
              this.own++;
              this.ownLatency.add(latency);
            }
          }
        }
      });
      socket.on("close", () => {
        if (!this.closing) this.closedUnexpectedly = true;
        clearTimeout(timer);
        fail(new Error("closed before the replies"));
      });
      socket.on("error", () => {});
    });
  }

  close() {
    this.closing = true;
    this.socket?.close();
  }
}

/** CPU of the server child and of this load generator over a phase, per unit of work. */
function cpuMeter(pid: number) {
  const server0 = processCpuSeconds(pid);
  const self0 = process.cpuUsage();
  return (units: number, unit: string) => {
    const server = processCpuSeconds(pid) - server0;
    const used = process.cpuUsage(self0);
    const self = (used.user + used.system) / 1e6;
    const per = (seconds: number) => `${((seconds / Math.max(1, units)) * 1e6).toFixed(0)} µs`;
    return {
      serverPerUnit: server / Math.max(1, units),
      text: `CPU per ${unit}: server ${per(server)}, load generator ${per(self)} (${server.toFixed(1)} + ${self.toFixed(1)} CPU s)`,
    };
  };
}

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function commit(): string {
  try {
    const head = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
    const dirty = execSync("git status --porcelain -- apps/server/src scripts/bench-realtime.ts", {
      cwd: root,
      encoding: "utf8",
    }).trim();
    return dirty ? `${head} (+ uncommitted changes in apps/server/src)` : head;
  } catch {
    return "unknown";
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((ok) => setTimeout(ok, 10));
  }
  return true;
}

async function main() {
  const started = Date.now();
  console.log(
    `bench:realtime  commit ${commit()}  ${cpus().length} cores  clients ${CLIENTS}  events ${EVENTS}  ` +
      `${PGLITE ? "PGlite" : "PostgreSQL"}  load before: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")}`,
  );
  const secret = randomBytes(32).toString("hex");
  let target: string;
  let db: Db;
  let cleanUp: () => Promise<void>;
  if (PGLITE) {
    const dir = mkdtempSync(join(tmpdir(), "casino-bench-realtime-"));
    db = await openPGlite({ dataDir: join(dir, "pglite") });
    target = `pglite:${dir}`;
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    let admin = process.env.BENCH_DATABASE_URL;
    let stopPg: (() => void) | null = null;
    if (!admin) {
      const cluster = await startThrowawayPostgres({ max_connections: "100" });
      admin = cluster.url;
      stopPg = cluster.stop;
    }
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const name = `bench_realtime_${runId}`;
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    target = url.toString();
    db = openPostgres(target, 4);
    cleanUp = async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      stopPg?.();
    };
  }

  let child: ChildProcess | null = null;
  const sockets: BenchClient[] = [];
  const samples: Centrifuge[] = [];
  try {
    await migrate(db);
    await seed(db);
    // Players and sessions in two statements; the tokens are signed here with the server's secret.
    const t0 = Date.now();
    const total = CLIENTS + SAMPLE;
    const players = await db.query<{ player_id: string; session_id: string }>(
      `WITH p AS (
         INSERT INTO players (email, registration_method, currency)
         SELECT 'bench-rt-' || $2 || '-' || g || '@example.com', 'admin', 'EUR'
           FROM generate_series(1, $1::int) g RETURNING id)
       INSERT INTO player_sessions (player_id, token_hash, method, created_at, last_seen_at)
       SELECT id, md5(gen_random_uuid()::text), 'password', now(), now() FROM p
       RETURNING player_id, id AS session_id`,
      [total, runId],
    );
    const now = new Date();
    const tokens = await Promise.all(
      players.map(
        async (row) =>
          (
            await signAccessToken(
              secret,
              { profileId: row.player_id, sessionId: row.session_id },
              now,
              3600,
            )
          ).token,
      ),
    );
    if (PGLITE) await db.close();
    console.log(
      `seeded ${total} players and sessions, signed their tokens in ${Date.now() - t0} ms`,
    );

    const port = await freePort();
    child = fork(resolve(root, "scripts/bench-realtime.ts"), [], {
      env: {
        ...process.env,
        BENCH_REALTIME_SERVER: target,
        BENCH_RUN_ID: runId,
        PORT: String(port),
        JWT_SECRET: secret,
      },
      // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server, written when it stops.
      execArgv: [
        "--import",
        "tsx",
        "--expose-gc",
        ...(process.env.BENCH_CPU_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const server = child;
    const replies: ((message: FromServer) => void)[] = [];
    server.on("message", (message: FromServer) => replies.shift()?.(message));
    await new Promise<void>((ok, fail) => {
      replies.push(() => ok());
      server.once("exit", (code) => fail(new Error(`bench server exited ${code}`)));
    });
    const ask = (message: ToServer) =>
      new Promise<FromServer>((ok) => {
        replies.push(ok);
        server.send(message);
      });
    const memory = async () => ((await ask({ type: "memory" })) as { memory: Memory }).memory;
    const url = `ws://127.0.0.1:${port}${REALTIME_PATH}`;

    // Warm-up: a few connections opened and closed, so compiled code is in the baseline.
    const fanoutLatency = new Recorder();
    const ownLatency = new Recorder();
    const warm = Array.from(
      { length: 20 },
      (_, i) => new BenchClient(players[i]!.player_id, tokens[i]!, new Recorder(), new Recorder()),
    );
    await Promise.all(warm.map((c) => c.open(url)));
    for (const c of warm) c.close();
    await waitFor(() => false, 300);
    const before = await memory();

    // Connect the clients, CONNECT_CONCURRENCY at a time.
    const c0 = Date.now();
    const connectCpu = cpuMeter(server.pid!);
    for (let i = 0; i < CLIENTS; i++) {
      sockets.push(new BenchClient(players[i]!.player_id, tokens[i]!, fanoutLatency, ownLatency));
    }
    let next = 0;
    let failures = 0;
    let firstFailure = "";
    await Promise.all(
      Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        while (next < sockets.length) {
          const c = sockets[next++]!;
          await c.open(url).catch((error: Error) => {
            failures++;
            firstFailure ||= error.message;
          });
        }
      }),
    );
    const connectSeconds = (Date.now() - c0) / 1000;
    // The real SDK: a few clients with the `centrifuge` package.
    const sampleReceived = new Array<number>(SAMPLE).fill(0);
    const sampleOwn = new Array<number>(SAMPLE).fill(0);
    for (let i = 0; i < SAMPLE; i++) {
      const row = players[CLIENTS + i]!;
      const centrifuge = new Centrifuge(url, {
        token: tokens[CLIENTS + i]!,
        websocket: WebSocket as unknown as typeof globalThis.WebSocket,
      });
      samples.push(centrifuge);
      const pub = centrifuge.newSubscription(PUBLIC_CHANNEL);
      pub.on("publication", () => sampleReceived[i]!++);
      const own = centrifuge.newSubscription(playerChannel(OWN_NAMESPACE, row.player_id));
      own.on("publication", () => sampleOwn[i]!++);
      const subscribed = Promise.all(
        [pub, own].map((s) => new Promise<void>((ok) => s.once("subscribed", () => ok()))),
      );
      pub.subscribe();
      own.subscribe();
      centrifuge.connect();
      await subscribed;
    }
    const after = await memory();
    const connected = sockets.length - failures;
    console.log(
      `connected ${connected}/${CLIENTS} raw ws clients in ${connectSeconds.toFixed(1)} s ` +
        `(${Math.round(connected / connectSeconds)}/s; connect + 2 subscribes each)` +
        (failures ? `; ${failures} failed, first: ${firstFailure}` : "") +
        `, and ${SAMPLE} centrifuge SDK clients; server hub: ${after.connections} connections, ${after.channels} channels`,
    );
    console.log(`  ${connectCpu(connected, "connection").text}`);

    // Fan-out on the public channel.
    const f0 = Date.now();
    const fanoutCpu = cpuMeter(server.pid!);
    for (let seq = 1; seq <= EVENTS; seq++) {
      await ask({ type: "fanout", seq });
      if (seq < EVENTS) await new Promise((ok) => setTimeout(ok, INTERVAL_MS));
    }
    const expected = connected * EVENTS;
    await waitFor(() => fanoutLatency.length >= expected, 10_000);
    const fanoutSeconds = (Date.now() - f0) / 1000;
    await waitFor(() => sampleReceived.every((n) => n >= EVENTS), 2_000);
    const fanout = fanoutLatency.summary();
    const fanoutMisses = sockets.reduce(
      (sum, c) => sum + (c.socket && !c.closedUnexpectedly ? Math.max(0, EVENTS - c.fanout) : 0),
      0,
    );
    console.log(
      `fan-out  ${EVENTS} events on ${PUBLIC_CHANNEL} to ${connected} clients (one every ${INTERVAL_MS} ms): ` +
        `delivered ${fanoutLatency.length}/${expected}, misses ${expected - fanoutLatency.length} ` +
        `(${fanoutMisses} counted per client); publish-to-receive p50 ${fanout.p50.toFixed(1)} ms  ` +
        `p99 ${fanout.p99.toFixed(1)} ms  max ${fanout.max.toFixed(1)} ms  (${fanoutSeconds.toFixed(1)} s); ` +
        `centrifuge SDK clients got ${sampleReceived.join(", ")} of ${EVENTS}`,
    );
    const { stages } = (await ask({ type: "stages" })) as { stages: Stages };
    const stage = (values: number[]) => {
      const recorder = new Recorder();
      for (const value of values) if (value !== undefined) recorder.add(value);
      const { p50, max } = recorder.summary();
      return `p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
    };
    console.log(
      `  per event, after its send time: INSERT committed ${stage(stages.committed)}; ` +
        `publisher handed it to pub/sub ${stage(stages.claimed)}; ` +
        `hub done writing to every socket ${stage(stages.written)}`,
    );
    const fanoutServerCpu = fanoutCpu(fanoutLatency.length, "delivery");
    // The server writes one event to its sockets one after another: on one core of its own, the
    // last client's frame leaves this long after the first (the floor of the fan-out's max).
    console.log(
      `  ${fanoutServerCpu.text}; one event to ${connected} sockets ≈ ` +
        `${(fanoutServerCpu.serverPerUnit * connected * 1000).toFixed(0)} ms of server CPU`,
    );

    // Burst: one event on each player's own channel, in one transaction.
    const b0 = Date.now();
    const burstCpu = cpuMeter(server.pid!);
    const profiles = [
      ...sockets.map((c) => c.profileId),
      ...players.slice(CLIENTS).map((row) => row.player_id),
    ];
    await ask({ type: "burst", profiles });
    await waitFor(() => ownLatency.length >= connected, 10_000);
    await waitFor(() => sampleOwn.every((n) => n >= 1), 2_000);
    const burstSeconds = (Date.now() - b0) / 1000;
    const burst = ownLatency.summary();
    const duplicates = sockets.filter((c) => c.own > 1).length;
    console.log(
      `burst    ${profiles.length} per-player events in one transaction (${playerChannel(OWN_NAMESPACE, "{id}")}): ` +
        `delivered ${ownLatency.length}/${connected}, misses ${sockets.filter((c) => c.own === 0).length}, ` +
        `duplicates ${duplicates}; p50 ${burst.p50.toFixed(1)} ms  p99 ${burst.p99.toFixed(1)} ms  ` +
        `max ${burst.max.toFixed(1)} ms  (${burstSeconds.toFixed(1)} s); SDK clients got ${sampleOwn.join(", ")}`,
    );
    console.log(`  ${burstCpu(ownLatency.length, "delivery").text}`);
    const dropped = sockets.filter((c) => c.closedUnexpectedly).length;
    if (dropped) console.log(`  ${dropped} clients were closed by the server during the run`);

    // Memory per connection.
    const clients = after.connections - before.connections;
    const perConnection = (bytes: number) => (clients > 0 ? bytes / clients : 0);
    const rssPer = perConnection(after.rss - before.rss);
    const heapPer = perConnection(after.heapUsed - before.heapUsed);
    const externalPer = perConnection(
      after.external + after.arrayBuffers - before.external - before.arrayBuffers,
    );
    console.log(
      `memory   server after GC: RSS ${mb(before.rss)} → ${mb(after.rss)}, heap used ${mb(before.heapUsed)} → ` +
        `${mb(after.heapUsed)} for ${clients} connections: ${(rssPer / 1024).toFixed(1)} KB RSS, ` +
        `${(heapPer / 1024).toFixed(1)} KB heap, ${(externalPer / 1024).toFixed(1)} KB external per connection`,
    );

    console.log(
      `targets  fan-out p99 ${fanout.p99.toFixed(1)} ms / ${TARGET_P99_MS} ms = ${(fanout.p99 / TARGET_P99_MS).toFixed(2)}x; ` +
        `burst p99 ${(burst.p99 / TARGET_P99_MS).toFixed(2)}x; ` +
        `RSS per connection ${(rssPer / 1024).toFixed(1)} KB / 50 KB = ${(rssPer / TARGET_BYTES_PER_CONNECTION).toFixed(2)}x ` +
        `(below 1 meets the target)`,
    );
    const missed =
      expected - fanoutLatency.length + (connected - Math.min(connected, ownLatency.length));
    if (failures || missed || dropped || sampleReceived.some((n) => n < EVENTS)) {
      process.exitCode = 1;
    }
    console.log(
      `load after: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(
          " ",
        )}  (the machine is shared; total ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  } finally {
    for (const c of samples) c.disconnect();
    for (const c of sockets) c.close();
    if (child && child.exitCode === null) {
      const running = child;
      await new Promise<void>((ok) => {
        running.once("exit", () => ok());
        running.kill("SIGTERM");
      });
    }
    if (!PGLITE) await db.close();
    await cleanUp();
  }
}

// The child serves (BENCH_REALTIME_SERVER set by the parent); the parent runs the bench. At the
// end of the file, so every class and constant above is initialised first.
if (process.env.BENCH_REALTIME_SERVER) {
  await serve(process.env.BENCH_REALTIME_SERVER);
} else {
  await main();
}
