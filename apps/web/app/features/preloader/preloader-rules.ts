/** RT-35: after dismissal the preloader hides at 500 ms and leaves the DOM at 1000 ms. */
export const PRELOADER_HIDE_MS = 500;
export const PRELOADER_REMOVE_MS = 1000;

/** A route handle may keep the preloader up on first load (auth routes finish the login first). */
export type PreloaderHandle = { keepPreloader?: (search: URLSearchParams) => boolean };

/** RT-36, RT-37: whether the deepest route with an opinion keeps the preloader. */
export function keepsPreloader(handles: readonly unknown[], search: string): boolean {
  const params = new URLSearchParams(search);
  for (const handle of [...handles].reverse()) {
    const keep = (handle as PreloaderHandle | undefined)?.keepPreloader;
    if (typeof keep === "function") return keep(params);
  }
  return false;
}

/** Event that dismisses a kept preloader (fired by the auth routes when they are done). */
export const PRELOADER_RELEASE_EVENT = "preloader:release";

export function releasePreloader(): void {
  window.dispatchEvent(new Event(PRELOADER_RELEASE_EVENT));
}
