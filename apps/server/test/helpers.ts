import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { type Db, openPGlite, openPostgres } from "../src/infra/db";
import { GeoIp } from "../src/infra/geo";
import { migrate } from "../src/infra/migrate";
import { seed } from "../src/seed";

export const fixturesDir = path.resolve(import.meta.dirname, "fixtures");
export const testContentDir = path.join(fixturesDir, "content");

/** One GeoIP instance per test process: the tables take a moment to load. */
export const sharedGeoIp = new GeoIp();

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  // The package's exports hide package.json; find it above the resolved entry instead.
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, "package.json")) || !dir.endsWith(name)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${name} not found`);
    dir = parent;
  }
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string })
    .version;
}

export type TestDbKind = "pglite" | "pg";

export function testDbKind(): TestDbKind {
  const kind = process.env.TEST_DB ?? "pglite";
  if (kind !== "pglite" && kind !== "pg") throw new Error(`TEST_DB must be pglite or pg: ${kind}`);
  return kind;
}

/**
 * PGlite runs initdb on every fresh in-memory start (~8 s here). A dump of one freshly
 * initialised, still empty cluster is kept in the temp folder and loaded instead (~1 s): the
 * database is just as new, and migrations and seed still run on it for real.
 */
async function pgliteInitdbDump(): Promise<Blob> {
  const version = packageVersion("@electric-sql/pglite");
  const file = path.join(os.tmpdir(), `casino-pglite-initdb-${version}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const lite = new PGlite();
  await lite.waitReady;
  const dump = await lite.dumpDataDir("none");
  await lite.close();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, file);
  return dump;
}

export interface TestDatabase {
  db: Db;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

/** A fresh, empty database of the kind TEST_DB names (not migrated). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === "pglite") {
    const db = await openPGlite({ loadDataDir: await pgliteInitdbDump() });
    return { db, close: () => db.close() };
  }

  const database = await createPostgresDatabase();
  const db = openPostgres(database.url, 4);
  return {
    db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server: its URL, and how to drop it. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      "TEST_DB=pg needs TEST_DATABASE_URL (a PostgreSQL URL whose user may CREATE DATABASE), " +
        "e.g. postgres://postgres@127.0.0.1:55432/postgres",
    );
  }
  const name = `test_${randomBytes(8).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export function testConfig(envOverrides: Record<string, string> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: path.join(os.tmpdir(), "casino-test-data"),
      CONTENT_DIR: testContentDir,
      // No web build in route tests: pages are the SSR test's business.
      WEB_BUILD_DIR: path.join(fixturesDir, "no-web-build"),
      JWT_SECRET: randomBytes(32).toString("hex"),
      WEBHOOK_SECRET: randomBytes(32).toString("hex"),
      ...envOverrides,
    },
    { persistSecrets: false },
  );
}

export interface TestApp extends FastifyInstance {
  testDb: Db;
  testConfig: Config;
}

/** An app on an existing database (several configurations over one database); it does not close it. */
export async function buildTestApp(
  db: Db,
  envOverrides: Record<string, string> = {},
  options: {
    ssr?: boolean;
    onClose?: () => Promise<void>;
    now?: () => Date;
    /** The configuration to use (built from envOverrides when absent). */
    config?: Config;
  } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: options.config ?? testConfig(envOverrides),
    db,
    geoIp: sharedGeoIp,
    ssr: options.ssr ?? false,
    ...(options.now ? { now: options.now } : {}),
  });
  const { onClose } = options;
  if (onClose) app.addHook("onClose", onClose);
  await app.ready();
  return app;
}

/**
 * A ready app on a fresh, migrated and seeded database. Closing the app closes (and on
 * PostgreSQL drops) the database. envOverrides are environment variables as a deployment sets them.
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { ssr?: boolean; now?: () => Date } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  try {
    await migrate(database.db);
    await seed(database.db);
    // One configuration for the app and the test, so tests can sign with the app's secrets.
    const config = testConfig(envOverrides);
    const app = await buildTestApp(database.db, envOverrides, {
      ...options,
      config,
      onClose: () => database.close(),
    });
    return Object.assign(app, { testDb: database.db, testConfig: config });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A public IPv4 address the GeoLite2 data places in the given country (first range found). */
export function ipv4InCountry(country: string): string {
  const dir = path.dirname(require.resolve("@ip-location-db/geolite2-country/package.json"));
  const text = readFileSync(path.join(dir, "geolite2-country-ipv4-num.csv"), "latin1");
  const match = new RegExp(`^(\\d+),(\\d+),${country}$`, "m").exec(text);
  if (!match) throw new Error(`No IPv4 range for ${country}`);
  const start = Number(match[1]);
  const value = start + 1;
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join(".");
}

/** Checks the one error body of BE-02 and returns it. */
export function expectErrorBody(body: unknown): {
  error: { code: number; message: string; fields?: Record<string, string[]> };
} {
  const value = body as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
  if (
    typeof value !== "object" ||
    value === null ||
    typeof value.error !== "object" ||
    typeof value.error.code !== "number" ||
    typeof value.error.message !== "string"
  ) {
    throw new Error(`Not an ErrorBody: ${JSON.stringify(body)}`);
  }
  return value as ReturnType<typeof expectErrorBody>;
}

/** Asserts an error answer: its HTTP status and the code in the shared error body. */
export function expectErrorCode(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: number,
): void {
  if (response.statusCode !== status) {
    throw new Error(
      `expected HTTP ${status}, got ${response.statusCode}: ${JSON.stringify(response.json())}`,
    );
  }
  const body = expectErrorBody(response.json());
  if (body.error.code !== code)
    throw new Error(`expected error code ${code}, got ${body.error.code}`);
}
