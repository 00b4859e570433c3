import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches } from "react-router";
import {
  keepsPreloader,
  PRELOADER_HIDE_MS,
  PRELOADER_RELEASE_EVENT,
  PRELOADER_REMOVE_MS,
} from "./preloader-rules";
import "./preloader.css";

type Phase = "shown" | "hiding" | "removed";

/**
 * The page preloader (RT-34..RT-37). Rendered by SSR over the page; dismissed once the window
 * has loaded and React has hydrated: it gets `preloader--hidden` after 500 ms and leaves the DOM
 * 500 ms after that (1000 ms after dismissal on an idle main thread). Routes whose handle keeps it (auto-login with `state`, social callback) wait for
 * releasePreloader(). Without JavaScript a <noscript> style hides it.
 */
export function Preloader({ label }: { label: string }) {
  const [phase, setPhase] = useState<Phase>("shown");
  const location = useLocation();
  const matches = useMatches();
  const keep = keepsPreloader(
    matches.map((match) => match.handle),
    location.search,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    // Once started, the hide timer (and after it the remove timer) runs to the end whatever
    // re-renders happen.
    const dismiss = () => {
      if (started.current) return;
      started.current = true;
      window.setTimeout(() => setPhase("hiding"), PRELOADER_HIDE_MS);
    };
    const onLoad = () => {
      if (!keep) dismiss();
    };
    window.addEventListener(PRELOADER_RELEASE_EVENT, dismiss);
    if (document.readyState === "complete") onLoad();
    else window.addEventListener("load", onLoad, { once: true });
    return () => {
      window.removeEventListener(PRELOADER_RELEASE_EVENT, dismiss);
      window.removeEventListener("load", onLoad);
    };
  }, [keep]);

  // The remove timer starts when the hidden state is on screen, so the fade always gets its full
  // time even when a busy main thread ran the hide timer late.
  useEffect(() => {
    if (phase !== "hiding") return;
    const timer = window.setTimeout(
      () => setPhase("removed"),
      PRELOADER_REMOVE_MS - PRELOADER_HIDE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === "removed") return null;
  return (
    <div
      id="preloader"
      data-preloader=""
      data-state={phase === "hiding" ? "hidden" : "visible"}
      className={phase === "hiding" ? "preloader preloader--hidden" : "preloader"}
      role="progressbar"
      aria-label={label}
      aria-busy="true"
    >
      <svg
        className="preloader__mark"
        viewBox="0 0 64 64"
        width="64"
        height="64"
        aria-hidden="true"
      >
        <circle
          cx="32"
          cy="32"
          r="26"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="6"
        />
        <path
          d="M32 6a26 26 0 0 1 26 26"
          fill="none"
          stroke="currentColor"
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
