// Reads that one transaction makes again and again (the operator's settings, loyalty levels and
// earn rules while the domain-event dispatcher hands a batch of settled bets to a consumer), made
// once per transaction: the first answer serves the rest of it. Keyed by the transaction handle,
// so nothing outlives the transaction and nothing is shared between two.
import type { Queryable } from "./db";

const memos = new WeakMap<Queryable, Map<string, Promise<unknown>>>();

export function memoInTransaction<T>(
  tx: Queryable,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let memo = memos.get(tx);
  if (!memo) {
    memo = new Map();
    memos.set(tx, memo);
  }
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
    // A failed read is not remembered.
    value.catch(() => memo.delete(key));
  }
  return value;
}
