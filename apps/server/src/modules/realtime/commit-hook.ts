// The prompt path of the outbox publisher: nudged after a commit that wrote to event_outbox
// (infra/commit-hooks.ts does the watching).
import { tablesWatcher, withCommitHooks } from "../../infra/commit-hooks";
import type { Db } from "../../infra/db";

export const outboxWatcher = (onCommit: () => void) => tablesWatcher(["event_outbox"], onCommit);

export function withOutboxCommitHook(db: Db, onCommit: () => void): Db {
  return withCommitHooks(db, [outboxWatcher(onCommit)]);
}
