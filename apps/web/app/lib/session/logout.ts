// Logout (SE-07): POST /api/player/sessions/logout, the session cleared here and in the other
// tabs (changeSession logout), then the locale home.
import type { QueryClient } from "@tanstack/react-query";
import { currentBearerToken } from "../api/api-client";
import { stopRealtime } from "../realtime/realtime";
import { writeChangeSession } from "./change-session";
import { tokenStore } from "./token-store";

export async function logout(queryClient: QueryClient): Promise<void> {
  let token: string | null = null;
  try {
    token = await currentBearerToken();
  } catch {
    token = null;
  }
  tokenStore.clear();
  writeChangeSession("logout");
  stopRealtime();
  if (token) {
    // With the token given explicitly: a 401 here must not reopen sign-in.
    await fetch("/api/player/sessions/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      credentials: "omit",
    }).catch(() => undefined);
  }
  queryClient.removeQueries({ queryKey: ["player"] });
  queryClient.removeQueries({ queryKey: ["wallet"] });
}
