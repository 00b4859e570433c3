// Commit hooks: the app's database handle tells a watcher when a transaction whose statements
// matched the watcher's test has committed (never for one rolled back), and when a statement
// outside a transaction matched. The outbox publisher watches event_outbox; the domain-event
// dispatcher watches the tables whose triggers raise events (migration 0021). Everything else
// passes straight through.
import type { Db, Queryable } from "./db";

export interface CommitWatcher {
  /** Whether a statement may have written what the watcher cares about (a cheap text test). */
  touches: (sql: string) => boolean;
  onCommit: () => void;
}

/** A watcher for statements that name any of the given tables. */
export function tablesWatcher(tables: readonly string[], onCommit: () => void): CommitWatcher {
  return { touches: (sql) => tables.some((table) => sql.includes(table)), onCommit };
}

export function withCommitHooks(db: Db, watchers: readonly CommitWatcher[]): Db {
  const matching = (sql: string) => watchers.filter((watcher) => watcher.touches(sql));
  const fire = (hit: Iterable<CommitWatcher>) => {
    for (const watcher of hit) watcher.onCommit();
  };
  return {
    kind: db.kind,
    async query<T>(sql: string, params?: readonly unknown[]) {
      const rows = await db.query<T>(sql, params);
      fire(matching(sql));
      return rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
      fire(matching(sql));
    },
    async transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> {
      const touched = new Set<CommitWatcher>();
      const note = (sql: string) => {
        for (const watcher of matching(sql)) touched.add(watcher);
      };
      const result = await db.transaction((tx) =>
        fn({
          query<T>(sql: string, params?: readonly unknown[]) {
            note(sql);
            return tx.query<T>(sql, params);
          },
          exec(sql: string) {
            note(sql);
            return tx.exec(sql);
          },
        }),
      );
      fire(touched);
      return result;
    },
    close: () => db.close(),
  };
}
