// The book's own client-side routes under /sportsbook/app/. The path the book reports to the site
// (`location` message) and takes from it (`routeChange`) is the part after the base: "/live",
// "/football/england-premier-league", "/event/ev-1042", "/my-bets", "/console".
import { useSyncExternalStore } from "react";

export const BASE = "/sportsbook/app";
const listeners = new Set<(report: boolean) => void>();
let replaceOnly = false;

/**
 * Embedded in a site that keeps the book's path in its own URL: replace history entries rather
 * than add them, so that the browser's back and forward walk the site's history (the site sends
 * routeChange for them).
 */
export function setSiteHistory(on: boolean): void {
  replaceOnly = on;
}

/** The book path of the current page ("/sportsbook/console" is the console too). */
export function currentPath(): string {
  const pathname = window.location.pathname;
  if (pathname === "/sportsbook/console") return "/console";
  const inner = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const clean = `/${inner.replace(/^\/+|\/+$/g, "")}`;
  return clean;
}

export function hrefFor(path: string): string {
  return `${BASE}${path === "/" ? "/" : path}`;
}

/** Normalises a path from outside (the site's routeChange, the SDK's initialPath). */
export function safePath(path: string): string {
  const clean = `/${String(path)
    .replace(/[?#].*$/, "")
    .replace(/^\/+|\/+$/g, "")}`;
  return /^[\w\-/.]*$/.test(clean) && !clean.includes("..") ? clean : "/";
}

export function navigate(path: string, options: { replace?: boolean; report?: boolean } = {}) {
  const href = hrefFor(safePath(path));
  if (`${window.location.pathname}` !== href) {
    if (options.replace || replaceOnly) window.history.replaceState(null, "", href);
    else window.history.pushState(null, "", href);
  }
  window.scrollTo?.(0, 0);
  for (const listener of listeners) listener(options.report ?? true);
}

export function onNavigate(listener: (report: boolean) => void): () => void {
  listeners.add(listener);
  const pop = () => listener(true);
  window.addEventListener("popstate", pop);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", pop);
  };
}

export function usePath(): string {
  return useSyncExternalStore(
    (notify) => onNavigate(() => notify()),
    () => currentPath(),
  );
}
