// ER-24: a chunk that fails to load (a new deployment removed it) reloads the page. A reload
// within 10 s of the previous one is not repeated, so a broken deployment cannot loop.
const GUARD_KEY = "chunk-reload-at";
const GUARD_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message =
    reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return CHUNK_ERROR.test(message);
}

/** Whether a reload may happen now (not within GUARD_MS of the last one). */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > GUARD_MS;
}

export function reloadForNewChunks(): boolean {
  let last: number | null = null;
  try {
    const stored = window.sessionStorage.getItem(GUARD_KEY);
    last = stored ? Number(stored) : null;
  } catch {
    // storage unavailable: still reload once
  }
  if (!mayReload(last, Date.now())) return false;
  try {
    window.sessionStorage.setItem(GUARD_KEY, String(Date.now()));
  } catch {
    // ignore
  }
  window.location.reload();
  return true;
}

/** Installs the listeners once; returns the uninstaller. */
export function installChunkReload(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForNewChunks()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadForNewChunks()) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
