// The retention calls (spec §7 Retention; packages/contract/src/retention.ts) as TanStack Query
// options. Types only from the contract: no zod reaches the browser.
import type {
  LoyaltyAccount,
  LoyaltyEarnRule,
  LoyaltyLevel,
  PlayerQuest,
  Quest,
  QuestReward,
  QuestTask,
} from "@casino/contract/retention";
import { apiRequest } from "../../lib/api/api-client";
import { WALLET_ACCOUNTS_KEY, walletAccountsQuery } from "../../lib/session/player-queries";

export type {
  LoyaltyAccount,
  LoyaltyEarnRule,
  LoyaltyLevel,
  PlayerQuest,
  Quest,
  QuestReward,
  QuestTask,
};

export const QUESTS_KEY = ["retention", "quests"] as const;
export const PLAYER_QUESTS_KEY = ["retention", "player-quests"] as const;
export const LOYALTY_ACCOUNT_KEY = ["retention", "account"] as const;
export const LOYALTY_LEVELS_KEY = ["retention", "levels"] as const;

/**
 * GET /api/retention/quests?currency= (QS-01): the quests available now in the player's active
 * currency, with the player's run of each.
 */
export function questsQuery(currency: string | null) {
  return {
    queryKey: [...QUESTS_KEY, currency] as const,
    queryFn: () =>
      apiRequest<{ data: Quest[] }>("/api/retention/quests", { query: { currency } }).then(
        (body) => body.data,
      ),
    staleTime: 30_000,
  };
}

/** GET /api/retention/player-quests?state[]=2&currency= (QS-02): the active runs. */
export function activePlayerQuestsQuery(currency: string | null) {
  return {
    queryKey: [...PLAYER_QUESTS_KEY, 2, currency] as const,
    queryFn: () =>
      apiRequest<{ data: PlayerQuest[] }>("/api/retention/player-quests", {
        query: { state: [2], currency },
      }).then((body) => body.data),
    staleTime: 30_000,
  };
}

/** PUT /api/retention/quests/{id}/activate (QS-03). */
export function activateQuest(id: string): Promise<PlayerQuest> {
  return apiRequest<{ data: PlayerQuest }>(
    `/api/retention/quests/${encodeURIComponent(id)}/activate`,
    { method: "PUT" },
  ).then((body) => body.data);
}

/** PUT /api/retention/player-quests/{id}/cancel (QS-04). */
export function cancelPlayerQuest(id: string): Promise<PlayerQuest> {
  return apiRequest<{ data: PlayerQuest }>(
    `/api/retention/player-quests/${encodeURIComponent(id)}/cancel`,
    { method: "PUT" },
  ).then((body) => body.data);
}

/** GET /api/retention/account (LY-01). */
export const loyaltyAccountQuery = {
  queryKey: LOYALTY_ACCOUNT_KEY,
  queryFn: () =>
    apiRequest<{ data: LoyaltyAccount }>("/api/retention/account").then((body) => body.data),
  staleTime: 30_000,
};

/** GET /api/retention/levels (LY-02): the levels in order, and how points are earned. */
export const loyaltyLevelsQuery = {
  queryKey: LOYALTY_LEVELS_KEY,
  queryFn: () =>
    apiRequest<{ data: LoyaltyLevel[]; meta: { earnRules: LoyaltyEarnRule[] } }>(
      "/api/retention/levels",
    ),
  staleTime: 5 * 60_000,
};

/** The player's active wallet currency (the quests hub filters player quests by it). */
export const activeCurrencyQuery = {
  ...walletAccountsQuery,
  queryKey: WALLET_ACCOUNTS_KEY,
  select: (list: unknown[]) =>
    ((list as { status?: number; currency?: string }[]).find((item) => item.status === 1)
      ?.currency ?? null) as string | null,
};

/** The major-unit progress of a task as a share of its quantity, 0..1. */
export function taskShare(task: Pick<QuestTask, "progress" | "quantity">): number {
  const quantity = Number(task.quantity);
  if (!(quantity > 0)) return 0;
  return Math.min(1, Math.max(0, Number(task.progress) / quantity));
}
