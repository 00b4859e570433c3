import { useSyncExternalStore } from "react";

const QUERY = "(display-mode: standalone)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** Whether the site runs as an installed app (display-mode standalone, or iOS home screen). */
export function isStandalone(): boolean {
  const nav = window.navigator as Navigator & { standalone?: boolean };
  return window.matchMedia(QUERY).matches || nav.standalone === true;
}

/** Installed-app mode, live (ST-04, ST-06); false during SSR. */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandalone, () => false);
}
