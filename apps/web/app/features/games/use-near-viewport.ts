import { type RefObject, useEffect, useState } from "react";

/** Spec §9 "Lazy-load margin 400px" (CN-04): content loads within 400 px of the viewport. */
export const LAZY_ROOT_MARGIN = "400px";

/**
 * True once the element comes within 400 px of the viewport (and stays true). Without
 * IntersectionObserver (old browsers) it is true at once, so nothing stays hidden.
 */
export function useNearViewport(ref: RefObject<Element | null>, enabled = true): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!enabled || near) return;
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, near]);
  return near;
}
