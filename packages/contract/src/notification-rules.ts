// The zod-free part of the notification contract (notification.ts): constants and the contact
// form's rules, which the web app's chunks import without pulling zod in (like realtime.ts).

/** Spec §9: the header popover shows 3 items (page 1, perPage 3; NT-01). */
export const NOTIFICATION_POPOVER_SIZE = 3;

/** `state` of a notification: 2 means read (spec §3, NT-06). */
export const NotificationState = Object.freeze({ Unread: 1, Read: 2 } as const);

export const CONTACT_LIMITS = Object.freeze({
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  subjectMax: 200,
  messageMin: 10,
  messageMax: 5000,
});

/**
 * The contact form's rules as packages/validation descriptors: the server checks them
 * (422 error.fields) and the web builds its react-hook-form resolver from them, so both give the
 * same answers (PR-07).
 */
export const CONTACT_FIELD_RULES = Object.freeze({
  name: [
    { rule: "required" },
    { rule: "min", params: [CONTACT_LIMITS.nameMin] },
    { rule: "max", params: [CONTACT_LIMITS.nameMax] },
  ],
  email: [
    { rule: "required" },
    { rule: "email" },
    { rule: "max", params: [CONTACT_LIMITS.emailMax] },
  ],
  subject: [{ rule: "max", params: [CONTACT_LIMITS.subjectMax] }],
  message: [
    { rule: "required" },
    { rule: "min", params: [CONTACT_LIMITS.messageMin] },
    { rule: "max", params: [CONTACT_LIMITS.messageMax] },
  ],
});

export type ContactFieldName = keyof typeof CONTACT_FIELD_RULES;

/** The messenger channel of a player (PLAYER_CHANNEL_NAMESPACES.messenger in realtime.ts). */
export function messengerChannelOf(profileId: string): string {
  return `notification:messenger#${profileId}`;
}
