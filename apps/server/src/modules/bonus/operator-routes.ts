import { PlayerBonusResponse } from "@casino/contract/bonus";
import { ErrorBody } from "@casino/contract/errors";
import {
  CreateOperatorBonusBody,
  CreateOperatorBonusCodeBody,
  CreateOperatorBonusPackageBody,
  OperatorBonusCodeList,
  OperatorBonusCodeResponse,
  OperatorBonusList,
  OperatorBonusPackageList,
  OperatorBonusPackageResponse,
  OperatorBonusResponse,
  OperatorCashbackList,
  OperatorCashbackParams,
  OperatorCashbackResponse,
  OperatorGameRuleParams,
  OperatorIdParams,
  PatchOperatorBonusBody,
  PatchOperatorBonusCodeBody,
  PatchOperatorBonusPackageBody,
  PutOperatorBonusPackageStepsBody,
  PutOperatorCashbackBody,
  PutOperatorGameRuleBody,
} from "@casino/contract/operator";
import {
  CancelOperatorBonusBody,
  DecideOperatorGrantBody,
  GrantOperatorBonusBody,
  OperatorBonusGrantResponse,
  OperatorGrantApprovalResponse,
  OperatorGrantRequestList,
  OperatorGrantRequestQuery,
  OperatorGrantRequestResponse,
  OperatorPlayerBonusesResponse,
  OperatorPlayerBonusParams,
  OperatorPlayerParams,
} from "@casino/contract/operator-players";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors, operatorGuard } from "../../lib/operator-api";
import {
  createOperatorBonusCode,
  listOperatorBonusCodes,
  patchOperatorBonusCode,
} from "./operator-bonus-codes";
import {
  createOperatorBonusPackage,
  listOperatorBonusPackages,
  patchOperatorBonusPackage,
  putBonusPackageSteps,
  readOperatorBonusPackage,
} from "./operator-bonus-packages";
import {
  createOperatorBonus,
  deleteGameRule,
  listOperatorBonuses,
  patchOperatorBonus,
  putGameRule,
  readOperatorBonus,
} from "./operator-bonuses";
import { listOperatorCashback, putOperatorCashback } from "./operator-cashback";
import { listGrantRequests } from "./operator-grant-requests";
import {
  cancelOperatorBonus,
  decideOperatorGrant,
  grantOperatorBonus,
  readOperatorPlayerBonuses,
} from "./operator-player-bonuses";

