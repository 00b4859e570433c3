// The browser's refresh flow (refresh.ts has the rules): POST /api/player/sessions/refresh with
// the session token as bearer, the new tokens stored in the cookies; one refresh at a time per
// tab, coordinated with the other tabs through localStorage.
import { ensureFreshToken, singleFlight } from "./refresh";
import { tokenStore } from "./token-store";

export const REFRESH_PATH = "/api/player/sessions/refresh";

async function refreshTokens(): Promise<string> {
  const sessionToken = tokenStore.getSessionToken();
  if (!sessionToken) throw new Error("No session token");
  const response = await fetch(REFRESH_PATH, {
    method: "POST",
    headers: { authorization: `Bearer ${sessionToken}`, accept: "application/json" },
    credentials: "omit",
  });
  if (!response.ok) throw new Error(`Refresh refused: ${response.status}`);
  const body = (await response.json()) as {
    data: { accessToken: string; sessionToken: string };
  };
  tokenStore.set(body.data);
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
