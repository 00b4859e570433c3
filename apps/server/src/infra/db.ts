import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The database port every repository uses: plain parameterised SQL (see docs/adr/0002).
 * Both implementations return rows with PostgreSQL's wire conventions as node-postgres has them:
 * numeric and int8 as strings (parse money with BigInt), timestamptz as Date, jsonb parsed,
 * arrays as arrays.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "pg";
  /** Runs fn in one transaction; commits on return, rolls back on throw. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

const INT8_OID = 20;

type PGliteQueryable = Pick<PGlite, "query" | "exec">;

function pgliteQueryable(target: PGliteQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface PGliteOptions {
  /** A folder for the data files; omitted keeps the database in memory. */
  dataDir?: string;
  /** A data directory dump to start from (tests use one to skip initdb, which takes seconds). */
  loadDataDir?: Blob | File;
}

export async function openPGlite(options: PGliteOptions = {}): Promise<Db> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const lite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // node-postgres returns int8 as text; do the same so repositories behave alike on both.
    parsers: { [INT8_OID]: (value: string) => value },
  });
  await lite.waitReady;
  return wrapPGlite(lite);
}

export function wrapPGlite(lite: PGlite): Db {
  const base = pgliteQueryable(lite);
  return {
    kind: "pglite",
    ...base,
    transaction: (fn) => lite.transaction((tx) => fn(pgliteQueryable(tx))),
    close: () => lite.close(),
  };
}

function pgQueryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which allows several statements.
      await target.query(sql);
    },
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection emits on the pool; without a listener Node would crash.
  pool.on("error", () => {});
  return {
    kind: "pg",
    ...pgQueryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(pgQueryable(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(config: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPGlite({ dataDir: path.join(config.dataDir, "pglite") });
}
