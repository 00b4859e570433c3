/**
 * A route handle may opt out of scrolling to the top on navigation (RT-31): `false`, or a
 * function of the previous and next pathnames.
 */
export type ScrollHandle = { scrollToTop?: boolean | ((from: string, to: string) => boolean) };

/** Whether the deepest route with an opinion wants the page scrolled to the top. */
export function wantsScrollToTop(handles: readonly unknown[], from: string, to: string): boolean {
  for (const handle of [...handles].reverse()) {
    const value = (handle as ScrollHandle | undefined)?.scrollToTop;
    if (typeof value === "boolean") return value;
    if (typeof value === "function") return value(from, to);
  }
  return true;
}

/** The element id a URL hash points at ("#faq-2" → "faq-2"), or null. */
export function hashTarget(hash: string): string | null {
  if (!hash || hash === "#") return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
