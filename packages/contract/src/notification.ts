// Notifications (messenger) and the contact form (spec §3 "Notification", §7 "Retention and
// notifications", NT-01..NT-07, API-06, API-78..API-81, PR-07, BE-40, BE-41).
import { z } from "zod";
import { CONTACT_LIMITS } from "./notification-rules";
import { PageMeta } from "./pagination";
import { PLAYER_CHANNEL_NAMESPACES } from "./realtime";

/**
 * What a notification is about. The platform's own kinds, and the operator's broadcasts
 * (`promo` ones are skipped for self-excluded and cooling-off players, `service` ones are not).
 */
export const NotificationKinds = [
  "deposit",
  "withdrawal",
  "bonus",
  "freespin",
  "level",
  "quest",
  "tournament",
  "promo",
  "service",
] as const;
export const NotificationKind = z.enum(NotificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Placeholder values of a notification's texts (content templates substitute them by name). */
export const NotificationParams = z.record(z.string(), z.union([z.string(), z.number()]));

export const Notification = z
  .object({
    id: z.uuid(),
    /** The kind (NotificationKinds); content may hold a localised template per kind. */
    type: z.string(),
    title: z.string(),
    text: z.string(),
    /** ISO instant the player read it; null while unread. */
    readAt: z.string().nullable(),
    /** 1 unread, 2 read. */
    state: z.union([z.literal(1), z.literal(2)]),
    createdAt: z.string(),
    /** A site path the notification is about (e.g. /profile/history), or null. */
    link: z.string().nullable(),
    params: NotificationParams,
    content: z.object({ title: z.string() }),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof Notification>;

/** GET /api/notification/messenger/messages?page&perPage: newest first. */
export const NotificationListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationListMeta = PageMeta.extend({
  /** Unread messages of the player in all pages (NT-02). */
  totalUnread: z.number().int(),
});

export const NotificationList = z.object({
  data: z.array(Notification),
  meta: NotificationListMeta,
});
export type NotificationList = z.infer<typeof NotificationList>;

/** POST .../messages/read and DELETE .../messages: the player's own message ids. */
export const MessageIdsBody = z
  .strictObject({ messageIds: z.array(z.uuid()).min(1).max(100) })
  .meta({ id: "MessageIds" });
export type MessageIdsBody = z.infer<typeof MessageIdsBody>;

const UnreadMeta = z.object({ totalUnread: z.number().int() });

/** The messages as they are after the change. */
export const MarkReadResponse = z.object({ data: z.array(Notification), meta: UnreadMeta });
export const ReadAllResponse = z.object({
  data: z.object({ updated: z.number().int() }),
  meta: UnreadMeta,
});
export const DeleteMessagesResponse = z.object({
  data: z.object({ deleted: z.number().int() }),
  meta: UnreadMeta,
});

/** The realtime publication of a new message on `notification:messenger#{profileId}` (NT-07). */
export const NotificationEvent = z.object({
  type: z.literal("notification.created"),
  notification: Notification,
  totalUnread: z.number().int(),
});
export type NotificationEvent = z.infer<typeof NotificationEvent>;

export function messengerChannel(profileId: string): string {
  return `${PLAYER_CHANNEL_NAMESPACES.messenger}#${profileId}`;
}

export {
  CONTACT_FIELD_RULES,
  CONTACT_LIMITS,
  NOTIFICATION_POPOVER_SIZE,
  NotificationState,
} from "./notification-rules";

// The contact form (PR-07, API-06). `captcha` is the spec's hidden field: people leave it empty,
// form-filling robots do not; a filled one is accepted and dropped. Lengths are checked by the
// rules of notification-rules.ts (422 with error.fields); the schema only bounds the input.
const text = (max: number) => z.string().max(max * 4);

/** POST /api/notification/communications: the contact-message body. */
export const ContactMessageBody = z
  .strictObject({
    name: text(CONTACT_LIMITS.nameMax).optional(),
    email: text(CONTACT_LIMITS.emailMax).optional(),
    subject: text(CONTACT_LIMITS.subjectMax).optional(),
    message: text(CONTACT_LIMITS.messageMax).optional(),
    /** The site locale the visitor wrote in (for the reply). */
    locale: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]{2})?$/i)
      .optional(),
    captcha: z.string().max(1000).optional(),
  })
  .meta({ id: "ContactMessage" });
export type ContactMessageBody = z.infer<typeof ContactMessageBody>;

export const ContactMessageResponse = z.object({
  data: z.object({ id: z.uuid(), createdAt: z.string() }),
});
export type ContactMessageResponse = z.infer<typeof ContactMessageResponse>;

// The operator API's broadcasts (/api/operator/notifications/broadcasts).
export const BroadcastBody = z
  .strictObject({
    /** promo: marketing (not for self-excluded or cooling-off players); service: everyone. */
    kind: z.enum(["promo", "service"]),
    title: z.string().trim().min(1).max(200),
    text: z.string().trim().min(1).max(5000),
    link: z
      .string()
      .regex(/^\/[^\s]*$/, "must be a site path starting with /")
      .max(500)
      .optional(),
    /** Every active player when absent; otherwise these players. */
    playerIds: z.array(z.uuid()).min(1).max(10_000).optional(),
    /** The operator's own key: sending again with it returns the first broadcast. */
    key: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: "Broadcast" });
export type BroadcastBody = z.infer<typeof BroadcastBody>;

export const BroadcastResponse = z.object({
  data: z.object({
    id: z.uuid(),
    kind: z.enum(["promo", "service"]),
    recipients: z.number().int(),
    /** Players left out: self-excluded or cooling off (promo), blocked, or unknown ids. */
    skipped: z.number().int(),
    createdAt: z.string(),
    replay: z.boolean(),
  }),
});
export type BroadcastResponse = z.infer<typeof BroadcastResponse>;
