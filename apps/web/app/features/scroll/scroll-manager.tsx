import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useMatches, useNavigationType } from "react-router";
import { hashTarget, wantsScrollToTop } from "./scroll-rules";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * Scrolling on navigation (RT-31, RT-32): a hash scrolls to its element; back/forward restores
 * the position the page had; any other move to a new path scrolls to the top unless the route's
 * handle says `scrollToTop: false`. Query-only changes (modals) never scroll.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const positions = useRef(new Map<string, number>());
  const previous = useRef<{ key: string; pathname: string; hash: string } | null>(null);
  const handles = matches.map((match) => match.handle);

  const currentKey = useRef(location.key);
  const handlesRef = useRef(handles);
  handlesRef.current = handles;

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const save = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener("scroll", save, { passive: true });
    return () => window.removeEventListener("scroll", save);
  }, []);

  useIsomorphicLayoutEffect(() => {
    const before = previous.current;
    currentKey.current = location.key;
    previous.current = { key: location.key, pathname: location.pathname, hash: location.hash };
    const id = hashTarget(location.hash);
    if (!before) {
      // First render: the browser already honours the hash of the server-rendered page.
      if (id) document.getElementById(id)?.scrollIntoView();
      return;
    }
    if (before.pathname === location.pathname && before.hash === location.hash) return;
    if (id) {
      document.getElementById(id)?.scrollIntoView();
      return;
    }
    if (navigationType === "POP") {
      window.scrollTo(0, positions.current.get(location.key) ?? 0);
      return;
    }
    if (wantsScrollToTop(handlesRef.current, before.pathname, location.pathname))
      window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
