// The header popover's lazy part (components/layout/notifications-nav.tsx): the unread badge
// with the live subscription, and the panel with the latest 3 messages (NT-01, NT-02).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { useNotificationLiveUpdates } from "./live-updates";
import {
  markAllRead,
  markRead,
  type Notification,
  notificationTexts,
  popoverQuery,
  refreshNotifications,
} from "./notifications-api";
// "Mark all as read" is a modal-button like the site's other buttons; modal.css is otherwise
// loaded only with a modal, so on a page without one the button showed unstyled.
import "../../modals/modal.css";
import "./notifications.css";

function usePopoverMessages() {
  const { session } = useSite();
  return useQuery({ ...popoverQuery, enabled: session.isLoggedIn });
}

/** The unread count on the bell (meta.totalUnread of the popover call); nothing at zero. */
export function NotificationsBadge() {
  const { t } = useSite();
  useNotificationLiveUpdates();
  const unread = usePopoverMessages().data?.meta.totalUnread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="notifications-nav__badge" data-unread={unread}>
      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
      <span className="visually-hidden">
        {t("global-components.notifications.unreadCount", ", {count} unread", { count: unread })}
      </span>
    </span>
  );
}

export function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t, href } = useSite();
  const client = useQueryClient();
  const alert = useAlert();
  const query = usePopoverMessages();
  const text = (key: string, fallback: string) =>
    t(`global-components.notifications.${key}`, fallback);
  const read = useMutation({
    mutationFn: (ids: string[]) => markRead(ids),
    onSettled: () => refreshNotifications(client),
    onError: () => alert("somethingWrong"),
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSettled: () => refreshNotifications(client),
    onError: () => alert("somethingWrong"),
  });

  if (query.isPending) return <div className="modal__loading" aria-busy="true" />;
  if (query.isError) {
    return <p role="alert">{t("alerts.somethingWrong.title", "Something went wrong")}</p>;
  }
  const list = query.data.data;
  const unread = query.data.meta.totalUnread;
  return (
    <div className="notifications-popover">
      {list.length === 0 ? (
        <p className="notifications-popover__empty">{text("empty", "No notifications yet.")}</p>
      ) : (
        <ul className="notifications-list" aria-label={text("latest", "Latest notifications")}>
          {list.map((item) => (
            <PopoverItem
              key={item.id}
              item={item}
              busy={read.isPending}
              onRead={() => read.mutate([item.id])}
            />
          ))}
        </ul>
      )}
      <div className="notifications-popover__actions">
        {unread > 0 ? (
          <button
            type="button"
            className="modal-button modal-button--secondary"
            disabled={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {text("readAll", "Mark all as read")}
          </button>
        ) : null}
        <Link
          className="notifications-popover__all"
          to={href("/profile/notifications")}
          onClick={onNavigate}
        >
          {text("seeAll", "All notifications")}
        </Link>
      </div>
    </div>
  );
}

function PopoverItem({
  item,
  busy,
  onRead,
}: {
  item: Notification;
  busy: boolean;
  onRead: () => void;
}) {
  const { t } = useSite();
  const { title, text } = notificationTexts(t, item);
  const isRead = item.state === 2;
  return (
    <li className="notifications-list__item" data-state={isRead ? "read" : "unread"}>
      <p className="notifications-list__title">
        {isRead ? null : <span className="notifications-list__dot" aria-hidden="true" />}
        {title}
      </p>
      <p className="notifications-list__text">{text}</p>
      <p className="notifications-list__meta">
        {isRead ? (
          <span>{t("global-components.notifications.read", "Read")}</span>
        ) : (
          <button
            type="button"
            className="notifications-list__action"
            disabled={busy}
            aria-label={t(
              "global-components.notifications.markReadLabel",
              "Mark “{title}” as read",
              {
                title,
              },
            )}
            onClick={onRead}
          >
            {t("global-components.notifications.markRead", "Mark as read")}
          </button>
        )}
      </p>
    </li>
  );
}
