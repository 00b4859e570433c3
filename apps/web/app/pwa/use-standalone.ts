import { useSyncExternalStore } from "react";

export const STANDALONE_QUERY = "(display-mode: standalone)";

export function subscribeStandalone(onChange: () => void): () => void {
  const media = window.matchMedia(STANDALONE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether the site runs as an installed app (display-mode standalone, or iOS home screen). */
export function isStandalone(): boolean {
  const nav = window.navigator as Navigator & { standalone?: boolean };
  return window.matchMedia(STANDALONE_QUERY).matches || nav.standalone === true;
}

/** Installed-app mode, live (ST-04, ST-06); false during SSR. */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribeStandalone, isStandalone, () => false);
}
