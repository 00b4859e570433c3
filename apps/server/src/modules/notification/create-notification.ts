import {
  messengerChannel,
  type Notification,
  type NotificationEvent,
} from "@casino/contract/notification";
import type { Queryable } from "../../infra/db";
import { notificationRepository, toNotification } from "./repository";

export interface NotificationInput {
  playerId: string;
  /** What it is about: deposit, withdrawal, bonus, freespin, level, quest, tournament, promo, service. */
  kind: string;
  /** The texts in the default locale; content may hold a localised template per kind. */
  title: string;
  text: string;
  /** A site path (e.g. `/profile/bonuses`), shown as the notification's link. */
  link?: string | null;
  /** Values of the texts' placeholders, for localised templates ({sum}, {level}, ...). */
  params?: Record<string, string | number>;
  /**
   * One message per player and key: a retried caller (a redelivered webhook, a replayed job)
   * writes nothing the second time. Use the id of what the message is about, e.g.
   * `invoice:{id}:succeeded`.
   */
  dedupeKey?: string | null;
}

/**
 * Writes a message for a player and its realtime event (`notification.created` on
 * `notification:messenger#{profileId}`, NT-07, BE-40) in the caller's transaction, so the
 * message exists exactly when what it announces was committed, and the event leaves only after
 * that commit (the outbox). Returns the message, or null when `dedupeKey` was used before.
 *
 * Other modules call it inside their own transaction:
 *   await createNotification(tx, ctx, { playerId, kind: "bonus", title, text, dedupeKey })
 */
export async function createNotification(
  tx: Queryable,
  ctx: { now: () => Date },
  input: NotificationInput,
): Promise<Notification | null> {
  const repository = notificationRepository(tx);
  const now = ctx.now();
  const row = await repository.insert({
    playerId: input.playerId,
    kind: input.kind,
    title: input.title,
    text: input.text,
    link: input.link ?? null,
    params: input.params ?? {},
    dedupeKey: input.dedupeKey ?? null,
    now,
  });
  if (!row) return null;
  const notification = toNotification(row);
  const event: NotificationEvent = {
    type: "notification.created",
    notification,
    totalUnread: await repository.unreadCount(input.playerId),
  };
  await repository.enqueueEvents(
    [{ channel: messengerChannel(input.playerId), payload: event }],
    now,
  );
  return notification;
}
