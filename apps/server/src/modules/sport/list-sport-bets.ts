import type { PageMeta } from "@casino/contract/pagination";
import type { SportBet, SportBetListQuery } from "@casino/contract/sport";
import type { Queryable } from "../../infra/db";
import { sportRepository } from "./repository";
import { sportBetViews } from "./view";

/** GET /api/game/sport-bets: the player's own sports bets, newest first. */
export async function listSportBets(
  db: Queryable,
  profileId: string,
  query: SportBetListQuery,
): Promise<{ data: SportBet[]; meta: PageMeta }> {
  const { bets, total } = await sportRepository(db).listForPlayer({
    profileId,
    status: query.status ?? null,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return {
    data: await sportBetViews(db, bets),
    meta: { page: query.page, perPage: query.perPage, total },
  };
}
