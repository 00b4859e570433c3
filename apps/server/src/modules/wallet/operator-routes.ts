// The operator's view of a player's money (README "Operator API"): the ledger and the game
// rounds (scope players) and manual balance adjustments (scope payments).
import {
  CreateOperatorAdjustmentBody,
  OperatorAdjustmentResponse,
  OperatorLedgerList,
  OperatorLedgerQuery,
  OperatorPlayerParams,
  OperatorRoundList,
  OperatorRoundQuery,
} from "@casino/contract/operator-players";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors, operatorGuard } from "../../lib/operator-api";
import { listPlayerRounds } from "../game/operator-player-rounds";
import { adjustPlayerBalance } from "./operator-adjustments";
import { listPlayerLedger } from "./operator-ledger";

export async function operatorWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "players");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/players/:id/transactions",
    {
      ...guard,
      schema: {
        tags,
        summary: "The player's ledger entries, newest first, with each posting's kind and metadata",
        params: OperatorPlayerParams,
        querystring: OperatorLedgerQuery,
        response: { 200: OperatorLedgerList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listPlayerLedger(ctx, request.params.id, request.query);
    },
  );

  api.get(
    "/api/operator/players/:id/rounds",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "The player's game rounds, newest first, open ones too: game, studio, currency, bet, win, refund, status",
        params: OperatorPlayerParams,
        querystring: OperatorRoundQuery,
        response: { 200: OperatorRoundList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listPlayerRounds(ctx, request.params.id, request.query);
    },
  );

  api.post(
    "/api/operator/players/:id/adjustments",
    {
      ...operatorGuard(ctx, "payments"),
      schema: {
        tags,
        summary:
          "Credit (positive) or debit (negative) the player's real balance through the ledger; 200 on a replay of the key",
        params: OperatorPlayerParams,
        body: CreateOperatorAdjustmentBody,
        response: {
          200: OperatorAdjustmentResponse,
          201: OperatorAdjustmentResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { data, replay } = await adjustPlayerBalance(ctx, request.params.id, request.body);
      return reply.code(replay ? 200 : 201).send({ data });
    },
  );
}
