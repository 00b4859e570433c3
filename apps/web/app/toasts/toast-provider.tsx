import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useSite } from "../lib/site";
import { ToastContext } from "./toast-context";
import { delayBeforeNextToast, TOAST_ANIMATION_MS, TOAST_DURATION_MS } from "./toast-timing";
import type { Toast, ToastApi, ToastInput } from "./toast-types";
import "./toasts.css";

let nextId = 1;

/**
 * Toasts (AL-03..AL-07): a queue that lets toasts appear at least 400 ms apart; each stays
 * 3000 ms by default and animates in and out in 300 ms. The region is an aria-live landmark
 * named "Notifications" that stays outside modal aria-hiding; errors are role="alert", the others
 * role="status".
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useSite();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const queue = useRef<ToastInput[]>([]);
  const lastShownAt = useRef<number | null>(null);
  const pumpTimer = useRef<number | null>(null);
  const timers = useRef(new Set<number>());

  const later = useCallback((fn: () => void, ms: number) => {
    const id = window.setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((list) =>
        list.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)),
      );
      later(() => setToasts((list) => list.filter((toast) => toast.id !== id)), TOAST_ANIMATION_MS);
    },
    [later],
  );

  const pump = useCallback(() => {
    if (pumpTimer.current !== null) return;
    const step = () => {
      pumpTimer.current = null;
      const next = queue.current[0];
      if (!next) return;
      const wait = delayBeforeNextToast(lastShownAt.current, Date.now());
      if (wait > 0) {
        pumpTimer.current = window.setTimeout(step, wait);
        return;
      }
      queue.current.shift();
      lastShownAt.current = Date.now();
      const id = nextId++;
      setToasts((list) => [...list, { ...next, id, leaving: false }]);
      later(() => dismiss(id), next.duration ?? TOAST_DURATION_MS);
      if (queue.current.length > 0) step();
    };
    step();
  }, [dismiss, later]);

  const show = useCallback(
    (toast: ToastInput) => {
      queue.current.push(toast);
      pump();
    },
    [pump],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const id of pending) window.clearTimeout(id);
      if (pumpTimer.current !== null) window.clearTimeout(pumpTimer.current);
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);
  const dismissLabel = t("global-components.toasts.dismiss", "Dismiss notification");

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        className="toasts"
        aria-label={t("global-components.toasts.label", "Notifications")}
        aria-live="polite"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast--${toast.type}${toast.leaving ? " toast--leaving" : ""}`}
            role={toast.type === "error" ? "alert" : "status"}
            aria-atomic="true"
            data-toast-type={toast.type}
          >
            {toast.image ? (
              <img
                className="toast__image"
                src={toast.image.src}
                alt={toast.image.alt}
                width={48}
                height={48}
              />
            ) : null}
            <div className="toast__text">
              <p className="toast__title">{toast.title}</p>
              {toast.description ? <p className="toast__description">{toast.description}</p> : null}
              {toast.link ? (
                <Link className="toast__link" to={toast.link.to}>
                  {toast.link.label}
                </Link>
              ) : null}
            </div>
            <button
              type="button"
              className="toast__close"
              aria-label={dismissLabel}
              onClick={() => dismiss(toast.id)}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}
