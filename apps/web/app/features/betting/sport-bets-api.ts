// GET /api/game/sport-bets (issue 25, contract sport.ts): the player's sports bets for the
// history's Sports tab, and the realtime event that updates them.
import {
  SPORT_BET_UPDATED,
  type SportBet,
  type SportBetList,
  SportBetUpdatedEvent,
} from "@casino/contract/sport";
import { apiRequest } from "../../lib/api/api-client";

export const SPORT_BETS_KEY = ["game", "sport-bets"] as const;

export type SportBetFilter = "all" | "open" | "settled";

export function sportBetsQuery(filter: SportBetFilter, page: number, perPage = 20) {
  return {
    queryKey: [...SPORT_BETS_KEY, filter, page, perPage] as const,
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
      if (filter !== "all") params.set("status", filter);
      return apiRequest<SportBetList>(`/api/game/sport-bets?${params.toString()}`);
    },
  };
}

/** The bet a realtime publication carries, or null when it is another event. */
export function updatedSportBet(data: unknown): SportBet | null {
  if ((data as { type?: unknown } | null)?.type !== SPORT_BET_UPDATED) return null;
  const parsed = SportBetUpdatedEvent.safeParse(data);
  return parsed.success ? parsed.data.bet : null;
}

/**
 * A page of bets with an updated bet laid in: replaced where it is, or (a new open bet) put
 * first on the first page of a list that shows it.
 */
export function withUpdatedBet(
  list: SportBet[],
  bet: SportBet,
  options: { filter: SportBetFilter; firstPage: boolean },
): SportBet[] {
  const shows = options.filter === "all" || (options.filter === "open") === (bet.status === "open");
  const at = list.findIndex((item) => item.id === bet.id);
  if (at >= 0) {
    if (!shows) return list.filter((item) => item.id !== bet.id);
    return list.map((item) => (item.id === bet.id ? bet : item));
  }
  return shows && options.firstPage ? [bet, ...list] : list;
}
