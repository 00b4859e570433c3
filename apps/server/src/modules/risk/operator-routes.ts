// A player's responsible-gambling limits on the operator's player desk (scope players): read
// only. Limits are the player's to set; the operator sees what holds and what is pending.
import { PlayerLimitList } from "@casino/contract/limits";
import { OperatorPlayerParams } from "@casino/contract/operator-players";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import { requireOperatorPlayer } from "../player/operator-players";
import { listLimits } from "./list-limits";

export async function operatorRiskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "players");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/players/:id/limits",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "A player's limits (deposit, loss, wager, session, self-exclusion, cooling off) with their usage and pending changes",
        params: OperatorPlayerParams,
        response: { 200: PlayerLimitList, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      await requireOperatorPlayer(ctx.db, request.params.id);
      return { data: await listLimits(ctx, request.params.id) };
    },
  );
}
