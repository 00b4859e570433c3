// The browser's refresh flow (refresh.ts has the rules): POST /api/player/sessions/refresh with
// the HttpOnly session cookie (ADR 0022: the server reads it, rotates it and sets the new one),
// the new access token stored in its cookie; one refresh at a time per tab, coordinated with the
// other tabs through localStorage.
import { ensureFreshToken, singleFlight } from "./refresh";
import { tokenStore } from "./token-store";

export const REFRESH_PATH = "/api/player/sessions/refresh";

async function refreshTokens(): Promise<string> {
  const response = await fetch(REFRESH_PATH, {
    method: "POST",
    headers: { accept: "application/json" },
    // Same-origin only: the session cookie goes with it, and the rotated one comes back.
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`Refresh refused: ${response.status}`);
  const body = (await response.json()) as { data: { accessToken: string } };
  tokenStore.set({ accessToken: body.data.accessToken });
  return body.data.accessToken;
}

/** The refreshed access token (SE-02..SE-04); throws RefreshFailed when it cannot be had (SE-05). */
export const refreshAccessToken = singleFlight(() =>
  ensureFreshToken({
    storage: window.localStorage,
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    readToken: tokenStore.get,
    refresh: refreshTokens,
  }),
);
