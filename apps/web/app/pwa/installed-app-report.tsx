import { useEffect } from "react";
import { apiRequest } from "../lib/api/api-client";
import { useSite } from "../lib/site";
import { useStandalone } from "./use-standalone";

const REPORTED_KEY = "pwaInstalledReported";

/**
 * ST-04..ST-06: when a signed-in player runs the site as an installed app (display-mode
 * standalone, also on switching to it), report it once per session with
 * PUT /api/player/profile {pwaInstalled: true}. A failure is only logged (ER-22).
 */
export function InstalledAppReport() {
  const { session } = useSite();
  const standalone = useStandalone();
  useEffect(() => {
    if (!session.isLoggedIn || !standalone) return;
    const key = `${REPORTED_KEY}:${session.profileId ?? ""}`;
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, "1");
    apiRequest("/api/player/profile", { method: "PUT", body: { pwaInstalled: true } }).catch(
      (error: unknown) => console.warn("Installed-app report failed", error),
    );
  }, [session.isLoggedIn, session.profileId, standalone]);
  return null;
}
