import { ErrorBody } from "@casino/contract/errors";
import {
  BroadcastBody,
  BroadcastResponse,
  ContactMessageBody,
  ContactMessageResponse,
  DeleteMessagesResponse,
  MarkReadResponse,
  MessageIdsBody,
  NotificationList,
  NotificationListQuery,
  ReadAllResponse,
} from "@casino/contract/notification";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePrivate, errorResponses } from "../../lib/http";
import { operatorErrors, operatorGuard } from "../../lib/operator-api";
import { playerOf, requirePlayer } from "../player/authenticate";
import { deleteMessages } from "./delete-messages";
import { listMessages } from "./list-messages";
import { readAllMessages, readMessages } from "./read-messages";
import { sendBroadcast } from "./send-broadcast";
import { sendContactMessage } from "./send-contact-message";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;
const MESSAGES = "/api/notification/messenger/messages";

/**
 * The messenger (NT-01..NT-07, API-78..API-81, BE-40), the contact form (PR-07, API-06, BE-41)
 * and the operator's broadcasts (/api/operator/notifications/broadcasts, with OPERATOR_API_TOKEN).
 */
export async function notificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);

  api.get(
    MESSAGES,
    {
      preHandler,
      schema: {
        tags: ["notification"],
        summary: "The player's messages, newest first, with meta.totalUnread (NT-01, NT-02)",
        querystring: NotificationListQuery,
        response: { 200: NotificationList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listMessages(ctx, playerOf(request).profileId, request.query);
    },
  );

  api.post(
    `${MESSAGES}/read`,
    {
      preHandler,
      schema: {
        tags: ["notification"],
        summary: "Mark the player's messages read: state 2 and readAt (NT-03); 404 for others' ids",
        body: MessageIdsBody,
        response: { 200: MarkReadResponse, ...authErrors },
      },
    },
    async (request) => readMessages(ctx, playerOf(request).profileId, request.body.messageIds),
  );

  api.post(
    `${MESSAGES}/read/all`,
    {
      preHandler,
      schema: {
        tags: ["notification"],
        summary: "Mark every message of the player read (NT-05)",
        response: { 200: ReadAllResponse, ...authErrors },
      },
    },
    async (request) => readAllMessages(ctx, playerOf(request).profileId),
  );

  api.delete(
    MESSAGES,
    {
      preHandler,
      schema: {
        tags: ["notification"],
        summary: "Delete the player's messages (NT-04); 404 for others' ids",
        body: MessageIdsBody,
        response: { 200: DeleteMessagesResponse, ...authErrors },
      },
    },
    async (request) => deleteMessages(ctx, playerOf(request).profileId, request.body.messageIds),
  );

  // Guests and players: a player's valid token links the message to the account.
  const optionalPlayer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) return;
    try {
      await preHandler.call(app, request, reply);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 401 && error.status !== 403)) {
        throw error;
      }
      request.player = null;
    }
  };

  api.post(
    "/api/notification/communications",
    {
      preHandler: optionalPlayer,
      schema: {
        tags: ["notification"],
        summary: "Send a message to the operator with the contact form (PR-07, API-06, BE-41)",
        body: ContactMessageBody,
        response: { 201: ContactMessageResponse, 429: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await sendContactMessage(ctx, {
        body: request.body,
        playerId: request.player?.profileId ?? null,
        ip: request.ip,
        locale: request.body.locale?.toLowerCase() ?? null,
      });
      return reply.code(201).send({ data });
    },
  );

  if (ctx.config.operatorApiToken) {
    api.post(
      "/api/operator/notifications/broadcasts",
      {
        ...operatorGuard(ctx, "messages"),
        schema: {
          tags: ["operator"],
          summary:
            "Send a message to every player or to listed ones; promo skips self-excluded and cooling-off players",
          body: BroadcastBody,
          response: {
            200: BroadcastResponse,
            201: BroadcastResponse,
            ...operatorErrors,
          },
        },
      },
      async (request, reply) => {
        const data = await sendBroadcast(ctx, request.body);
        return reply.code(data.replay ? 200 : 201).send({ data });
      },
    );
  }
}
