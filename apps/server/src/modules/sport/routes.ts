import { ErrorBody } from "@casino/contract/errors";
import {
  OperatorSportBetList,
  OperatorSportBetQuery,
  OperatorSportLiabilityList,
  OperatorSportLiabilityQuery,
} from "@casino/contract/operator-sport";
import { SportBetList, SportBetListQuery } from "@casino/contract/sport";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { operatorErrors, operatorGuard } from "../../lib/operator-api";
import { playerOf, requirePlayer } from "../player/authenticate";
import { listSportBets } from "./list-sport-bets";
import { listOperatorSportBets, sportLiability } from "./operator-sport-bets";
import { publishSportBets, SPORT_BET_UPDATED, SPORT_REALTIME_CONSUMER } from "./publish";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

/**
 * The platform around sports bets (issue 25): the player's sports-bet history and its live
 * updates. The bets themselves are recorded by the provider wallet calls of a sportsbook
 * provider (sport_bets, sport_bet_legs).
 */
export async function sportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  ctx.domainEvents.subscribe(
    SPORT_REALTIME_CONSUMER,
    [SPORT_BET_UPDATED],
    (tx, event) => publishSportBets(tx, [event], ctx.now()),
    { handleBatch: (tx, events) => publishSportBets(tx, events, ctx.now()) },
  );

  api.get(
    "/api/game/sport-bets",
    {
      preHandler: requirePlayer(ctx),
      schema: {
        tags: ["game"],
        summary: "The player's sports bets with their legs, newest first; open or settled ones",
        querystring: SportBetListQuery,
        response: { 200: SportBetList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listSportBets(ctx.db, playerOf(request).profileId, request.query);
    },
  );

  if (!ctx.config.operatorApiToken) return;
  const tags = ["operator"];
  api.get(
    "/api/operator/sport-bets",
    {
      ...operatorGuard(ctx, "players"),
      schema: {
        tags,
        summary: "Sports bets with their legs, newest first: by player, event and status",
        querystring: OperatorSportBetQuery,
        response: { 200: OperatorSportBetList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listOperatorSportBets(ctx, request.query);
    },
  );
  api.get(
    "/api/operator/sport-bets/liability",
    {
      ...operatorGuard(ctx, ["players", "reports"]),
      schema: {
        tags,
        summary:
          "Open liability per event and market: open bets, their stakes and the sum of their potential payouts, per currency",
        querystring: OperatorSportLiabilityQuery,
        response: { 200: OperatorSportLiabilityList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await sportLiability(ctx, request.query) };
    },
  );
}
