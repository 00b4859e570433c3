import type { AppContext } from "../../context";
import { lockOwnMessages } from "./read-messages";
import { notificationRepository } from "./repository";

/**
 * DELETE /api/notification/messenger/messages {messageIds} (NT-04, API-80): the messages leave
 * the player's list (the rows stay, so a dedupe key is never reused); 404 for an id that is not
 * the player's.
 */
export async function deleteMessages(
  ctx: AppContext,
  playerId: string,
  messageIds: readonly string[],
): Promise<{ data: { deleted: number }; meta: { totalUnread: number } }> {
  return ctx.db.transaction(async (tx) => {
    const repository = notificationRepository(tx);
    const ids = await lockOwnMessages(repository, playerId, messageIds);
    const deleted = await repository.softDelete(playerId, ids, ctx.now());
    return { data: { deleted }, meta: { totalUnread: await repository.unreadCount(playerId) } };
  });
}
