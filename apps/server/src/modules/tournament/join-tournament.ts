// PUT /api/retention/tournaments/{identity}/join: opt in. Only bets settled after joining count.
// Joining twice changes nothing; a finished tournament cannot be joined (409).
import { ErrorCode } from "@casino/contract/errors";
import type { TournamentDetail } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { publishLeaderboard } from "./publish";
import { getTournament } from "./read-tournaments";
import { tournamentRepository } from "./repository";

export async function joinTournament(
  ctx: AppContext,
  identity: string,
  playerId: string,
): Promise<TournamentDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // FOR SHARE: waits for a completion in progress, which then shows as completed_at.
    const [row] = await tx.query<{
      id: string;
      ends_at: Date;
      completed_at: Date | null;
      leaderboard_size: number;
    }>(
      `SELECT id, ends_at, completed_at, leaderboard_size FROM tournaments
        WHERE slug = $1 AND is_enabled FOR SHARE`,
      [identity],
    );
    if (!row) throw AppError.notFound("Tournament not found");
    if (row.completed_at || row.ends_at.getTime() <= now.getTime()) {
      throw new AppError(409, ErrorCode.Conflict, "The tournament has finished");
    }
    const repo = tournamentRepository(tx);
    const joined = await repo.join(row.id, playerId, now);
    // A new entry (score 0) shows on the board only while the board has room for it.
    const entry = joined ? await repo.entry(row.id, playerId) : null;
    if (entry && entry.place <= row.leaderboard_size) await publishLeaderboard(tx, row.id, now);
  });
  return getTournament(ctx, identity, playerId);
}
