import type { GameRound } from "@casino/contract/game";
import type { PageMeta } from "@casino/contract/pagination";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import { roundStatus, subunitOf } from "./provider-wallet";
import type { GameCatalogueRepository } from "./repository";

/**
 * GM-09: the player's rounds, newest first (GET /api/game/spins), or as bets with their
 * status, optionally only settled or unsettled ones (GET /api/game/bets).
 */
export async function listRounds(
  db: Queryable,
  repo: GameCatalogueRepository,
  input: { playerId: string; page: number; perPage: number; settled: boolean | null },
): Promise<{ data: GameRound[]; meta: PageMeta }> {
  const { rounds, total } = await repo.listRounds({
    playerId: input.playerId,
    settled: input.settled,
    limit: input.perPage,
    offset: (input.page - 1) * input.perPage,
  });
  const data: GameRound[] = [];
  for (const round of rounds) {
    const subunit = await subunitOf(db, round.currency);
    data.push({
      id: round.id,
      gameId: round.gameId,
      gameTitle: round.gameTitle,
      providerName: round.providerName,
      currency: round.currency,
      betAmount: formatAmount(round.betAmount, subunit),
      winAmount: formatAmount(round.winAmount, subunit),
      status: roundStatus({
        ...round,
        status: round.isSettled ? "closed" : "open",
      }),
      isSettled: round.isSettled,
      createdAt: round.createdAt,
      settledAt: round.settledAt,
    });
  }
  return { data, meta: { page: input.page, perPage: input.perPage, total } };
}
