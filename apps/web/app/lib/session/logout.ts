// Logout (SE-07): the session cleared here and in the other tabs (changeSession logout), the
// locale home, then POST /api/player/sessions/logout, which ends the session and clears its
// HttpOnly cookie.
import type { QueryClient } from "@tanstack/react-query";
import { stopRealtime } from "../realtime/realtime";
import { writeChangeSession } from "./change-session";
import { tokenStore } from "./token-store";

/**
 * Signs out. `signedOut` runs once the session is gone here (the caller goes home), before the
 * server is told: the page must not offer "Sign in" while a navigation is still to come, or a
 * sign-in dialog opened in between would be closed by it.
 */
export async function logout(queryClient: QueryClient, signedOut?: () => void): Promise<void> {
  // The access token as it is, expired or not (the server takes an expired one to end its
  // session), and the session cookie, which the server also ends and clears.
  const token = tokenStore.get();
  tokenStore.clear();
  writeChangeSession("logout");
  stopRealtime();
  queryClient.removeQueries({ queryKey: ["player"] });
  queryClient.removeQueries({ queryKey: ["wallet"] });
  signedOut?.();
  // With the token given explicitly: a 401 here must not reopen sign-in.
  await fetch("/api/player/sessions/logout", {
    method: "POST",
    headers: {
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    credentials: "same-origin",
  }).catch(() => undefined);
}
