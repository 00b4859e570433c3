// Queries of the signed-in player shared by start-up, post-login handling and the profile pages.
import type { Profile } from "@casino/contract/player";
import { apiRequest } from "../api/api-client";

export const PROFILE_KEY = ["player", "profile"] as const;
export const WALLET_ACCOUNTS_KEY = ["wallet", "accounts"] as const;

/** GET /api/player/profile (ST-07). */
export const profileQuery = {
  queryKey: PROFILE_KEY,
  queryFn: () => apiRequest<{ data: Profile }>("/api/player/profile").then((body) => body.data),
  staleTime: 60_000,
};

/** GET /api/wallet/accounts (SI-21). The wallet arrives in a later issue: failures are quiet. */
export const walletAccountsQuery = {
  queryKey: WALLET_ACCOUNTS_KEY,
  queryFn: () =>
    apiRequest<{ data: unknown[] }>("/api/wallet/accounts").then((body) => body.data ?? []),
  staleTime: 30_000,
};
