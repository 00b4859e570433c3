import type { NotificationList, NotificationListQuery } from "@casino/contract/notification";
import type { AppContext } from "../../context";
import { notificationRepository, toNotification } from "./repository";

/**
 * GET /api/notification/messenger/messages?page&perPage (NT-01, NT-02, API-78): the player's
 * messages newest first, with the page meta and `totalUnread` over all pages.
 */
export async function listMessages(
  ctx: AppContext,
  playerId: string,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const { page, perPage } = query;
  const { rows, total, unread } = await notificationRepository(ctx.db).page(
    playerId,
    perPage,
    (page - 1) * perPage,
  );
  return {
    data: rows.map(toNotification),
    meta: { page, perPage, total, totalUnread: unread },
  };
}
