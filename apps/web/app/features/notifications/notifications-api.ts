// The messenger's calls (spec §7 "Retention and notifications", NT-01..NT-05) and their
// TanStack Query keys. Every list query sits under NOTIFICATIONS_KEY, so one invalidation
// refreshes the header popover, its badge and /profile/notifications together.
import type { Notification, NotificationList } from "@casino/contract/notification";
import { NOTIFICATION_POPOVER_SIZE } from "@casino/contract/notification-rules";
import type { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api/api-client";

export type { Notification, NotificationList };

export const NOTIFICATIONS_KEY = ["notification", "messages"] as const;
const MESSAGES = "/api/notification/messenger/messages";

/** GET .../messages?page&perPage: newest first, meta.totalUnread over all pages. */
export function notificationsQuery(page: number, perPage: number) {
  return {
    queryKey: [...NOTIFICATIONS_KEY, page, perPage] as const,
    queryFn: () => apiRequest<NotificationList>(MESSAGES, { query: { page, perPage } }),
  };
}

/** The header popover's call: page 1, perPage 3 (NT-01); its meta gives the badge (NT-02). */
export const popoverQuery = notificationsQuery(1, NOTIFICATION_POPOVER_SIZE);

/** POST .../messages/read {messageIds} (NT-03). */
export function markRead(messageIds: string[]) {
  return apiRequest(`${MESSAGES}/read`, { method: "POST", body: { messageIds } });
}

/** POST .../messages/read/all (NT-05). */
export function markAllRead() {
  return apiRequest(`${MESSAGES}/read/all`, { method: "POST" });
}

/** DELETE .../messages {messageIds} (NT-04). */
export function deleteMessages(messageIds: string[]) {
  return apiRequest(MESSAGES, { method: "DELETE", body: { messageIds } });
}

export function refreshNotifications(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}

/**
 * A notification's texts in the page's locale: content
 * `global-components.notifications.kinds.<type>.{title,text}` with the message's params, else
 * the texts the server stored (operator broadcasts are written in one language).
 */
export function notificationTexts(
  t: (key: string, fallback?: string, vars?: Record<string, string | number>) => string,
  notification: Notification,
): { title: string; text: string } {
  const base = `global-components.notifications.kinds.${notification.type}`;
  return {
    title: t(`${base}.title`, notification.title, notification.params),
    text: t(`${base}.text`, notification.text, notification.params),
  };
}

/** A publication of the messenger channel, or null when it is not a new notification. */
export function readNotificationEvent(
  data: unknown,
): { notification: Notification; totalUnread: number } | null {
  if (typeof data !== "object" || data === null) return null;
  const event = data as { type?: unknown; notification?: unknown; totalUnread?: unknown };
  if (event.type !== "notification.created") return null;
  const notification = event.notification as Partial<Notification> | null;
  if (
    typeof notification !== "object" ||
    notification === null ||
    typeof notification.id !== "string" ||
    typeof notification.title !== "string"
  ) {
    return null;
  }
  return {
    notification: { params: {}, text: "", ...notification } as Notification,
    totalUnread: typeof event.totalUnread === "number" ? event.totalUnread : 0,
  };
}
