// The live chat's routes (issue 26, docs/chat.md): the player's or guest's conversation under
// /api/chat, and the support desk under /api/operator/chat (scope support).
import {
  CannedReplyList,
  CannedReplyParams,
  CannedReplyQuery,
  CannedReplyResponse,
  type ChatConversationEvent,
  ChatConversationResponse,
  type ChatDeskEvent,
  ChatEmailBody,
  ChatMessageList,
  ChatMessageResponse,
  ChatMessagesQuery,
  ChatReadBody,
  ChatRealtimeTokenResponse,
  ChatStaffList,
  ChatUnreadResponse,
  CreateCannedReplyBody,
  DeskAssignBody,
  DeskConversationList,
  DeskConversationParams,
  DeskConversationQuery,
  DeskConversationResponse,
  DeskNoteBody,
  DeskPlayerContextResponse,
  DeskPresenceResponse,
  DeskReplyBody,
  DeskUnreadResponse,
  OpenChatBody,
  PatchCannedReplyBody,
  SendChatMessageBody,
} from "@casino/contract/chat";
import { ErrorBody } from "@casino/contract/errors";
import { CHAT_DESK_CHANNEL, chatConversationChannel } from "@casino/contract/realtime";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { operatorErrors, operatorGuard } from "../../lib/operator-api";
import { requirePlayer } from "../player/authenticate";
import { chatAttachmentRoutes } from "./attachments";
import { deskView, listMessages, requireConversation } from "./conversations";
import {
  addNote,
  assignConversation,
  createCanned,
  currentStaff,
  deleteCanned,
  deskToken,
  deskUnread,
  heartbeat,
  listCanned,
  listDeskConversations,
  listStaff,
  markStaffRead,
  patchCanned,
  playerContext,
  replyToConversation,
  setConversationStatus,
} from "./desk";
import {
  chatIdentity,
  markPlayerRead,
  openConversation,
  readConversation,
  requireOwnConversation,
  sendPlayerMessage,
  setConversationEmail,
  subjectOf,
  touch,
  unreadOf,
} from "./player-chat";
import { signSubscriptionToken } from "./tokens";

const chatErrors = { 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, ...errorResponses } as const;

export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["chat"];
  const bearer = requirePlayer(ctx);
  // A bearer token must be a valid one (401 otherwise); without one the caller is a guest.
  const optionalPlayer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return;
    await bearer.call(app, request, reply);
  };
  const who = (request: FastifyRequest) => chatIdentity(ctx, request);
  /** Typing indicators are not kept: straight to the bus, at most one per sender every 2 s. */
  const lastTyping = new Map<string, number>();
  const publishTyping = async (key: string, channel: string, data: unknown) => {
    const now = Date.now();
    if ((lastTyping.get(key) ?? 0) > now - 2000) return;
    lastTyping.set(key, now);
    if (lastTyping.size > 10_000) lastTyping.clear();
    await app.realtime.pubsub.publish([{ channel, data }]);
  };

  api.post(
    "/api/chat/conversation",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary:
          "Open (or resume) the player's or guest's chat conversation; a guest gets its cookie",
        body: OpenChatBody.nullish(),
        response: { 200: ChatConversationResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const identity = await who(request);
      return { data: await openConversation(ctx, identity, reply, request.body?.locale ?? null) };
    },
  );

  api.get(
    "/api/chat/conversation",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary: "The chat conversation (404 before it was opened)",
        response: { 200: ChatConversationResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readConversation(ctx, await who(request)) };
    },
  );

  api.get(
    "/api/chat/conversation/messages",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary:
          "The conversation's messages, oldest first: after=<id> catches up, before=<id> pages back",
        querystring: ChatMessagesQuery,
        response: { 200: ChatMessageList, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const row = await requireOwnConversation(ctx, await who(request));
      await touch(ctx, row.id);
      return listMessages(ctx, row.id, request.query, false);
    },
  );

  api.post(
    "/api/chat/conversation/messages",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary:
          "Send a message (plain text); a repeated clientId answers 200 with the same message",
        body: SendChatMessageBody,
        response: { 200: ChatMessageResponse, 201: ChatMessageResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const result = await sendPlayerMessage(ctx, await who(request), request.body);
      return reply.code(result.replay ? 200 : 201).send({ data: result.message });
    },
  );

  api.post(
    "/api/chat/conversation/read",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary: "Mark the conversation read up to a message id",
        body: ChatReadBody,
        response: { 200: ChatUnreadResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await markPlayerRead(ctx, await who(request), request.body.lastReadId) };
    },
  );

  api.post(
    "/api/chat/conversation/typing",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary: "The player is typing (shown at the desk for a few seconds)",
        body: z.strictObject({}).nullish(),
        response: { 204: z.null(), ...chatErrors },
      },
    },
    async (request, reply) => {
      const identity = await who(request);
      const row = await requireOwnConversation(ctx, identity);
      await touch(ctx, row.id);
      const event: ChatDeskEvent = {
        type: "chat.typing",
        conversationId: row.id,
        author: { type: identity.kind, name: null },
      };
      await publishTyping(`p:${row.id}`, CHAT_DESK_CHANNEL, event);
      return reply.code(204).send(null);
    },
  );

  api.put(
    "/api/chat/conversation/email",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary: "Where replies go by e-mail while no staff member is online",
        body: ChatEmailBody,
        response: { 200: ChatConversationResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await setConversationEmail(ctx, await who(request), request.body.email) };
    },
  );

  api.get(
    "/api/chat/unread",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary: "Staff messages the player has not read (the launcher's badge)",
        response: { 200: ChatUnreadResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: { unread: await unreadOf(ctx, await who(request)) } };
    },
  );

  api.post(
    "/api/chat/conversation/realtime-token",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary:
          "A subscription token for the conversation's realtime channel (the SDK's getToken)",
        response: { 200: ChatRealtimeTokenResponse, ...chatErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const identity = await who(request);
      const row = await requireOwnConversation(ctx, identity);
      return {
        data: await signSubscriptionToken(ctx.config.secrets.jwtSecret, {
          channel: chatConversationChannel(row.id),
          subject: subjectOf(identity),
          now: ctx.now(),
        }),
      };
    },
  );

  await chatAttachmentRoutes(app, ctx);
  if (ctx.config.operatorApiToken) deskRoutes(app, ctx, publishTyping);
}

function deskRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  publishTyping: (key: string, channel: string, data: unknown) => Promise<void>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard(ctx, "support");
  const tags = ["operator"];
  const base = "/api/operator/chat";
  const one = `${base}/conversations/:id`;
  const errors = { ...operatorErrors, 429: ErrorBody } as const;

  api.get(
    `${base}/conversations`,
    {
      ...guard,
      schema: {
        tags,
        summary: "The support queue: unassigned, mine or all; longest waiting first",
        querystring: DeskConversationQuery,
        response: { 200: DeskConversationList, ...errors },
      },
    },
    async (request) => listDeskConversations(ctx, request.query),
  );

  api.get(
    one,
    {
      ...guard,
      schema: {
        tags,
        summary: "One conversation",
        params: DeskConversationParams,
        response: { 200: DeskConversationResponse, ...errors },
      },
    },
    async (request) => ({ data: await deskView(ctx.db, request.params.id) }),
  );

  api.get(
    `${one}/messages`,
    {
      ...guard,
      schema: {
        tags,
        summary: "The conversation's messages with internal notes, oldest first",
        params: DeskConversationParams,
        querystring: ChatMessagesQuery,
        response: { 200: ChatMessageList, ...errors },
      },
    },
    async (request) => {
      await requireConversation(ctx.db, request.params.id);
      return listMessages(ctx, request.params.id, request.query, true);
    },
  );

  api.post(
    `${one}/messages`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Reply; an away player also gets a site notification and an e-mail",
        params: DeskConversationParams,
        body: DeskReplyBody,
        response: { 200: ChatMessageResponse, 201: ChatMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await replyToConversation(ctx, request.params.id, request.body);
      return reply.code(result.replay ? 200 : 201).send({ data: result.message });
    },
  );

  api.post(
    `${one}/notes`,
    {
      ...guard,
      schema: {
        tags,
        summary: "An internal note: only the desk ever sees it",
        params: DeskConversationParams,
        body: DeskNoteBody,
        response: { 201: ChatMessageResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await addNote(ctx, request.params.id, request.body.text) }),
  );

  api.post(
    `${one}/assign`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Assign to me, transfer to another staff member, or back to the queue (null)",
        params: DeskConversationParams,
        body: DeskAssignBody,
        response: { 200: DeskConversationResponse, ...errors },
      },
    },
    async (request) => ({
      data: await assignConversation(ctx, request.params.id, request.body.assignee),
    }),
  );

  for (const [action, status] of [
    ["close", "closed"],
    ["reopen", "open"],
  ] as const) {
    api.post(
      `${one}/${action}`,
      {
        ...guard,
        schema: {
          tags,
          summary: action === "close" ? "Close the conversation" : "Reopen the conversation",
          params: DeskConversationParams,
          response: { 200: DeskConversationResponse, ...errors },
        },
      },
      async (request) => ({ data: await setConversationStatus(ctx, request.params.id, status) }),
    );
  }

  api.post(
    `${one}/read`,
    {
      ...guard,
      schema: {
        tags,
        summary: "The desk read the conversation up to a message id (the player sees it as seen)",
        params: DeskConversationParams,
        body: ChatReadBody,
        response: { 200: DeskConversationResponse, ...errors },
      },
    },
    async (request) => ({
      data: await markStaffRead(ctx, request.params.id, request.body.lastReadId),
    }),
  );

  api.post(
    `${one}/typing`,
    {
      ...guard,
      schema: {
        tags,
        summary: "A staff member is typing (shown in the player's window)",
        params: DeskConversationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await requireConversation(ctx.db, request.params.id);
      const staff = await currentStaff(ctx);
      const event: ChatConversationEvent = {
        type: "chat.typing",
        conversationId: request.params.id,
        author: { type: "staff", name: staff.name },
      };
      await publishTyping(
        `s:${staff.ref}:${request.params.id}`,
        chatConversationChannel(request.params.id),
        event,
      );
      await publishTyping(`sd:${staff.ref}:${request.params.id}`, CHAT_DESK_CHANNEL, event);
      return reply.code(204).send(null);
    },
  );

  api.get(
    `${one}/context`,
    {
      ...guard,
      schema: {
        tags,
        summary: "The player's context: profile, balances, payments, bonuses, limits, verification",
        params: DeskConversationParams,
        response: { 200: DeskPlayerContextResponse, ...errors },
      },
    },
    async (request) => ({ data: await playerContext(ctx, request.params.id) }),
  );

  api.get(
    `${base}/unread`,
    {
      ...guard,
      schema: {
        tags,
        summary: "The desk's counts for the navigation: unread, unassigned, mine, staff online",
        response: { 200: DeskUnreadResponse, ...errors },
      },
    },
    async () => ({ data: await deskUnread(ctx) }),
  );

  api.post(
    `${base}/presence`,
    {
      ...guard,
      schema: {
        tags,
        summary:
          "The desk's heartbeat (every 20 s): the caller is online; answers the desk's realtime token",
        response: { 200: DeskPresenceResponse, ...errors },
      },
    },
    async () => ({ data: await heartbeat(ctx) }),
  );

  api.post(
    `${base}/realtime-token`,
    {
      ...guard,
      schema: {
        tags,
        summary: "A subscription token for the desk's realtime channel",
        response: { 200: ChatRealtimeTokenResponse, ...errors },
      },
    },
    async () => ({ data: await deskToken(ctx) }),
  );

  api.get(
    `${base}/staff`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Support staff (users and named keys with the support scope) and who is online",
        response: { 200: ChatStaffList, ...errors },
      },
    },
    async () => ({ data: await listStaff(ctx) }),
  );

  api.get(
    `${base}/canned-replies`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Canned replies, per locale",
        querystring: CannedReplyQuery,
        response: { 200: CannedReplyList, ...errors },
      },
    },
    async (request) => ({ data: await listCanned(ctx, request.query.locale) }),
  );

  api.post(
    `${base}/canned-replies`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Add a canned reply",
        body: CreateCannedReplyBody,
        response: { 201: CannedReplyResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCanned(ctx, request.body) }),
  );

  api.patch(
    `${base}/canned-replies/:id`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a canned reply",
        params: CannedReplyParams,
        body: PatchCannedReplyBody,
        response: { 200: CannedReplyResponse, ...errors },
      },
    },
    async (request) => ({ data: await patchCanned(ctx, request.params.id, request.body) }),
  );

  api.delete(
    `${base}/canned-replies/:id`,
    {
      ...guard,
      schema: {
        tags,
        summary: "Remove a canned reply",
        params: CannedReplyParams,
        response: { 200: CannedReplyResponse, ...errors },
      },
    },
    async (request) => ({ data: await deleteCanned(ctx, request.params.id) }),
  );
}
