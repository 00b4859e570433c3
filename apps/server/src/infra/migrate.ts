import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "./db";

export const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");

/**
 * Arbitrary but fixed key of the advisory lock that serialises schema changes across nodes.
 * pg_advisory_xact_lock releases it with the transaction, so a crashed node cannot leave it held.
 */
export const MIGRATION_LOCK_KEY = 7_302_015_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export async function readMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    migrations.push({
      version: match[1]!,
      name: match[2]!,
      sql: await readFile(path.join(dir, file), "utf8"),
    });
  }
  const versions = new Set(migrations.map((migration) => migration.version));
  if (versions.size !== migrations.length) throw new Error("Two migrations share a version");
  return migrations;
}

/**
 * Applies the pending migrations in order, all in one transaction: a failing file leaves the
 * schema as it was. Returns the versions applied (empty when up to date).
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return db.transaction(async (tx) => {
    // Taken before anything else: two nodes starting together would otherwise both see a
    // migration as pending, or race on creating schema_migrations itself.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const rows = await tx.query<{ version: string }>("SELECT version FROM schema_migrations");
    const applied = new Set(rows.map((row) => row.version));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
