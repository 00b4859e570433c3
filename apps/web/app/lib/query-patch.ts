// Query-parameter edits from several places (modals, affiliate tag) made in the same tick are
// merged into one history replace, so one edit never overwrites another.
import type { NavigateFunction } from "react-router";

export type QueryPatch = Record<string, string | null>;

/** Applies a patch to a query string ("" or "?a=1"); returns "" or "?...". */
export function applyQueryPatch(search: string, patch: QueryPatch): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

let pending: QueryPatch | null = null;
let navigateRef: NavigateFunction | null = null;

function flush(): void {
  const patch = pending;
  const navigate = navigateRef;
  pending = null;
  if (!patch || !navigate) return;
  const { pathname, search, hash } = window.location;
  const next = applyQueryPatch(search, patch);
  if (next === search) return;
  void navigate(
    { pathname, search: next, hash },
    {
      replace: true,
      preventScrollReset: true,
      state: (window.history.state as { usr?: unknown } | null)?.usr,
    },
  );
}

/** Queues a query edit (replace, no scroll reset, RR navigation); edits of one tick are merged. */
export function patchQuery(navigate: NavigateFunction, patch: QueryPatch): void {
  navigateRef = navigate;
  if (pending) {
    Object.assign(pending, patch);
    return;
  }
  pending = { ...patch };
  queueMicrotask(flush);
}
