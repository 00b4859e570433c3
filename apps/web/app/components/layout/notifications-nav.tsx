import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import { useSite } from "../../lib/site";
import { BellIcon } from "../art/icons";
import { cx } from "../ui/cx";
import { useDismiss } from "./hooks";

// The badge (with the live subscription) and the panel load after the shell: the messenger's
// queries, realtime handling and texts are not part of the first load (the JavaScript budget).
const NotificationsBadge = lazy(() =>
  import("../../features/notifications/notifications-popover").then((module) => ({
    default: module.NotificationsBadge,
  })),
);
const NotificationsPanel = lazy(() =>
  import("../../features/notifications/notifications-popover").then((module) => ({
    default: module.NotificationsPanel,
  })),
);

/**
 * The header's notifications popover (players only): a bell with the unread count
 * (meta.totalUnread, NT-02) and, when open, the latest 3 messages (NT-01).
 */
export function NotificationsNav() {
  const { session, t } = useSite();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [panelRef], toggleRef);
  if (!session.isLoggedIn) return null;

  return (
    <div className="notifications-nav">
      <button
        ref={toggleRef}
        type="button"
        className={cx("icon-btn icon-btn--ghost notifications-nav__toggle", open && "is-open")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <BellIcon size={22} />
        <span className="visually-hidden">
          {t("global-components.notifications.title", "Notifications")}
        </span>
        <Suspense fallback={null}>
          <NotificationsBadge />
        </Suspense>
      </button>
      <section
        ref={panelRef}
        id={panelId}
        className="popover notifications-nav__panel"
        hidden={!open}
        aria-labelledby={titleId}
      >
        <p id={titleId} className="popover__title">
          {t("global-components.notifications.title", "Notifications")}
        </p>
        {open ? (
          <Suspense fallback={<div className="modal__loading" aria-busy="true" />}>
            <NotificationsPanel onNavigate={close} />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
