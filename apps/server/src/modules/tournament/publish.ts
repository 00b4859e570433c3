// Realtime events of tournaments, written to event_outbox in the caller's transaction (ADR 0007).
import { playerChannel } from "@casino/contract/realtime";
import {
  TOURNAMENT_LEADERBOARDS_CHANNEL,
  type TournamentEntryEvent,
  type TournamentLeaderboardEvent,
} from "@casino/contract/tournament";
import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { type EntryRow, type TournamentRow, tournamentRepository } from "./repository";
import { toEntry, tournamentState } from "./view";

/** The top of the leaderboard on the public channel (after it changed, and at the end). */
export async function publishLeaderboard(
  tx: Queryable,
  tournamentId: string,
  now: Date,
): Promise<void> {
  const repo = tournamentRepository(tx);
  const row = await repo.findById(tournamentId);
  if (!row) return;
  const top = await repo.leaderboard(row.id, row.leaderboard_size);
  const subunit = BigInt(row.subunit_to_unit);
  const event: TournamentLeaderboardEvent = {
    type: "tournament.leaderboard.updated",
    tournamentId: row.id,
    state: tournamentState(row, now),
    participants: Number(row.participants),
    leaderboard: top.map((entry) => toEntry(entry, row.scoring, subunit)),
  };
  await repo.enqueueEvent(TOURNAMENT_LEADERBOARDS_CHANNEL, event, now);
}

/** The player's own entry on their tournaments channel. */
export async function publishEntry(
  tx: Queryable,
  row: Pick<TournamentRow, "id" | "scoring" | "subunit_to_unit">,
  entry: EntryRow,
  now: Date,
): Promise<void> {
  await enqueueRealtimeEvents(tx, [entryUpdated(row, entry)], now);
}

/** The realtime event of a player's entry as it is now (for the outbox). */
export function entryUpdated(
  row: Pick<TournamentRow, "id" | "scoring" | "subunit_to_unit">,
  entry: EntryRow,
): { channel: string; payload: TournamentEntryEvent } {
  return {
    channel: playerChannel("tournaments", entry.player_id),
    payload: {
      type: "tournament.entry.updated",
      tournamentId: row.id,
      entry: toEntry(entry, row.scoring, BigInt(row.subunit_to_unit)),
    },
  };
}
