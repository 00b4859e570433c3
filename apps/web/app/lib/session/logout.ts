// Logout (SE-07): POST /api/player/sessions/logout, which ends the session and clears its
// HttpOnly cookie, then the session cleared here and in the other tabs (changeSession logout) and
// the locale home.
import type { QueryClient } from "@tanstack/react-query";
import { stopRealtime } from "../realtime/realtime";
import { writeChangeSession } from "./change-session";
import { tokenStore } from "./token-store";

/**
 * Signs out. The server ends the session first (and clears its HttpOnly cookie); only then is the
 * session cleared here and in the other tabs and `signedOut` run (the caller goes home). In the
 * other order the navigation's data request, sent with the session cookie still set, made the
 * server render a fresh access token and signed the page in again (ADR 0022). Meanwhile the
 * Log out button stays busy, so the page never offers "Sign in" while a navigation is to come.
 */
export async function logout(queryClient: QueryClient, signedOut?: () => void): Promise<void> {
  // The access token as it is, expired or not (the server takes an expired one to end its
  // session), and the session cookie, which the server also ends and clears. With the token given
  // explicitly: a 401 here must not reopen sign-in. A failed call still signs out here.
  const token = tokenStore.get();
  await fetch("/api/player/sessions/logout", {
    method: "POST",
    headers: {
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    credentials: "same-origin",
  }).catch(() => undefined);
  tokenStore.clear();
  writeChangeSession("logout");
  stopRealtime();
  queryClient.removeQueries({ queryKey: ["player"] });
  queryClient.removeQueries({ queryKey: ["wallet"] });
  signedOut?.();
}
