import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers";
import { seed } from "../seed";
import { migrate, readMigrations } from "./migrate";

describe("migrations and seed", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("applies every migration once; a second run applies nothing", async () => {
    database = await createTestDatabase();
    const all = (await readMigrations()).map((migration) => migration.version);
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(database.db)).toEqual(all);
    expect(await migrate(database.db)).toEqual([]);
    const rows = await database.db.query<{ version: string }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    );
    expect(rows.map((row) => row.version)).toEqual(all);
  });

  it("two nodes migrating at once both succeed and apply each file once", async () => {
    database = await createTestDatabase();
    const [first, second] = await Promise.all([migrate(database.db), migrate(database.db)]);
    expect([...first, ...second].sort()).toEqual(
      (await readMigrations()).map((migration) => migration.version),
    );
  });

  it("a failing migration leaves the schema as it was", async () => {
    database = await createTestDatabase();
    await migrate(database.db);
    const dir = await mkdtemp(path.join(os.tmpdir(), "casino-migrations-"));
    for (const migration of await readMigrations()) {
      await writeFile(path.join(dir, `${migration.version}_${migration.name}.sql`), migration.sql);
    }
    await writeFile(path.join(dir, "9001_good.sql"), "CREATE TABLE will_vanish (id int);");
    await writeFile(path.join(dir, "9002_bad.sql"), "CREATE TABLE oops (id int;");
    await expect(migrate(database.db, dir)).rejects.toThrow();
    const tables = await database.db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'will_vanish'",
    );
    expect(tables).toHaveLength(0);
  });

  it("seeds an empty database once; later runs leave an operator's edits alone", async () => {
    database = await createTestDatabase();
    await migrate(database.db);
    expect(await seed(database.db)).toBe(true);
    const count = async () =>
      (await database!.db.query<{ n: number }>("SELECT count(*)::int AS n FROM currencies"))[0]!.n;
    const seeded = await count();
    expect(seeded).toBeGreaterThan(20);
    await database.db.query("DELETE FROM currencies WHERE code = 'XRP'");
    expect(await seed(database.db)).toBe(false);
    expect(await count()).toBe(seeded - 1);
  });

  it("numeric(78,0) round-trips 2^256-1 as a string that BigInt parses exactly", async () => {
    database = await createTestDatabase();
    const max = (1n << 256n) - 1n;
    const [row] = await database.db.query<{ value: string; big: string }>(
      "SELECT $1::numeric(78,0) AS value, 9007199254740993::int8 AS big",
      [max.toString()],
    );
    expect(typeof row!.value).toBe("string");
    expect(BigInt(row!.value)).toBe(max);
    // int8 is text on both drivers, so no silent precision loss past 2^53.
    expect(row!.big).toBe("9007199254740993");
  });

  it("a transaction rolls back on error", async () => {
    database = await createTestDatabase();
    await database.db.exec("CREATE TABLE t (id int PRIMARY KEY)");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (1)");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await database.db.query("SELECT * FROM t")).toEqual([]);
  });
});
