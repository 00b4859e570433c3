// A default link from realtime events to the TanStack Query cache: a publication on a channel
// whose namespace a rule names (the part before `#`), with an event `type` starting with the
// rule's prefix, invalidates the rule's query keys. So does the server's confirmation of a
// subscription to the rule's channel, the first and after each reconnect: a query read before it
// may have missed a publication (e.g. a deposit landing while the page was still subscribing,
// or while it was offline). Features with finer needs (merging an account into the cached
// list, alerts) listen with useRealtime themselves; this keeps the rest of the app's cached
// server state honest, e.g. a balance in the header while no wallet surface is mounted.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { namespaceOf, onRealtimePublication, onRealtimeSubscribed } from "./realtime";

export interface QuerySyncRule {
  /** Channel namespace, e.g. `wallet:accounts` (matches `wallet:accounts#{profileId}`). */
  namespace: string;
  /** Event types to react to, by prefix of `data.type` (e.g. `invoice.`); absent: all. */
  typePrefix?: string;
  queryKeys: readonly QueryKey[];
}

/**
 * Wallet accounts and payment invoices (the keys of lib/session/player-queries and the wallet),
 * and the messenger's lists (features/notifications/notifications-api.ts NOTIFICATIONS_KEY).
 */
export const DEFAULT_QUERY_SYNC_RULES: readonly QuerySyncRule[] = [
  {
    namespace: "wallet:accounts",
    typePrefix: "wallet.account.",
    queryKeys: [["wallet", "accounts"]],
  },
  {
    namespace: "payment:invoices",
    typePrefix: "invoice.",
    queryKeys: [
      ["payment", "invoices"],
      ["wallet", "accounts"],
    ],
  },
  {
    namespace: "notification:messenger",
    typePrefix: "notification.",
    queryKeys: [["notification", "messages"]],
  },
];

/** The query keys a publication invalidates under the rules. */
export function keysFor(
  rules: readonly QuerySyncRule[],
  channel: string,
  data: unknown,
): QueryKey[] {
  const namespace = namespaceOf(channel);
  const type = (data as { type?: unknown } | null)?.type;
  return rules
    .filter(
      (rule) =>
        rule.namespace === namespace &&
        (!rule.typePrefix || (typeof type === "string" && type.startsWith(rule.typePrefix))),
    )
    .flatMap((rule) => rule.queryKeys);
}

/** Installs the rules on a query client; returns the function that removes them. */
export function startRealtimeQuerySync(
  queryClient: QueryClient,
  rules: readonly QuerySyncRule[] = DEFAULT_QUERY_SYNC_RULES,
): () => void {
  const invalidate = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const stopPublications = onRealtimePublication((channel, data) =>
    invalidate(keysFor(rules, channel, data)),
  );
  const stopSubscribed = onRealtimeSubscribed((channel) =>
    invalidate(
      rules
        .filter((rule) => rule.namespace === namespaceOf(channel))
        .flatMap((rule) => rule.queryKeys),
    ),
  );
  return () => {
    stopPublications();
    stopSubscribed();
  };
}
