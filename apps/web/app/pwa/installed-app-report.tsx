import { useEffect } from "react";
import { apiRequest } from "../lib/api/api-client";
import { useSite } from "../lib/site";
import { useStandalone } from "./use-standalone";

const REPORTED_KEY = "pwaInstalledReported";

/**
 * The installed-app check (ST-04): with a session and the site running as an installed app,
 * report it once per session (and player) with `send`. Returns whether it reported.
 */
export function checkInstalledApp(
  state: { loggedIn: boolean; profileId: string | null | undefined; standalone: boolean },
  storage: Pick<Storage, "getItem" | "setItem">,
  send: () => Promise<unknown>,
): boolean {
  if (!state.loggedIn || !state.standalone) return false;
  const key = `${REPORTED_KEY}:${state.profileId ?? ""}`;
  if (storage.getItem(key)) return false;
  storage.setItem(key, "1");
  send().catch((error: unknown) => console.warn("Installed-app report failed", error));
  return true;
}

/**
 * ST-04..ST-06: when a signed-in player runs the site as an installed app (display-mode
 * standalone, also on switching to it), report it once per session with
 * PUT /api/player/profile {pwaInstalled: true}. A failure is only logged (ER-22).
 */
export function InstalledAppReport() {
  const { session } = useSite();
  const standalone = useStandalone();
  useEffect(() => {
    checkInstalledApp(
      { loggedIn: session.isLoggedIn, profileId: session.profileId, standalone },
      window.sessionStorage,
      () => apiRequest("/api/player/profile", { method: "PUT", body: { pwaInstalled: true } }),
    );
  }, [session.isLoggedIn, session.profileId, standalone]);
  return null;
}
