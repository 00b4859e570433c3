// Helpers of the realtime tests: an app listening on a real port (with realtime settings),
// the `ws` WebSocket for the centrifuge client in Node 20, and a raw protocol client.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { REALTIME_PATH } from "@casino/contract/realtime";
import { buildApp } from "../src/app";
import type { Db } from "../src/infra/db";
import { migrate } from "../src/infra/migrate";
import type { RealtimeSettings } from "../src/modules/realtime/setup";
import { seed } from "../src/seed";
import { createTestDatabase, sharedGeoIp, testConfig } from "./helpers";
import { FAST_HASH_ENV, type PlayerTestApp, TestClock } from "./player-helpers";

/** The subset of a `ws` WebSocket these tests use (ws ships no types here; see the report). */
export interface WsSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: "open", listener: () => void): this;
  on(event: "message", listener: (data: Buffer) => void): this;
  on(event: "close", listener: (code: number, reason: Buffer) => void): this;
  on(event: "error", listener: (error: Error) => void): this;
}
export type WsConstructor = new (url: string, protocols?: string | string[]) => WsSocket;

const require = createRequire(import.meta.url);
/** `ws` (a dependency of @fastify/websocket): the centrifuge client's `websocket` in Node 20. */
export const WebSocket = (require("ws") as { WebSocket: WsConstructor }).WebSocket;

export interface RealtimeTestApp extends PlayerTestApp {
  wsUrl: string;
}

/** An app on a fresh migrated, seeded database, listening on a free port. */
export async function createRealtimeTestApp(
  options: { env?: Record<string, string>; realtime?: RealtimeSettings; db?: Db } = {},
): Promise<RealtimeTestApp> {
  const database = options.db ? null : await createTestDatabase();
  const db = options.db ?? database!.db;
  try {
    if (database) {
      await migrate(db);
      await seed(db);
    }
    const clock = new TestClock(new Date());
    const config = testConfig({ ...FAST_HASH_ENV, ...options.env });
    const app = await buildApp({
      config,
      db,
      geoIp: sharedGeoIp,
      ssr: false,
      now: clock.now,
      ...(options.realtime ? { realtime: options.realtime } : {}),
    });
    if (database) app.addHook("onClose", () => database.close());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    return Object.assign(app, {
      testDb: db,
      testConfig: config,
      clock,
      wsUrl: `ws://127.0.0.1:${address.port}${REALTIME_PATH}`,
    });
  } catch (error) {
    await database?.close();
    throw error;
  }
}

/** Resolves with the value, or rejects after `ms` (waiting for an event, never sleeping). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Frame = Record<string, unknown>;

/** A protocol-level client: sends commands, waits for replies, pushes, pings and the close. */
export class RawClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  private nextId = 1;
  private readonly socket: WsSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(
    url: string,
    private readonly answerPings = true,
  ) {
    const socket = new WebSocket(url);
    this.socket = socket;
    this.opened = new Promise((resolve, reject) => {
      socket.on("open", () => resolve());
      socket.on("error", reject);
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    socket.on("message", (data) => {
      for (const line of data.toString().split("\n")) {
        if (line.trim() === "") continue;
        const frame = JSON.parse(line) as Frame;
        this.frames.push(frame);
        if (this.answerPings && Object.keys(frame).length === 0) socket.send("{}");
        for (const waiter of [...this.waiters]) {
          if (waiter.match(frame)) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(frame);
          }
        }
      }
    });
  }

  static async open(url: string, answerPings = true): Promise<RawClient> {
    const client = new RawClient(url, answerPings);
    await client.opened;
    return client;
  }

  /** The next frame (seen from now on) that matches. */
  next(match: (frame: Frame) => boolean, ms = 5_000, what = "a frame"): Promise<Frame> {
    return within(new Promise<Frame>((resolve) => this.waiters.push({ match, resolve })), ms, what);
  }

  /** Sends a command with a fresh id and waits for its reply. */
  async call(method: string, body: object, ms = 5_000): Promise<Frame> {
    const id = this.nextId++;
    const reply = this.next((frame) => frame.id === id, ms, `reply to ${method}`);
    this.socket.send(JSON.stringify({ id, [method]: body }));
    return reply;
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  close(): void {
    this.socket.close();
  }
}

/** Where redis-server is, or null (PATH, then Debian's place). */
export function findRedisServer(): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/bin", "/usr/sbin"]) {
    if (dir && existsSync(path.join(dir, "redis-server"))) return path.join(dir, "redis-server");
  }
  return null;
}

/**
 * A throwaway redis-server on a free loopback port (no persistence), for a test file run
 * without TEST_REDIS_URL. stop() ends that process only.
 */
export async function startThrowawayRedis(
  binary: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  await within(
    new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
    }),
    10_000,
    "redis-server to start",
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Whether the two-node tests can run: a Redis to use, or CI (where a missing one must fail). */
export const canRunTwoNodes =
  Boolean(process.env.TEST_REDIS_URL || findRedisServer()) || process.env.CI === "true";

/**
 * Two server nodes on one database through Redis (TEST_REDIS_URL, else a throwaway
 * redis-server): the same database and secrets, each with its own pub/sub connections, hub and
 * outbox publisher. close() stops both nodes and the throwaway Redis.
 */
export async function startTwoRedisNodes(): Promise<{
  nodeA: RealtimeTestApp;
  nodeB: RealtimeTestApp;
  close: () => Promise<void>;
}> {
  let url = process.env.TEST_REDIS_URL;
  let stopRedis = async () => {};
  if (!url) {
    const redisServer = findRedisServer();
    if (!redisServer) throw new Error("CI=true needs redis-server (apt-get install redis-server)");
    const redis = await startThrowawayRedis(redisServer);
    url = redis.url;
    stopRedis = redis.stop;
  }
  const nodeA = await createRealtimeTestApp({ env: { REDIS_URL: url } });
  const nodeB = await createRealtimeTestApp({
    db: nodeA.testDb,
    env: {
      REDIS_URL: url,
      JWT_SECRET: nodeA.testConfig.secrets.jwtSecret,
      WEBHOOK_SECRET: nodeA.testConfig.secrets.webhookSecret,
    },
  });
  return {
    nodeA,
    nodeB,
    close: async () => {
      await nodeB.close();
      await nodeA.close();
      await stopRedis();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
