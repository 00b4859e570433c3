// The PostgreSQL port prepares each parameterised statement once per connection (a third of
// PostgreSQL's time on the provider wallet path was parsing and planning; docs/performance.md),
// and DATABASE_PREPARED_STATEMENTS=false turns that off for poolers that cannot keep them.
import { afterEach, describe, expect, it } from "vitest";
import { openPostgres } from "../src/infra/db";
import { createPostgresDatabase } from "./helpers";

// Only in the server-pg project (vitest.config.ts: postgresOnlyTests).
describe("PostgreSQL prepared statements", () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  async function open(preparedStatements?: boolean) {
    const database = await createPostgresDatabase();
    const db = openPostgres(
      database.url,
      1,
      preparedStatements === undefined ? {} : { preparedStatements },
    );
    cleanUps.push(database.drop, () => db.close());
    return db;
  }

  /** The statements the session holds prepared, asked on the one connection of the pool. */
  const prepared = async (db: Awaited<ReturnType<typeof open>>) =>
    (
      await db.query<{ statement: string }>(
        "SELECT statement FROM pg_prepared_statements ORDER BY prepare_time",
      )
    ).map((row) => row.statement);

  it("prepares a parameterised statement once and reuses it, in and out of transactions", async () => {
    const db = await open();
    const sql = "SELECT $1::int + 1 AS n";
    expect(await db.query(sql, [1])).toEqual([{ n: 2 }]);
    expect(await db.transaction((tx) => tx.query(sql, [41]))).toEqual([{ n: 42 }]);
    expect(await db.query(sql, [2])).toEqual([{ n: 3 }]);
    expect(await prepared(db)).toEqual([sql]);
  });

  it("runs scripts without parameters on the simple protocol, unprepared", async () => {
    const db = await open();
    await db.exec("CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2)");
    expect(await db.query("SELECT count(*)::int AS c FROM t")).toEqual([{ c: 2 }]);
    expect(await prepared(db)).toEqual([]);
  });

  it("a failing statement leaves the connection usable and the answer unchanged", async () => {
    const db = await open();
    const sql = "SELECT 1 / $1::int AS q";
    await expect(db.query(sql, [0])).rejects.toThrow(/division by zero/);
    expect(await db.query(sql, [1])).toEqual([{ q: 1 }]);
    await expect(db.transaction((tx) => tx.query(sql, [0]))).rejects.toThrow(/division/);
    expect(await db.query(sql, [1])).toEqual([{ q: 1 }]);
  });

  it("with preparedStatements false, statements run unnamed as before", async () => {
    const db = await open(false);
    expect(await db.query("SELECT $1::int AS n", [7])).toEqual([{ n: 7 }]);
    expect(await prepared(db)).toEqual([]);
  });
});
