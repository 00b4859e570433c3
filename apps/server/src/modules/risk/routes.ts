import { ErrorBody } from "@casino/contract/errors";
import { TurnOverWagerQuery, TurnOverWagerResponse } from "@casino/contract/risk";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import { toTurnOverWager, turnOverState } from "./turn-over-wager";

/** GET /api/risk/reasons/turn-over-wager (WD-05, API-46, BE-28). */
export async function riskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/risk/reasons/turn-over-wager",
    {
      preHandler: requirePlayer(ctx),
      schema: {
        tags: ["risk"],
        summary: "What the player must still wager in a currency before withdrawing (BE-28)",
        querystring: TurnOverWagerQuery,
        response: { 200: TurnOverWagerResponse, 401: ErrorBody, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const state = await turnOverState(ctx, playerOf(request).profileId, request.query.currency);
      return { data: toTurnOverWager(state) };
    },
  );
}
