// /profile/notifications (NT-03..NT-06): every message, newest first, 10 a page; read one, read
// all, delete; live: a new message refreshes the list (the header's subscription invalidates
// the shared NOTIFICATIONS_KEY).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ListLoading } from "../../components/loading/loading-placeholders";
import { useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import {
  deleteMessages,
  markAllRead,
  markRead,
  type Notification,
  notificationsQuery,
  notificationTexts,
  refreshNotifications,
} from "./notifications-api";
import "../../modals/modal.css";
import "./notifications.css";

export const NOTIFICATIONS_PER_PAGE = 10;

export function NotificationsSection() {
  const { t } = useSite();
  const client = useQueryClient();
  const alert = useAlert();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useQuery(notificationsQuery(page, NOTIFICATIONS_PER_PAGE));
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`global-components.notifications.${key}`, fallback, vars);
  const onSettled = () => refreshNotifications(client);
  const onError = () => alert("somethingWrong");
  const read = useMutation({ mutationFn: markRead, onSettled, onError });
  const readAll = useMutation({ mutationFn: markAllRead, onSettled, onError });
  const remove = useMutation({
    mutationFn: deleteMessages,
    onSettled,
    onError,
    onSuccess: () => {
      // The last item of a later page gone: show the page before.
      if (page > 1 && query.data?.data.length === 1) setPage(page - 1);
    },
  });

  const total = query.data?.meta.total ?? 0;
  const unread = query.data?.meta.totalUnread ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  const busy = read.isPending || remove.isPending || readAll.isPending;

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <div className="notifications-page__head">
        <h2 id={headingId} className="profile-card__title">
          {text("listTitle", "Your messages")}
        </h2>
        {query.data ? (
          <p className="notifications-page__count" role="status">
            {text("unreadSummary", "{count} unread", { count: unread })}
          </p>
        ) : null}
        <button
          type="button"
          className="modal-button modal-button--secondary"
          disabled={unread === 0 || busy}
          onClick={() => readAll.mutate()}
        >
          {text("readAll", "Mark all as read")}
        </button>
      </div>
      {query.isPending ? (
        <ListLoading label={t("global-components.pages.profile-info.loading", "Loading…")} />
      ) : query.isError ? (
        <p role="alert">{t("alerts.somethingWrong.title", "Something went wrong")}</p>
      ) : query.data.data.length === 0 ? (
        <p className="notifications-popover__empty">{text("empty", "No notifications yet.")}</p>
      ) : (
        <ul className="notifications-list notifications-list--page" aria-labelledby={headingId}>
          {query.data.data.map((item) => (
            <PageItem
              key={item.id}
              item={item}
              busy={busy}
              onRead={() => read.mutate([item.id])}
              onDelete={() => remove.mutate([item.id])}
            />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="profile-pager" aria-label={text("pages", "Pages")}>
          <button
            type="button"
            className="modal-button modal-button--secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {text("previous", "Previous")}
          </button>
          <span>{text("pageOf", "Page {page} of {pages}", { page, pages })}</span>
          <button
            type="button"
            className="modal-button modal-button--secondary"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {text("next", "Next")}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function PageItem({
  item,
  busy,
  onRead,
  onDelete,
}: {
  item: Notification;
  busy: boolean;
  onRead: () => void;
  onDelete: () => void;
}) {
  const { t, href, locale } = useSite();
  const { title, text } = notificationTexts(t, item);
  const isRead = item.state === 2;
  const label = (key: string, fallback: string) =>
    t(`global-components.notifications.${key}`, fallback, { title });
  let date = item.createdAt;
  try {
    date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(item.createdAt),
    );
  } catch {
    // An unknown locale: the ISO date.
  }
  return (
    <li
      className="notifications-list__item"
      data-state={isRead ? "read" : "unread"}
      aria-label={title}
    >
      <p className="notifications-list__title">
        {isRead ? null : <span className="notifications-list__dot" aria-hidden="true" />}
        {title}
      </p>
      <p className="notifications-list__text">{text}</p>
      <p className="notifications-list__meta">
        <time dateTime={item.createdAt}>{date}</time>
        <span className="notifications-list__state">
          {isRead ? label("read", "Read") : label("unread", "Unread")}
        </span>
        {item.link ? <Link to={href(item.link)}>{label("open", "Open")}</Link> : null}
        {isRead ? null : (
          <button
            type="button"
            className="notifications-list__action"
            disabled={busy}
            aria-label={label("markReadLabel", "Mark “{title}” as read")}
            onClick={onRead}
          >
            {label("markRead", "Mark as read")}
          </button>
        )}
        <button
          type="button"
          className="notifications-list__action"
          disabled={busy}
          aria-label={label("deleteLabel", "Delete “{title}”")}
          onClick={onDelete}
        >
          {label("delete", "Delete")}
        </button>
      </p>
    </li>
  );
}
