// The one post-login handling of spec §4 (SI-21), run by every sign-in path: login, e-mail and
// phone registration, social login and auto-login. It stores the session, tells the other tabs
// (changeSession login, SE-08), refreshes the cached server state for the player, loads the
// wallet accounts, and starts realtime subscriptions and the chat.
import type { QueryClient } from "@tanstack/react-query";
import { startChat } from "../chat/chat";
import { startRealtime } from "../realtime/realtime";
import { writeChangeSession } from "./change-session";
import { profileQuery, walletAccountsQuery } from "./player-queries";
import { type StoredTokens, tokenStore } from "./token-store";

export type SignedIn = StoredTokens & { profileId?: string };

export function completeSignIn(tokens: SignedIn, queryClient: QueryClient): void {
  // The session token is already in the HttpOnly cookie the sign-in answer set (ADR 0022).
  tokenStore.set({ accessToken: tokens.accessToken });
  writeChangeSession("login");
  void queryClient.invalidateQueries();
  // Quiet: GET /api/wallet/accounts answers 404 until the wallet issue lands.
  void queryClient.prefetchQuery(walletAccountsQuery);
  void queryClient.prefetchQuery(profileQuery);
  startRealtime(tokens.profileId ?? null);
  startChat();
}
