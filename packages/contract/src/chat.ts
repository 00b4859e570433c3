// Live support chat (issue 26; spec §1 "talk to a live chat", §4 "Chat"): the player's (or
// guest's) conversation under /api/chat, the support desk under /api/operator/chat (scope
// `support`), and the realtime events of both. docs/chat.md describes it; the short list of
// routes is in /work/notes/chat-contract.md.
//
// Identities: a signed-in player authenticates with the bearer access token as everywhere; a
// guest (when the public setting chat.guestAvailable is on) with the HttpOnly cookie
// `casino_chat_guest` (`__Host-casino_chat_guest` on https) that POST /api/chat/conversation
// sets; the browser must send credentials ("same-origin") on /api/chat/* calls. Signing in or up
// with that cookie present moves the guest's conversation to the account.
//
// Realtime: the conversation's channel (chatConversationChannel, realtime.ts) and the desk's
// channel (CHAT_DESK_CHANNEL) need a subscription token in the Centrifuge subscribe request
// (`new Subscription(channel, { getToken })`): the conversation's comes with the conversation
// (and from POST /api/chat/conversation/realtime-token), the desk's from POST
// /api/operator/chat/presence or /api/operator/chat/realtime-token. An expired one is error 109
// (the SDK calls getToken again); a wrong one 103.
import { z } from "zod";
import { PageMeta } from "./pagination";
import { LocaleCode } from "./settings";

/** Limits of the chat (the server enforces them; the client may show them). */
export const CHAT_LIMITS = Object.freeze({
  /** Characters of one message's text (after trimming); longer: 422 with error.fields.text. */
  messageMaxLength: 2000,
  /** Messages (and attachments) one sender may send per minute; more: 429 code 15429. */
  messagesPerMinute: 20,
  /** Largest attachment in bytes (the same rule as documents: JPEG, PNG or PDF). */
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** Messages per page of history. */
  pageMax: 100,
  pageDefault: 50,
  /** Internal notes and canned replies: characters. */
  noteMaxLength: 4000,
  cannedTitleMaxLength: 80,
  cannedTextMaxLength: 2000,
  /** A typing indicator shows this long after the last typing call (send one every 3 s). */
  typingShowMs: 6000,
  /** The desk sends a heartbeat this often; staff count as online for CHAT_STAFF_ONLINE_SECONDS (default 60). */
  heartbeatSeconds: 20,
});

/** The chat's error codes (besides 401, 403, 404, 422 and 429 as HTTP-like codes). */
export const ChatErrorCode = Object.freeze({
  /** No chat here: guests while chat.guestAvailable is off, or the built-in chat is not the one in use (HTTP 404). */
  ChatUnavailable: 15001,
  /** The conversation is closed and the message was not taken (desk replies only; a player's message reopens it). */
  ConversationClosed: 15009,
  /** Too many messages: wait Retry-After seconds (HTTP 429). */
  RateLimited: 15429,
});

/** Which chat the player site runs (public setting chat.provider, env CHAT_PROVIDER). */
export const ChatProvider = z.enum(["builtin", "widget", "off"]);
export type ChatProvider = z.infer<typeof ChatProvider>;

/** A message id: a decimal string (ids grow within a conversation; use them for `after`). */
export const ChatMessageId = z.string().regex(/^[0-9]{1,18}$/, "Must be a message id");

export const ChatAuthorType = z.enum(["player", "guest", "staff", "system"]);
export type ChatAuthorType = z.infer<typeof ChatAuthorType>;

export const ChatAttachment = z
  .object({
    fileName: z.string(),
    contentType: z.enum(["image/jpeg", "image/png", "application/pdf"]),
    size: z.number().int(),
    /** A signed link, valid about an hour (fetch the messages again for a fresh one). */
    url: z.string(),
  })
  .meta({ id: "ChatAttachment" });
export type ChatAttachment = z.infer<typeof ChatAttachment>;

