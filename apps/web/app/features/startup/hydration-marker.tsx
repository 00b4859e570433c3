import { useEffect } from "react";

/** Marks the end of hydration for scripts and browser tests: <html data-hydrated="true">. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
