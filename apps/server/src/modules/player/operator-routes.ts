// The operator's player desk (README "Operator API"; scope players): find, read, and change the
// status of players. Their ledger and balance adjustments are the wallet module's
// (wallet/operator-routes.ts).
import {
  OperatorPlayerList,
  OperatorPlayerParams,
  OperatorPlayerQuery,
  OperatorPlayerResponse,
  OperatorSignOutBody,
  OperatorSignOutResponse,
  PatchOperatorPlayerBody,
} from "@casino/contract/operator-players";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import {
  listOperatorPlayers,
  patchOperatorPlayer,
  readOperatorPlayer,
  signOutOperatorPlayer,
} from "./operator-players";

export async function operatorPlayerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "players");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/players",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Players, newest first: search by the start of an e-mail, phone or nickname, or an id; filter by status",
        querystring: OperatorPlayerQuery,
        response: { 200: OperatorPlayerList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listOperatorPlayers(ctx, request.query);
    },
  );

  api.get(
    "/api/operator/players/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "A player with their wallet accounts and balances",
        params: OperatorPlayerParams,
        response: { 200: OperatorPlayerResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorPlayer(ctx, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/players/:id",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Change a player's status with a reason: 1 active, 2 limited (no deposits), 3 blocked (no sign-in, API or bets)",
        params: OperatorPlayerParams,
        body: PatchOperatorPlayerBody,
        response: { 200: OperatorPlayerResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorPlayer(ctx, request.params.id, request.body),
    }),
  );

  api.post(
    "/api/operator/players/:id/sign-out",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "End every session of the player, with a reason: their next request is a 401 on every device",
        params: OperatorPlayerParams,
        body: OperatorSignOutBody,
        response: { 200: OperatorSignOutResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await signOutOperatorPlayer(ctx, request.params.id, request.body.reason),
    }),
  );
}
