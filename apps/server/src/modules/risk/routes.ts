import { ErrorBody } from "@casino/contract/errors";
import {
  ConfirmedLimitResponse,
  CreateLimitBody,
  DepositRoomQuery,
  DepositRoomResponse,
  LimitParams,
  PlayerLimitList,
  PlayerLimitResponse,
  RealityCheckBody,
  RealityCheckResponse,
  UpdateLimitBody,
} from "@casino/contract/limits";
import { TurnOverWagerQuery, TurnOverWagerResponse } from "@casino/contract/risk";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import { confirmLimitChange } from "./confirm-limit";
import { createLimit } from "./create-limit";
import { depositRoom } from "./deposit-room";
import { dropPendingLimitChange } from "./drop-pending-limit";
import { listLimits } from "./list-limits";
import { operatorRiskRoutes } from "./operator-routes";
import { getRealityCheck, setRealityCheck } from "./reality-check";
import { requestLimitRemoval } from "./remove-limit";
import { toTurnOverWager, turnOverState } from "./turn-over-wager";
import { updateLimit } from "./update-limit";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;
const changeErrors = { ...authErrors, 409: ErrorBody } as const;

/**
 * GET /api/risk/reasons/turn-over-wager (WD-05, API-46, BE-28) and the responsible-gambling
 * limits under /api/player/limits (LM-01..LM-06, BE-34; packages/contract/src/limits.ts).
 */
export async function riskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await operatorRiskRoutes(app, ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);

  api.get(
    "/api/risk/reasons/turn-over-wager",
    {
      preHandler,
      schema: {
        tags: ["risk"],
        summary: "What the player must still wager in a currency before withdrawing (BE-28)",
        querystring: TurnOverWagerQuery,
        response: { 200: TurnOverWagerResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const state = await turnOverState(ctx, playerOf(request).profileId, request.query.currency);
      return { data: toTurnOverWager(state) };
    },
  );

  api.get(
    "/api/player/reality-check",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "The reality-check interval and this sign-in session's time and net result",
        response: { 200: RealityCheckResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await getRealityCheck(ctx, playerOf(request)) };
    },
  );

  api.put(
    "/api/player/reality-check",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "Choose the reality-check interval in minutes, or null for none",
        body: RealityCheckBody,
        response: { 200: RealityCheckResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await setRealityCheck(ctx, playerOf(request), request.body) };
    },
  );

  api.get(
    "/api/player/limits",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "The player's limits with what they used in the current period (LM-01, BE-34)",
        response: { 200: PlayerLimitList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await listLimits(ctx, playerOf(request).profileId) };
    },
  );

  api.get(
    "/api/player/limits/deposit-room",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "What the deposit limits leave for a deposit in a currency (issue 31)",
        querystring: DepositRoomQuery,
        response: { 200: DepositRoomResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return {
        data: await depositRoom(ctx, playerOf(request).profileId, request.query.currency),
      };
    },
  );

  api.post(
    "/api/player/limits",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary:
          "Add a limit (LM-04): in force at once; a second self-exclusion or cooling-off only extends",
        body: CreateLimitBody,
        response: { 200: PlayerLimitResponse, 201: PlayerLimitResponse, ...changeErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const result = await createLimit(ctx, playerOf(request).profileId, request.body);
      return reply.code(result.created ? 201 : 200).send({ data: result.limit });
    },
  );

  api.put(
    "/api/player/limits/:limitId",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary:
          "Change a cash limit (LM-05): lower in the same period at once, anything else pending 24 h",
        params: LimitParams,
        body: UpdateLimitBody,
        response: { 200: PlayerLimitResponse, ...changeErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await updateLimit(ctx, profileId, request.params.limitId, request.body) };
    },
  );

  api.delete(
    "/api/player/limits/:limitId",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "Ask to remove a cash limit (LM-06): pending for 24 h, then confirmed",
        params: LimitParams,
        response: { 200: PlayerLimitResponse, ...changeErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await requestLimitRemoval(ctx, profileId, request.params.limitId) };
    },
  );

  api.put(
    "/api/player/limits/:limitId/confirm",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "Apply a pending change whose 24 hours have passed (null: the limit was removed)",
        params: LimitParams,
        response: { 200: ConfirmedLimitResponse, ...changeErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await confirmLimitChange(ctx, profileId, request.params.limitId) };
    },
  );

  api.delete(
    "/api/player/limits/:limitId/pending",
    {
      preHandler,
      schema: {
        tags: ["limits"],
        summary: "Drop a pending change and keep the limit as it is",
        params: LimitParams,
        response: { 200: PlayerLimitResponse, ...changeErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await dropPendingLimitChange(ctx, profileId, request.params.limitId) };
    },
  );
}
