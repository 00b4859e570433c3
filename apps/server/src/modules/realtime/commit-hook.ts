// The prompt path of the outbox publisher: the app's database handle tells it when a
// transaction that wrote to event_outbox has committed (never for one rolled back), and when a
// statement outside a transaction did. Everything else passes straight through.
import type { Db, Queryable } from "../../infra/db";

const touchesOutbox = (sql: string) => sql.includes("event_outbox");

export function withOutboxCommitHook(db: Db, onCommit: () => void): Db {
  return {
    kind: db.kind,
    async query<T>(sql: string, params?: readonly unknown[]) {
      const rows = await db.query<T>(sql, params);
      if (touchesOutbox(sql)) onCommit();
      return rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
      if (touchesOutbox(sql)) onCommit();
    },
    async transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> {
      let touched = false;
      const result = await db.transaction((tx) =>
        fn({
          query<T>(sql: string, params?: readonly unknown[]) {
            if (touchesOutbox(sql)) touched = true;
            return tx.query<T>(sql, params);
          },
          exec(sql: string) {
            if (touchesOutbox(sql)) touched = true;
            return tx.exec(sql);
          },
        }),
      );
      if (touched) onCommit();
      return result;
    },
    close: () => db.close(),
  };
}