export async function operatorBonusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "promotions");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/bonuses",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every bonus definition with its conditions and game rules",
        response: { 200: OperatorBonusList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorBonuses(ctx) }),
  );

  api.post(
    "/api/operator/bonuses",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create a bonus definition (deposit, code or reward); 200 on a replayed key",
        body: CreateOperatorBonusBody,
        response: { 200: OperatorBonusResponse, 201: OperatorBonusResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      const { data, replay } = await createOperatorBonus(ctx, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );

  api.get(
    "/api/operator/bonuses/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "One bonus definition, switched off too, with its conditions and game rules",
        params: OperatorIdParams,
        response: { 200: OperatorBonusResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorBonus(ctx.db, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/bonuses/:id",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Change a bonus (applies to bonuses issued from now on); isEnabled false stops new issues",
        params: OperatorIdParams,
        body: PatchOperatorBonusBody,
        response: { 200: OperatorBonusResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorBonus(ctx, Number(request.params.id), request.body),
    }),
  );

  api.put(
    "/api/operator/bonuses/:id/game-rules/:game",
    {
      ...guard,
      schema: {
        tags,
        summary: "Set a game's wagering contribution (percent) and restriction for a bonus",
        params: OperatorGameRuleParams,
        body: PutOperatorGameRuleBody,
        response: { 200: OperatorBonusResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await putGameRule(ctx, Number(request.params.id), request.params.game, request.body),
    }),
  );

  api.delete(
    "/api/operator/bonuses/:id/game-rules/:game",
    {
      ...guard,
      schema: {
        tags,
        summary: "Remove a game's rule: the bonus's default contribution applies again",
        params: OperatorGameRuleParams,
        response: { 200: OperatorBonusResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await deleteGameRule(ctx, Number(request.params.id), request.params.game),
    }),
  );

  api.get(
    "/api/operator/bonus-codes",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every bonus code with its bonus, window, uses and state",
        response: { 200: OperatorBonusCodeList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorBonusCodes(ctx) }),
  );

  api.post(
    "/api/operator/bonus-codes",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create a bonus code (trigger 1 at once, 3 at the next deposit); 200 on a replay",
        body: CreateOperatorBonusCodeBody,
        response: {
          200: OperatorBonusCodeResponse,
          201: OperatorBonusCodeResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { data, replay } = await createOperatorBonusCode(ctx, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );

  api.patch(
    "/api/operator/bonus-codes/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a bonus code; isEnabled false disables it (players get status 4)",
        params: OperatorIdParams,
        body: PatchOperatorBonusCodeBody,
        response: { 200: OperatorBonusCodeResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorBonusCode(ctx, Number(request.params.id), request.body),
    }),
  );

  api.get(
    "/api/operator/bonus-packages",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every bonus package with its steps in order and how many players started it",
        response: { 200: OperatorBonusPackageList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorBonusPackages(ctx) }),
  );

  api.post(
    "/api/operator/bonus-packages",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Create a bonus package with its steps (deposit bonuses in order); 200 on a replay",
        body: CreateOperatorBonusPackageBody,
        response: {
          200: OperatorBonusPackageResponse,
          201: OperatorBonusPackageResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { data, replay } = await createOperatorBonusPackage(ctx, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );

  api.get(
    "/api/operator/bonus-packages/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "One bonus package, switched off too, with its steps in order",
        params: OperatorIdParams,
        response: { 200: OperatorBonusPackageResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorBonusPackage(ctx.db, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/bonus-packages/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Rename a package or switch it off (none of its steps is offered)",
        params: OperatorIdParams,
        body: PatchOperatorBonusPackageBody,
        response: { 200: OperatorBonusPackageResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorBonusPackage(ctx, Number(request.params.id), request.body),
    }),
  );

  api.put(
    "/api/operator/bonus-packages/:id/steps",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Set a package's steps in order; once players started it, its steps stay first and in order (409)",
        params: OperatorIdParams,
        body: PutOperatorBonusPackageStepsBody,
        response: { 200: OperatorBonusPackageResponse, 409: ErrorBody, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await putBonusPackageSteps(ctx, Number(request.params.id), request.body.steps),
    }),
  );

  api.get(
    "/api/operator/cashback",
    {
      ...guard,
      schema: {
        tags,
        summary: "The cashback configuration of every currency, with how far payouts covered",
        response: { 200: OperatorCashbackList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorCashback(ctx) }),
  );

  api.put(
    "/api/operator/cashback/:currency",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create (201) or replace (200) a currency's cashback; applies to the next payout",
        params: OperatorCashbackParams,
        body: PutOperatorCashbackBody,
        response: {
          200: OperatorCashbackResponse,
          201: OperatorCashbackResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { data, created } = await putOperatorCashback(
        ctx,
        request.params.currency,
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  // A player's bonuses on the player desk: read with the players scope, changed with promotions.
  api.get(
    "/api/operator/players/:id/bonuses",
    {
      ...operatorGuard(ctx, "players"),
      schema: {
        tags,
        summary: "A player's bonuses and free-spins grants, every status, newest first",
        params: OperatorPlayerParams,
        response: { 200: OperatorPlayerBonusesResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorPlayerBonuses(ctx, request.params.id) };
    },
  );

  api.post(
    "/api/operator/players/:id/bonuses",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Grant a bonus definition to a player (201; a replay of the key answers the first grant with 200); without wagering it needs payments too (403); above OPERATOR_GRANT_APPROVAL_ABOVE it waits for a second operator (202, a grant request)",
        params: OperatorPlayerParams,
        body: GrantOperatorBonusBody,
        response: {
          200: OperatorBonusGrantResponse,
          201: OperatorBonusGrantResponse,
          202: OperatorGrantRequestResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await grantOperatorBonus(ctx, request.params.id, request.body);
      if (result.pending) return reply.code(202).send({ data: result.pending });
      return reply.code(result.created ? 201 : 200).send({ data: result.grant });
    },
  );

  // Grants waiting for a second operator (OPERATOR_GRANT_APPROVAL_ABOVE).
  api.get(
    "/api/operator/grant-requests",
    {
      ...guard,
      schema: {
        tags,
        summary: "Bonus grants above OPERATOR_GRANT_APPROVAL_ABOVE, newest first (200 at most)",
        querystring: OperatorGrantRequestQuery,
        response: { 200: OperatorGrantRequestList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await listGrantRequests(ctx, request.query.status) };
    },
  );

  for (const [action, decision] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const) {
    api.post(
      `/api/operator/grant-requests/:id/${action}`,
      {
        ...guard,
        schema: {
          tags,
          summary:
            action === "approve"
              ? "Approve a grant request: the grant is issued as asked; only another key (and operator user) than the requester's (403); once decided 409"
              : "Reject a grant request: nothing is granted; only another key (and operator user) than the requester's (403); once decided 409",
          params: OperatorIdParams,
          body: DecideOperatorGrantBody,
          response: { 200: OperatorGrantApprovalResponse, 409: ErrorBody, ...operatorErrors },
        },
      },
      async (request) => ({
        data: await decideOperatorGrant(
          ctx,
          Number(request.params.id),
          decision,
          request.body.reason,
        ),
      }),
    );
  }

  api.post(
    "/api/operator/players/:id/bonuses/:bonusId/cancel",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Cancel a player's issued or active bonus: the bonus money it holds goes back (409 16002 finished, 16003 a round open)",
        params: OperatorPlayerBonusParams,
        body: CancelOperatorBonusBody,
        response: { 200: PlayerBonusResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await cancelOperatorBonus(
        ctx,
        request.params.id,
        Number(request.params.bonusId),
        request.body.reason,
      ),
    }),
  );
}
