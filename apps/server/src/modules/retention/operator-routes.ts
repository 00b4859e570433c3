// The operator API for quests (OPERATOR_API_TOKEN; off without it; packages/contract/src/operator.ts).
// A create answers 201, or 200 when its `key` was used before (the first result, nothing written).
import { ErrorBody } from "@casino/contract/errors";
import {
  CreateOperatorQuestBody,
  OperatorQuestList,
  OperatorQuestParams,
  OperatorQuestResponse,
  PatchOperatorQuestBody,
} from "@casino/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import { createOperatorQuest, listOperatorQuests, patchOperatorQuest } from "./operator-quests";

export async function operatorQuestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx);
  if (!operator) return;
  const { api, onRequest, tags } = operator;

  api.get(
    "/api/operator/quests",
    {
      onRequest,
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
      onRequest,
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

  api.patch(
    "/api/operator/quests/:id",
    {
      onRequest,
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
}
