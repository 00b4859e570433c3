// The demo-game and mobile-game modals ask the game page to start a game: their views are lazy
// modal chunks, the page owns the launch, so a choice travels through this tiny channel.

export type LaunchRequest = { slug: string; mode: "real" | "demo" };
type Listener = (request: LaunchRequest) => void;

const listeners = new Set<Listener>();

export function requestLaunch(request: LaunchRequest): void {
  for (const listener of [...listeners]) listener(request);
}

export function onLaunchRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Below the spec's mobile breakpoint (768 px) a game opens through the mobile-game modal. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

export function isMobileViewport(): boolean {
  return typeof window !== "undefined" && window.matchMedia(MOBILE_QUERY).matches;
}
