import { type RefObject, useCallback, useEffect, useState, useSyncExternalStore } from "react";

/** The id of <main>, the skip link's target. */
export const MAIN_ID = "main-content";

/** The mobile breakpoint of spec §9: below it the drawer is an overlay. */
export const DESKTOP_QUERY = "(min-width: 768px)";

/** localStorage key of the compact-drawer flag ("true" or "false"). */
export const DRAWER_COMPACT_KEY = "drawerCompact";

/** Class set on <body> while something holds the scroll lock (computed overflow: hidden). */
export const SCROLL_LOCK_CLASS = "scroll-locked";

/** Whether a media query matches; false during SSR and the first (hydrating) render. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

// Several holders (user nav, drawer, ...) may lock at once; the class goes when the last lets go.
let scrollLocks = 0;

/** Locks page scrolling while `active` is true, by a class on <body>. */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    scrollLocks += 1;
    document.body.classList.add(SCROLL_LOCK_CLASS);
    return () => {
      scrollLocks -= 1;
      if (scrollLocks === 0) document.body.classList.remove(SCROLL_LOCK_CLASS);
    };
  }, [active]);
}

/**
 * Closes a popover on Escape (focus returns to its toggle) and on a pointer press outside
 * both the popover and its toggle.
 */
export function useDismiss(
  open: boolean,
  onClose: () => void,
  refs: RefObject<HTMLElement | null>[],
  toggle: RefObject<HTMLElement | null>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are stable ref objects passed in a fresh array each render; re-subscribing on every render would be wasteful.
  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && [...refs, toggle].some((r) => r.current?.contains(target) ?? false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      onClose();
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!inside(e.target)) onClose();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, onClose, toggle]);
}

/**
 * The compact flag of the desktop drawer, kept in localStorage. It is read in an effect
 * (never during render) so the server HTML and the first client render agree; `restored`
 * turns true once it has been read, and the layout enables width transitions only then, so
 * a restored compact drawer does not animate on load.
 */
export function useDrawerCompact(): {
  compact: boolean;
  restored: boolean;
  setCompact: (value: boolean) => void;
} {
  const [compact, setState] = useState(false);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    try {
      setState(window.localStorage.getItem(DRAWER_COMPACT_KEY) === "true");
    } catch {
      // Storage may be unavailable (private mode, disabled): keep the default.
    }
    setRestored(true);
  }, []);
  const setCompact = useCallback((value: boolean) => {
    setState(value);
    try {
      window.localStorage.setItem(DRAWER_COMPACT_KEY, String(value));
    } catch {
      // Not persisted; the choice still applies to this page view.
    }
  }, []);
  return { compact, restored, setCompact };
}
