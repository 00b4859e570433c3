// The operator API's own routes (README "Operator API"): its keys (/api/operator/api-keys) and
// its audit trail (/api/operator/changes), both under the access scope.
import { ErrorBody } from "@casino/contract/errors";
import { OperatorIdParams } from "@casino/contract/operator";
import {
  ConfirmSecondFactorBody,
  CreateOperatorApiKeyBody,
  CreateOperatorUserBody,
  InvitedOperatorUserResponse,
  IssuedOperatorApiKeyResponse,
  OperatorApiKeyList,
  OperatorApiKeyQuery,
  OperatorApiKeyResponse,
  OperatorChangeList,
  OperatorChangeQuery,
  OperatorMeResponse,
  OperatorSecondFactorSetupResponse,
  OperatorSessionResponse,
  OperatorSignInBody,
  OperatorUserList,
  OperatorUserParams,
  OperatorUserResponse,
  PatchOperatorUserBody,
  SetOperatorPasswordBody,
} from "@casino/contract/operator-access";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context";
import {
  OPERATOR_NO_KEY,
  operatorActor,
  operatorApi,
  operatorErrors,
  operatorGuard,
  ROOT_ACTOR,
} from "../../lib/operator-api";
import { issueOperatorApiKey, listOperatorApiKeys, revokeOperatorApiKey } from "./api-keys";
import { listOperatorChanges } from "./changes";
import {
  callingUserView,
  confirmSecondFactor,
  createOperatorUser,
  listOperatorUsers,
  patchOperatorUser,
  reinviteOperatorUser,
  resealSecondFactors,
  setOperatorPassword,
  signInOperator,
  signOutOperator,
  startSecondFactor,
} from "./users";

export async function operatorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "access");
  if (!operator) return;
  const { api, guard, tags } = operator;
  ctx.jobs.add({
    name: "operator-totp-reseal",
    everyMs: 60 * 60 * 1000,
    run: () => resealSecondFactors(ctx),
  });

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
      return { data: { name, keyId, scopes: [...scopes], user: await callingUserView(ctx) } };
    },
  );

  api.post(
    "/api/operator/me/second-factor",
    {
      ...operatorGuard(ctx, null),
      schema: {
        tags,
        summary:
          "Set up a second factor (signed-in operator user): a TOTP secret for an authenticator app",
        response: { 200: OperatorSecondFactorSetupResponse, ...operatorErrors },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await startSecondFactor(ctx) };
    },
  );

  api.post(
    "/api/operator/me/second-factor/confirm",
    {
      ...operatorGuard(ctx, null),
      schema: {
        tags,
        summary: "Confirm the second factor with a code: sign-in asks for one from now on",
        body: ConfirmSecondFactorBody,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await confirmSecondFactor(ctx, request.body.code);
      return reply.code(204).send(null);
    },
  );

  api.get(
    "/api/operator/api-keys",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Every operator key (never the key itself), newest first; active=true only those that still work, false the revoked and expired",
        querystring: OperatorApiKeyQuery,
        response: { 200: OperatorApiKeyList, ...operatorErrors },
      },
    },
    async (request) => ({ data: await listOperatorApiKeys(ctx, request.query) }),
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

  // Operator users: managed with the access scope; signing in and setting a password need no key.
  api.get(
    "/api/operator/users",
    {
      ...guard,
      schema: {
        tags,
        summary: "Operator users (back-office sign-in by e-mail and password)",
        response: { 200: OperatorUserList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorUsers(ctx) }),
  );

  api.post(
    "/api/operator/users",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Invite a user with scopes (within the key's own): the answer is the only one with their set-password link (72 h)",
        body: CreateOperatorUserBody,
        response: { 201: InvitedOperatorUserResponse, ...operatorErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createOperatorUser(ctx, request.body) }),
  );

  api.patch(
    "/api/operator/users/:id",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Rename, change scopes or switch off a user; scopes and switch-off end their sessions",
        params: OperatorUserParams,
        body: PatchOperatorUserBody,
        response: { 200: OperatorUserResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorUser(ctx, Number(request.params.id), request.body),
    }),
  );

  api.post(
    "/api/operator/users/:id/invite",
    {
      ...guard,
      schema: {
        tags,
        summary: "A new set-password link for the user (a forgotten password); the old link stops",
        params: OperatorUserParams,
        response: { 200: InvitedOperatorUserResponse, ...operatorErrors },
      },
    },
    async (request) => ({ data: await reinviteOperatorUser(ctx, Number(request.params.id)) }),
  );

  api.post(
    "/api/operator/users/password",
    {
      ...OPERATOR_NO_KEY,
      schema: {
        tags,
        summary: "Set a password with the token of a set-password link (once; ends older sessions)",
        body: SetOperatorPasswordBody,
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (request, reply) => {
      await setOperatorPassword(ctx, request.body);
      return reply.code(204).send(null);
    },
  );

  api.post(
    "/api/operator/sessions",
    {
      ...OPERATOR_NO_KEY,
      schema: {
        tags,
        summary: "Sign in with e-mail and password: a session key with the user's scopes (12 h)",
        body: OperatorSignInBody,
        response: { 201: OperatorSessionResponse, ...operatorErrors, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return reply.code(201).send({ data: await signInOperator(ctx, request.ip, request.body) });
    },
  );

  api.delete(
    "/api/operator/sessions/current",
    {
      ...operatorGuard(ctx, null),
      schema: {
        tags,
        summary: "Sign out: ends the calling session key (other keys are left as they are)",
        response: { 204: z.null(), ...operatorErrors },
      },
    },
    async (_request, reply) => {
      await signOutOperator(ctx);
      return reply.code(204).send(null);
    },
  );
}
