// The operator API for quests and the loyalty programme (OPERATOR_API_TOKEN; off without it;
// packages/contract/src/operator.ts, operator-loyalty.ts).
// A create answers 201, or 200 when its `key` was used before (the first result, nothing written).
import { ErrorBody } from "@casino/contract/errors";
import {
  CreateOperatorQuestBody,
  OperatorQuestList,
  OperatorQuestParams,
  OperatorQuestResponse,
  PatchOperatorQuestBody,
} from "@casino/contract/operator";
import {
  CreateOperatorLoyaltyEarnRuleBody,
  CreateOperatorLoyaltyLevelBody,
  OperatorLoyaltyEarnRuleList,
  OperatorLoyaltyEarnRuleResponse,
  OperatorLoyaltyLevelList,
  OperatorLoyaltyLevelResponse,
  OperatorLoyaltyParams,
  PatchOperatorLoyaltyEarnRuleBody,
  PatchOperatorLoyaltyLevelBody,
} from "@casino/contract/operator-loyalty";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import {
  createOperatorEarnRule,
  createOperatorLevel,
  listOperatorEarnRules,
  listOperatorLevels,
  patchOperatorEarnRule,
  patchOperatorLevel,
} from "./operator-loyalty";
import {
  createOperatorQuest,
  listOperatorQuests,
  patchOperatorQuest,
  readOperatorQuest,
} from "./operator-quests";

export async function operatorQuestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "promotions");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/quests",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every quest (enabled or not) with its tasks, rewards and number of runs",
        response: { 200: OperatorQuestList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorQuests(ctx) }),
  );

  api.post(
    "/api/operator/quests",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create a quest with its tasks and rewards; 200 on a replayed key",
        body: CreateOperatorQuestBody,
        response: { 200: OperatorQuestResponse, 201: OperatorQuestResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      const { data, replay } = await createOperatorQuest(ctx, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );

  api.get(
    "/api/operator/quests/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "One quest, switched off too, with its tasks, rewards and number of runs",
        params: OperatorQuestParams,
        response: { 200: OperatorQuestResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorQuest(ctx.db, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/quests/:id",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Change a quest; isEnabled false hides it; tasks and rewards only before anyone started it (409)",
        params: OperatorQuestParams,
        body: PatchOperatorQuestBody,
        response: { 200: OperatorQuestResponse, 409: ErrorBody, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorQuest(ctx, request.params.id, request.body),
    }),
  );

  api.get(
    "/api/operator/loyalty/levels",
    {
      ...guard,
      schema: {
        tags,
        summary: "The loyalty levels in order, with how many players hold each",
        response: { 200: OperatorLoyaltyLevelList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorLevels(ctx) }),
  );

  api.post(
    "/api/operator/loyalty/levels",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create a loyalty level (points rise with the order); 200 on a replayed key",
        body: CreateOperatorLoyaltyLevelBody,
        response: {
          200: OperatorLoyaltyLevelResponse,
          201: OperatorLoyaltyLevelResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { data, replay } = await createOperatorLevel(ctx, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );

  api.patch(
    "/api/operator/loyalty/levels/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a loyalty level; players keep a level they hold",
        params: OperatorLoyaltyParams,
        body: PatchOperatorLoyaltyLevelBody,
        response: { 200: OperatorLoyaltyLevelResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorLevel(ctx, request.params.id, request.body),
    }),
  );

  api.get(
    "/api/operator/loyalty/earn-rules",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every earn rule (points per wager by currency, provider and game type)",
        response: { 200: OperatorLoyaltyEarnRuleList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorEarnRules(ctx) }),
  );

  api.post(
    "/api/operator/loyalty/earn-rules",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create an earn rule (one per currency, provider and game type); 200 on a replay",
        body: CreateOperatorLoyaltyEarnRuleBody,
        response: {
          200: OperatorLoyaltyEarnRuleResponse,
          201: OperatorLoyaltyEarnRuleResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { data, replay } = await createOperatorEarnRule(ctx, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );

  api.patch(
    "/api/operator/loyalty/earn-rules/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Change an earn rule's rate or switch it off; applies to bets settled from now on",
        params: OperatorLoyaltyParams,
        body: PatchOperatorLoyaltyEarnRuleBody,
        response: { 200: OperatorLoyaltyEarnRuleResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorEarnRule(ctx, request.params.id, request.body),
    }),
  );
}
