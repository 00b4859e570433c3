// The back office's paths, in the address bar: /backoffice/players/{id} and so on. A click on a
// Link moves without a page load; back and forward work.
import { useEffect, useState } from "react";

export const BASE = "/backoffice";

const listeners = new Set<() => void>();

export function navigate(to: string): void {
  window.history.pushState(null, "", `${BASE}${to}`);
  for (const listener of listeners) listener();
}

const read = () => window.location.pathname.slice(BASE.length).replace(/\/+$/, "") || "/";

/** The path after /backoffice ("/players/…"; "/" for the start page). */
export function usePath(): string {
  const [path, setPath] = useState(read);
  useEffect(() => {
    const update = () => setPath(read());
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return path;
}
