// A real server process killed with SIGKILL at named fail points (lib/fail-point.ts), restarted
// on the same database (PGlite data folder or a PostgreSQL database of its own), for crash
// tests of money flows; and what those tests share: a player's API over real HTTP, the sandbox
// processor's decision page, polling for an outcome, the ledger check with the server down.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { startServer, type TestServer } from "../../../e2e/support/server";
import { type Db, openPGlite, openPostgres } from "../src/infra/db";
import type { FailPoint } from "../src/lib/fail-point";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { createPostgresDatabase, fixturesDir, testDbKind } from "./helpers";

export interface CrashHarness {
  /** The running server's base URL. */
  url: () => string;
  /** Starts the site with fail points armed (or none); background jobs only when asked. */
  start: (failPoints?: FailPoint[], jobs?: boolean) => Promise<TestServer>;
  /** Sends a request the armed fail point kills the server in; waits for the process to end. */
  crashOn: (running: TestServer, request: () => Promise<unknown>) => Promise<void>;
  /** Opens the test's database while the server is down (PGlite has one process at a time). */
  openDb: () => Promise<Db>;
  /** The ledger's invariants, checked with the server down. */
  ledgerProblems: () => Promise<unknown[]>;
  cleanUp: () => Promise<void>;
}

export async function crashHarness(env: Record<string, string> = {}): Promise<CrashHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), "casino-crash-"));
  const postgres = testDbKind() === "pg" ? await createPostgresDatabase() : null;
  let server: TestServer | null = null;
  const openDb = async (): Promise<Db> =>
    postgres
      ? openPostgres(postgres.url, 1)
      : await openPGlite({ dataDir: join(dataDir, "pglite") });
  return {
    url: () => server!.url,
    async start(failPoints = [], jobs = false) {
      server = await startServer(
        {
          NODE_ENV: "test",
          LOG_LEVEL: "error",
          DATABASE_URL: postgres?.url ?? "",
          SANDBOX_PAYMENTS: "true",
          BACKGROUND_JOBS: String(jobs),
          DEFAULT_COUNTRY: "DE",
          WEB_BUILD_DIR: join(fixturesDir, "no-web-build"),
          JWT_SECRET: "crash-test-jwt-secret-0123456789abcdef",
          WEBHOOK_SECRET: "crash-test-webhook-secret-0123456789ab",
          PASSWORD_HASH_MEMORY_KIB: "1024",
          PASSWORD_HASH_TIME_COST: "1",
          ...env,
          FAIL_POINTS: failPoints.join(","),
        },
        { dataDir },
      );
      return server;
    },
    async crashOn(running, request) {
      const outcome = await request().then(
        () => "answered",
        () => "connection lost",
      );
      expect(outcome).toBe("connection lost");
      await running.exited;
      expect(running.logs()).toMatch(/fail point .*: killing the process/);
    },
    openDb,
    async ledgerProblems() {
      const db = await openDb();
      try {
        return await checkLedger(db);
      } finally {
        await db.close();
      }
    },
    async cleanUp() {
      await server?.stop();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A player's API as a browser would call it, over real HTTP. */
export function httpClient(base: () => string, token: string) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const call = async <T = Record<string, string>>(
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ) => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: key ? { ...headers, "idempotency-key": key } : headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { data: T } };
  };
  return { call };
}

/** The tester's decision on the sandbox processor's hosted page. */
export async function sandboxDecide(base: string, reference: string, decision: "approve" | "fail") {
  return fetch(`${base}/sandbox/payments/${reference}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `decision=${decision}`,
    redirect: "manual",
  });
}

/** Polls a visible outcome (up to 30 s). */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
