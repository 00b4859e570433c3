// The tournament calls (/api/retention/tournaments, packages/contract/src/tournament.ts) as
// TanStack Query options. Types only from the contract: no zod reaches the browser.
import type {
  LeaderboardEntry,
  Tournament,
  TournamentDetail,
  TournamentState,
} from "@casino/contract/tournament";
import { apiRequest } from "../../lib/api/api-client";

export type { LeaderboardEntry, Tournament, TournamentDetail, TournamentState };

export const TOURNAMENTS_KEY = ["retention", "tournaments"] as const;

/** The list; the signed-in player's `isJoined` depends on the session, so it is in the key. */
export function tournamentsQuery(viewer: string | null) {
  return {
    queryKey: [...TOURNAMENTS_KEY, "list", viewer] as const,
    queryFn: () => apiRequest<{ data: Tournament[] }>("/api/retention/tournaments"),
    staleTime: 30_000,
  };
}

export function tournamentKey(identity: string, viewer: string | null) {
  return [...TOURNAMENTS_KEY, "detail", identity, viewer] as const;
}

export function tournamentQuery(identity: string, viewer: string | null) {
  return {
    queryKey: tournamentKey(identity, viewer),
    queryFn: () =>
      apiRequest<{ data: TournamentDetail }>(
        `/api/retention/tournaments/${encodeURIComponent(identity)}`,
      ).then((response) => response.data),
    staleTime: 10_000,
  };
}

export function joinTournament(identity: string): Promise<TournamentDetail> {
  return apiRequest<{ data: TournamentDetail }>(
    `/api/retention/tournaments/${encodeURIComponent(identity)}/join`,
    { method: "PUT" },
  ).then((response) => response.data);
}
