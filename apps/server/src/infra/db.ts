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

/**
 * Names for the parameterised statements node-postgres prepares once per connection and then
 * only binds and executes: without a name every call is parsed and planned again, which took
 * about a third of PostgreSQL's time on the provider wallet path (docs/performance.md). The SQL
 * of the repositories is fixed text, so the set stays small; past the cap (text built at run
 * time, should any grow unbounded) statements run unnamed, as before.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2000;

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

function pgQueryable(target: pg.Pool | pg.PoolClient, prepare: boolean): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // Only statements with parameters: without any, node-postgres uses the simple protocol,
      // which also runs scripts of several statements (they cannot be prepared).
      const name = prepare && params.length > 0 ? statementName(sql) : undefined;
      const result = await target.query(
        name
          ? { name, text: sql, values: params as unknown[] }
          : { text: sql, values: params as unknown[] },
      );
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which allows several statements.
      await target.query(sql);
    },
  };
}

/**
 * A transaction's client runs one statement at a time. Code may still start several at once
 * (`Promise.all` over reads): they queue here, in call order, instead of in node-postgres,
 * which deprecates queueing on a busy client (removed in pg 9).
 */
function inTurn(queryable: Queryable): Queryable {
  let last: Promise<unknown> = Promise.resolve();
  const turn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run);
    last = next.catch(() => {});
    return next;
  };
  return {
    query: <T>(sql: string, params?: readonly unknown[]) =>
      turn(() => queryable.query<T>(sql, params)),
    exec: (sql) => turn(() => queryable.exec(sql)),
  };
}

export interface PostgresOptions {
  /**
   * Prepare each parameterised statement once per connection (default). Off for a pooler that
   * cannot keep them (PgBouncer in transaction mode before 1.21): DATABASE_PREPARED_STATEMENTS.
   */
  preparedStatements?: boolean;
}

export function openPostgres(
  connectionString: string,
  poolSize = 10,
  options: PostgresOptions = {},
): Db {
  const prepare = options.preparedStatements ?? true;
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection emits on the pool; without a listener Node would crash.
  pool.on("error", () => {});
  return {
    kind: "pg",
    ...pgQueryable(pool, prepare),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(inTurn(pgQueryable(client, prepare)));
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
  databasePreparedStatements?: boolean;
  dataDir: string;
}): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, 10, {
      preparedStatements: config.databasePreparedStatements ?? true,
    });
  }
  return openPGlite({ dataDir: path.join(config.dataDir, "pglite") });
}
