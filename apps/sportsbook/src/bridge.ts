// The book's side of the SDK contract (docs/sportsbook.md): the launch parameters the SDK put in
// the iframe's query, and the postMessage relay to the site, which posts only to the site's
// origin and accepts only the site's window.

export type Theme = "dark" | "light";

export interface Launch {
  cid: string;
  token: string | null;
  lang: string;
  theme: Theme;
  /** The embedding site's origin, or null when the book runs on its own page. */
  parentOrigin: string | null;
  loginUrl: string | null;
  styles: string | null;
  initialPath: string | null;
  /** The site mirrors the book's path in its URL (allowParentUrlUpdate): its history is the one. */
  syncUrl: boolean;
}

const STORAGE_KEY = "sportsbook.launch";

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** Reads the query the SDK built; kept for the tab so that a reload inside the iframe keeps it. */
export function readLaunch(): Launch {
  const query = new URLSearchParams(window.location.search);
  if (!query.has("cid") && !query.has("lang") && !query.has("token")) {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved) {
      try {
        return { ...(JSON.parse(saved) as Launch), initialPath: null };
      } catch {
        // fall through to the defaults
      }
    }
  }
  const embedded = window.parent !== window;
  // The browser's own word for who embeds us wins over the query (Chromium, Safari).
  const ancestor = window.location.ancestorOrigins?.[0] ?? null;
  const launch: Launch = {
    cid: query.get("cid") ?? "sandbox",
    token: query.get("token") || null,
    lang: query.get("lang") || "en",
    theme: query.get("theme") === "light" ? "light" : "dark",
    parentOrigin: embedded
      ? (originOf(ancestor) ?? originOf(query.get("origin")) ?? originOf(document.referrer))
      : null,
    loginUrl: query.get("loginUrl"),
    styles: query.get("styles"),
    initialPath: query.get("path"),
    syncUrl: embedded && query.get("syncUrl") === "1",
  };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(launch));
  } catch {
    // storage may be off in a third-party iframe: the query is enough for this page
  }
  return launch;
}

export type BookMessage =
  | { type: "ready" }
  | { type: "location"; path: string }
  | { type: "login" }
  | { type: "balance" }
  | { type: "error"; code: number; message?: string };

export function postToSite(launch: Launch, message: BookMessage): void {
  if (!launch.parentOrigin || window.parent === window) return;
  window.parent.postMessage({ source: "sportsbook", ...message }, launch.parentOrigin);
}

/** Calls `onRoute` for each `routeChange` the site sends; returns the unsubscribe. */
export function listenToSite(launch: Launch, onRoute: (path: string) => void): () => void {
  const handler = (event: MessageEvent) => {
    if (!launch.parentOrigin || event.origin !== launch.parentOrigin) return;
    if (event.source !== window.parent) return;
    const data = event.data as { source?: unknown; type?: unknown; path?: unknown } | null;
    if (data?.source !== "sportsbook-host") return;
    if (data.type === "routeChange" && typeof data.path === "string") onRoute(data.path);
  };
  window.addEventListener("message", handler);
  return () => window.removeEventListener("message", handler);
}

/** A guest pressed a price or Place bet: the site signs them in (or the book opens loginUrl). */
export function askToSignIn(launch: Launch): void {
  if (launch.loginUrl) {
    window.open(launch.loginUrl, "_top");
    return;
  }
  postToSite(launch, { type: "login" });
}
