// The responsible-gambling limits' server calls (spec §7 "Player": /api/player/limits; the
// routes of packages/contract/src/limits.ts) as TanStack Query options and plain functions. The
// wallet reads the same query for its deposit-limit notice (LM-07, LM-08), so every change here
// invalidates LIMITS_KEY.
import type {
  CreateLimitBody,
  DepositRoom,
  PlayerLimit,
  UpdateLimitBody,
} from "@casino/contract/limits";
import type { QueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../lib/api/api-client";

export type { DepositRoom, PlayerLimit };

export const LIMITS_KEY = ["player", "limits"] as const;
/** The wallet's payment methods: deposit methods answer 13100 while a limit stops deposits. */
const METHODS_KEY = ["payment", "methods"] as const;

/** GET /api/player/limits (LM-01; ER-10 reloads them on code 13100); absent on this server → none. */
export const limitsQuery = {
  queryKey: LIMITS_KEY,
  queryFn: async (): Promise<PlayerLimit[]> => {
    try {
      const body = await apiRequest<{ data: PlayerLimit[] }>("/api/player/limits");
      return body.data ?? [];
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
  staleTime: 30_000,
};

/**
 * GET /api/player/limits/deposit-room?currency (issue 31): what the deposit limits leave for a
 * deposit in the currency (the wallet's max), and whether limits count every currency. Under
 * LIMITS_KEY, so every limit change reloads it; absent on this server → no limit.
 */
export function depositRoomQuery(currency: string) {
  return {
    queryKey: [...LIMITS_KEY, "deposit-room", currency] as const,
    queryFn: async (): Promise<DepositRoom | null> => {
      try {
        const body = await apiRequest<{ data: DepositRoom }>("/api/player/limits/deposit-room", {
          query: { currency },
        });
        return body.data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  };
}

const path = (limitId: string) => `/api/player/limits/${encodeURIComponent(limitId)}`;
const one = (body: { data: PlayerLimit }) => body.data;

/** POST /api/player/limits (LM-04): a cash limit, a cooling-off or a self-exclusion. */
export const createLimit = (body: CreateLimitBody) =>
  apiRequest<{ data: PlayerLimit }>("/api/player/limits", { method: "POST", body }).then(one);

/** PUT /api/player/limits/{limitId} (LM-05): stricter at once, otherwise pending for 24 h. */
export const updateLimit = (limitId: string, body: UpdateLimitBody) =>
  apiRequest<{ data: PlayerLimit }>(path(limitId), { method: "PUT", body }).then(one);

/** DELETE /api/player/limits/{limitId} (LM-06): asks to remove; the removal is pending for 24 h. */
export const removeLimit = (limitId: string) =>
  apiRequest<{ data: PlayerLimit } | undefined>(path(limitId), { method: "DELETE" });

/** PUT /api/player/limits/{limitId}/confirm: applies a pending change that is due. */
export const confirmPending = (limitId: string) =>
  apiRequest<{ data: PlayerLimit | null }>(`${path(limitId)}/confirm`, { method: "PUT" });

/** DELETE /api/player/limits/{limitId}/pending: drops a pending change and keeps the limit. */
export const dropPending = (limitId: string) =>
  apiRequest<{ data: PlayerLimit } | undefined>(`${path(limitId)}/pending`, { method: "DELETE" });

/** After any change: the limits page and the wallet's deposit notice and methods reload. */
export function limitsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: LIMITS_KEY }),
    client.invalidateQueries({ queryKey: METHODS_KEY }),
  ]);
}
