// GET /api/retention/tournaments and /api/retention/tournaments/{identity}.
import type { Tournament, TournamentDetail, TournamentState } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { type PrizeRow, tournamentRepository } from "./repository";
import { toEntry, toRules, toTournament } from "./view";

function byTournament(prizes: readonly PrizeRow[]): Map<string, PrizeRow[]> {
  const map = new Map<string, PrizeRow[]>();
  for (const prize of prizes) {
    const list = map.get(prize.tournament_id) ?? [];
    list.push(prize);
    map.set(prize.tournament_id, list);
  }
  return map;
}

/** Every enabled tournament (or those in one state), in the operator's order. */
export async function listTournaments(
  ctx: AppContext,
  playerId: string | null,
  state?: TournamentState,
): Promise<Tournament[]> {
  const repo = tournamentRepository(ctx.db);
  const rows = await repo.list();
  const ids = rows.map((row) => row.id);
  const [prizes, joined] = await Promise.all([
    repo.prizes(ids),
    playerId ? repo.joinedOf(playerId, ids) : Promise.resolve(new Set<string>()),
  ]);
  const prizeMap = byTournament(prizes);
  const now = ctx.now();
  return rows
    .map((row) => toTournament(row, prizeMap.get(row.id) ?? [], joined.has(row.id), now))
    .filter((tournament) => !state || tournament.state === state);
}

/** One tournament with its rules, its leaderboard and the player's own entry. */
export async function getTournament(
  ctx: AppContext,
  identity: string,
  playerId: string | null,
): Promise<TournamentDetail> {
  const repo = tournamentRepository(ctx.db);
  const row = await repo.findBySlug(identity);
  if (!row) throw AppError.notFound("Tournament not found");
  const subunit = BigInt(row.subunit_to_unit);
  const [prizes, eligibility, leaderboard, mine] = await Promise.all([
    repo.prizes([row.id]),
    repo.eligibility(row),
    repo.leaderboard(row.id, row.leaderboard_size),
    playerId ? repo.entry(row.id, playerId) : Promise.resolve(null),
  ]);
  return {
    ...toTournament(row, prizes, mine !== null, ctx.now()),
    rules: toRules(row, eligibility),
    leaderboard: leaderboard.map((entry) => toEntry(entry, row.scoring, subunit)),
    me: mine ? toEntry(mine, row.scoring, subunit) : null,
  };
}
