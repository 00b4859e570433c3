// One request's loaders (root and page, run in parallel) share the API answers they both need:
// the first caller starts the fetch, the others await the same promise.
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

export function memoPerRequest<T>(scope: object, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(scope);
  if (!memo) {
    memo = new Map();
    memos.set(scope, memo);
  }
  const existing = memo.get(key);
  if (existing) return existing as Promise<T>;
  const started = load();
  memo.set(key, started);
  return started;
}