export const ChatMessage = z
  .object({
    id: ChatMessageId,
    conversationId: z.uuid(),
    /** "message": seen by both sides; "note": an internal note, only ever on the desk. */
    kind: z.enum(["message", "note"]),
    author: z.object({
      type: ChatAuthorType,
      /** Staff: the staff member's name; a player or guest: null (the desk knows who). */
      name: z.string().nullable(),
    }),
    /** Plain text as written (never HTML: show it as text). Empty when only an attachment. */
    text: z.string(),
    attachment: ChatAttachment.nullable(),
    /** The sender's idempotency id, when it sent one. */
    clientId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatRealtimeToken = z
  .object({
    channel: z.string(),
    /** The Centrifuge subscription token for `channel`. */
    token: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "ChatRealtimeToken" });
export type ChatRealtimeToken = z.infer<typeof ChatRealtimeToken>;

/** The player's (or guest's) view of their conversation. */
export const ChatConversation = z
  .object({
    id: z.uuid(),
    status: z.enum(["open", "closed"]),
    /** Whether a staff member is at the desk now; when false, offer to continue by e-mail. */
    staffOnline: z.boolean(),
    /** Where replies go by e-mail while the player is away: the account's or the one a guest gave. */
    email: z.string().nullable(),
    /** The staff member handling it (their name), or null. */
    assignee: z.object({ name: z.string() }).nullable(),
    /** Messages from staff after the player's read marker. */
    unread: z.number().int(),
    /** The last message id the player marked read, and the last the staff read ("seen"). */
    playerReadId: ChatMessageId.nullable(),
    staffReadId: ChatMessageId.nullable(),
    lastMessageId: ChatMessageId.nullable(),
    createdAt: z.string(),
    realtime: ChatRealtimeToken,
  })
  .meta({ id: "ChatConversation" });
export type ChatConversation = z.infer<typeof ChatConversation>;
export const ChatConversationResponse = z.object({ data: ChatConversation });

/** POST /api/chat/conversation: open (or resume) the conversation. */
export const OpenChatBody = z
  .strictObject({ locale: LocaleCode.optional() })
  .meta({ id: "OpenChat" });

/** GET .../messages: `after` (catch up after a reconnect, ascending), `before` (older page). */
export const ChatMessagesQuery = z.strictObject({
  after: ChatMessageId.optional(),
  before: ChatMessageId.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageDefault),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

/** Oldest first. `hasMore`: there are more in the asked direction (older, or newer after `after`). */
export const ChatMessageList = z.object({
  data: z.array(ChatMessage),
  meta: z.object({ hasMore: z.boolean() }),
});
export type ChatMessageList = z.infer<typeof ChatMessageList>;

/** Text is trimmed; over CHAT_LIMITS.messageMaxLength is a 422 (error.fields.text). */
export const SendChatMessageBody = z
  .strictObject({
    text: z.string(),
    /** An id the client makes per message (uuid): a retry with the same one posts nothing new. */
    clientId: z.uuid().optional(),
  })
  .meta({ id: "SendChatMessage" });
export type SendChatMessageBody = z.infer<typeof SendChatMessageBody>;
export const ChatMessageResponse = z.object({ data: ChatMessage });

/** Mark read up to a message id (the newest shown). */
export const ChatReadBody = z.strictObject({ lastReadId: ChatMessageId }).meta({ id: "ChatRead" });
export const ChatUnreadResponse = z.object({ data: z.object({ unread: z.number().int() }) });

/** PUT /api/chat/conversation/email: where to continue by e-mail while no staff is online. */
export const ChatEmailBody = z
  .strictObject({ email: z.email().max(254) })
  .meta({ id: "ChatEmail" });

export const ChatRealtimeTokenResponse = z.object({ data: ChatRealtimeToken });

// ---- Realtime events -------------------------------------------------------------------------

/** The conversation's state as its channel carries it (the player's view, without the token). */
export const ChatConversationState = ChatConversation.omit({ realtime: true, unread: true });

/** On chatConversationChannel(id): what the player's window hears. Never internal notes. */
export const ChatConversationEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chat.message.created"), message: ChatMessage }),
  z.object({ type: z.literal("chat.conversation.updated"), conversation: ChatConversationState }),
  /** Staff is typing (ephemeral: not kept, may be lost). */
  z.object({
    type: z.literal("chat.typing"),
    conversationId: z.uuid(),
    author: z.object({ type: z.literal("staff"), name: z.string().nullable() }),
  }),
]);
export type ChatConversationEvent = z.infer<typeof ChatConversationEvent>;

// ---- The support desk (/api/operator/chat, scope support) ------------------------------------

export const ChatStaffRef = z
  .string()
  .regex(
    /^(u[0-9]{1,12}|k[0-9]{1,12}|root)$/,
    "Must be a staff id (u<user id>, k<key id> or root)",
  );

export const ChatStaff = z
  .object({
    /** u<operator user id>, k<operator key id> (a named key) or root. */
    id: ChatStaffRef,
    name: z.string(),
    online: z.boolean(),
    lastSeenAt: z.string().nullable(),
  })
  .meta({ id: "ChatStaff" });
export type ChatStaff = z.infer<typeof ChatStaff>;
export const ChatStaffList = z.object({ data: z.array(ChatStaff) });

export const DeskConversation = z
  .object({
    id: z.uuid(),
    status: z.enum(["open", "closed"]),
    /** "chat": the site's chat window; "contact": the contact form. */
    source: z.enum(["chat", "contact"]),
    player: z
      .object({
        id: z.string(),
        email: z.string().nullable(),
        nickname: z.string().nullable(),
        status: z.number().int(),
      })
      .nullable(),
    /** A guest's (or contact form's) name and e-mail, when given. */
    guest: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
    subject: z.string().nullable(),
    locale: z.string().nullable(),
    assignee: z.object({ id: ChatStaffRef, name: z.string() }).nullable(),
    lastMessage: z
      .object({
        text: z.string(),
        authorType: ChatAuthorType,
        kind: z.enum(["message", "note"]),
        createdAt: z.string(),
      })
      .nullable(),
    /** The player's oldest message not yet answered by staff: waiting since then; null when answered. */
    waitingSince: z.string().nullable(),
    lastPlayerMessageAt: z.string().nullable(),
    /** Player messages after the staff's read marker. */
    unread: z.number().int(),
    playerReadId: ChatMessageId.nullable(),
    staffReadId: ChatMessageId.nullable(),
    lastMessageId: ChatMessageId.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "DeskConversation" });
export type DeskConversation = z.infer<typeof DeskConversation>;
export const DeskConversationResponse = z.object({ data: DeskConversation });

export const DeskConversationQuery = z.strictObject({
  /** unassigned: open and nobody's; mine: assigned to the caller; all. */
  view: z.enum(["unassigned", "mine", "all"]).default("all"),
  status: z.enum(["open", "closed", "all"]).default("open"),
  /** A player's e-mail, nickname or id, a guest's e-mail or name, or words of a message. */
  search: z.string().trim().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type DeskConversationQuery = z.infer<typeof DeskConversationQuery>;
/** Open conversations first by longest waiting, then newest activity. */
export const DeskConversationList = z.object({ data: z.array(DeskConversation), meta: PageMeta });

export const DeskConversationParams = z.object({ id: z.uuid("Must be a conversation id") });

export const DeskReplyBody = SendChatMessageBody;
export const DeskNoteBody = z.strictObject({ text: z.string() }).meta({ id: "DeskNote" });

/** Assign (or transfer): `"me"`, a staff id, or null to put it back in the queue. */
export const DeskAssignBody = z
  .strictObject({ assignee: z.union([z.literal("me"), ChatStaffRef]).nullable() })
  .meta({ id: "DeskAssign" });

export const DeskUnread = z.object({
  /** Open conversations with player messages the desk has not read. */
  unread: z.number().int(),
  unassigned: z.number().int(),
  mine: z.number().int(),
  staffOnline: z.number().int(),
});
export const DeskUnreadResponse = z.object({ data: DeskUnread });

/** POST /api/operator/chat/presence: the heartbeat; answers the desk's realtime token too. */
export const DeskPresenceResponse = z.object({
  data: z.object({ staffOnline: z.number().int(), realtime: ChatRealtimeToken }),
});

export const CannedReply = z
  .object({
    id: z.uuid(),
    locale: z.string(),
    title: z.string(),
    text: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CannedReply" });
export type CannedReply = z.infer<typeof CannedReply>;
export const CannedReplyQuery = z.strictObject({ locale: LocaleCode.optional() });
export const CannedReplyList = z.object({ data: z.array(CannedReply) });
export const CannedReplyResponse = z.object({ data: CannedReply });
export const CannedReplyParams = z.object({ id: z.uuid("Must be a canned reply id") });
export const CreateCannedReplyBody = z
  .strictObject({
    locale: LocaleCode,
    title: z.string().trim().min(1).max(CHAT_LIMITS.cannedTitleMaxLength),
    text: z.string().trim().min(1).max(CHAT_LIMITS.cannedTextMaxLength),
  })
  .meta({ id: "CreateCannedReply" });
export const PatchCannedReplyBody = CreateCannedReplyBody.partial().meta({
  id: "PatchCannedReply",
});

/** Beside a conversation: who the player is and where they stand (null parts: not a player). */
export const DeskPlayerContext = z
  .object({
    player: z.object({
      id: z.string(),
      email: z.string().nullable(),
      nickname: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      country: z.string().nullable(),
      currency: z.string().nullable(),
      /** 1 active, 2 limited, 3 blocked. */
      status: z.number().int(),
      registeredAt: z.string(),
      /** The back office's player page. */
      link: z.string(),
    }),
    /** Balances per wallet account, minor units as decimal strings. */
    accounts: z.array(
      z.object({ currency: z.string(), balance: z.string(), bonusBalance: z.string() }),
    ),
    /** The latest deposits and withdrawals (at most 10). */
    payments: z.array(
      z.object({
        id: z.string(),
        type: z.enum(["deposit", "withdrawal"]),
        /** Minor units as a decimal string. */
        amount: z.string(),
        currency: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    /** Active bonuses. */
    bonuses: z.array(
      z.object({ id: z.string(), title: z.string(), status: z.string(), createdAt: z.string() }),
    ),
    /** Responsible-gambling limits and exclusions in force. */
    limits: z.array(
      z.object({ type: z.string(), value: z.string().nullable(), endsAt: z.string().nullable() }),
    ),
    verification: z.object({
      /** Identity verified (provider or an approved document). */
      verified: z.boolean(),
      documents: z.object({
        pending: z.number().int(),
        approved: z.number().int(),
        rejected: z.number().int(),
      }),
    }),
  })
  .meta({ id: "DeskPlayerContext" });
export type DeskPlayerContext = z.infer<typeof DeskPlayerContext>;
/** data null: the conversation is a guest's. */
export const DeskPlayerContextResponse = z.object({ data: DeskPlayerContext.nullable() });

/** On CHAT_DESK_CHANNEL: what every support staff member's desk hears. */
export const ChatDeskEvent = z.discriminatedUnion("type", [
  /** Every message, internal notes included. */
  z.object({ type: z.literal("chat.message.created"), message: ChatMessage }),
  z.object({ type: z.literal("chat.conversation.updated"), conversation: DeskConversation }),
  /** A guest signed in: their conversation `from` joined the player's `into` (`from` is gone when they differ). */
  z.object({ type: z.literal("chat.conversation.merged"), from: z.uuid(), into: z.uuid() }),
  /** The player is typing (ephemeral). */
  z.object({
    type: z.literal("chat.typing"),
    conversationId: z.uuid(),
    author: z.object({ type: z.enum(["player", "guest", "staff"]), name: z.string().nullable() }),
  }),
]);
export type ChatDeskEvent = z.infer<typeof ChatDeskEvent>;
