import type { Notification } from "@casino/contract/notification";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { notificationRepository, toNotification } from "./repository";

/**
 * The player's own messages among `ids`, locked; a 404 when any id is unknown, deleted or
 * another player's (nothing is changed then), so a caller cannot probe other players' ids.
 */
export async function lockOwnMessages(
  repository: ReturnType<typeof notificationRepository>,
  playerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const own = await repository.lockOwn(playerId, unique);
  if (own.length !== unique.length) throw AppError.notFound("Message not found");
  return unique;
}

/**
 * POST /api/notification/messenger/messages/read {messageIds} (NT-03, API-79): state 2 and
 * readAt; a message read before keeps its first readAt.
 */
export async function readMessages(
  ctx: AppContext,
  playerId: string,
  messageIds: readonly string[],
): Promise<{ data: Notification[]; meta: { totalUnread: number } }> {
  return ctx.db.transaction(async (tx) => {
    const repository = notificationRepository(tx);
    const ids = await lockOwnMessages(repository, playerId, messageIds);
    const rows = await repository.markRead(playerId, ids, ctx.now());
    return {
      data: rows.map(toNotification),
      meta: { totalUnread: await repository.unreadCount(playerId) },
    };
  });
}

/** POST /api/notification/messenger/messages/read/all (NT-05, API-81). */
export async function readAllMessages(
  ctx: AppContext,
  playerId: string,
): Promise<{ data: { updated: number }; meta: { totalUnread: number } }> {
  return ctx.db.transaction(async (tx) => {
    const repository = notificationRepository(tx);
    const updated = await repository.markAllRead(playerId, ctx.now());
    return { data: { updated }, meta: { totalUnread: await repository.unreadCount(playerId) } };
  });
}
