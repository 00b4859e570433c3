// The operator API's own routes (README "Operator API"): its keys (/api/operator/api-keys) and
// its audit trail (/api/operator/changes), both under the access scope.
import { OperatorIdParams } from "@casino/contract/operator";
import {
  CreateOperatorApiKeyBody,
  IssuedOperatorApiKeyResponse,
  OperatorApiKeyList,
  OperatorApiKeyResponse,
  OperatorChangeList,
  OperatorChangeQuery,
  OperatorMeResponse,
} from "@casino/contract/operator-access";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import {
  operatorActor,
  operatorApi,
  operatorErrors,
  operatorGuard,
  ROOT_ACTOR,
} from "../../lib/operator-api";
import { issueOperatorApiKey, listOperatorApiKeys, revokeOperatorApiKey } from "./api-keys";
import { listOperatorChanges } from "./changes";

export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "access");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/me",
    {
      ...operatorGuard(ctx, null),
      schema: {
        tags,
        summary: "The key of this request: its name and scopes (any valid key)",
        response: { 200: OperatorMeResponse, ...operatorErrors },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const { name, keyId, scopes } = operatorActor() ?? ROOT_ACTOR;
      return { data: { name, keyId, scopes: [...scopes] } };
    },
  );

  api.get(
    "/api/operator/api-keys",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every operator key (never the key itself), revoked ones too, newest first",
        response: { 200: OperatorApiKeyList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorApiKeys(ctx) }),
  );

  api.post(
    "/api/operator/api-keys",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Issue a named key limited to scopes (within the issuer's own); the answer is the only one with the key",
        body: CreateOperatorApiKeyBody,
        response: { 201: IssuedOperatorApiKeyResponse, ...operatorErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await issueOperatorApiKey(ctx, request.body) }),
  );

  api.delete(
    "/api/operator/api-keys/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Revoke a key: refused (401) from now on",
        params: OperatorIdParams,
        response: { 200: OperatorApiKeyResponse, ...operatorErrors },
      },
    },
    async (request) => ({ data: await revokeOperatorApiKey(ctx, Number(request.params.id)) }),
  );

  api.get(
    "/api/operator/changes",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "The audit trail: every operator write, newest first, with its changes and the key that made it",
        querystring: OperatorChangeQuery,
        response: { 200: OperatorChangeList, ...operatorErrors },
      },
    },
    async (request) => listOperatorChanges(ctx, request.query),
  );
}
