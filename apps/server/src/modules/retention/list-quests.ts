// GET /api/retention/quests (QS-01, API-72) and /api/retention/player-quests (QS-02, API-73).
import type { PlayerQuest, Quest } from "@casino/contract/retention";
import type { AppContext } from "../../context";
import { toPlayerQuests, toQuests } from "./quest-views";
import { questRepository } from "./repository";

/** The quests available now (in `currency` when given), each with the player's run merged in. */
export async function listQuests(
  ctx: AppContext,
  playerId: string,
  currency: string | null,
): Promise<Quest[]> {
  const repo = questRepository(ctx.db);
  const quests = await repo.availableQuests(ctx.now(), currency);
  const runs = await repo.latestRuns(
    playerId,
    quests.map((quest) => quest.id),
  );
  return toQuests(ctx.db, quests, runs);
}

/** The player's runs, newest first, in the given states (none: all) and currency. */
export async function listPlayerQuests(
  ctx: AppContext,
  playerId: string,
  states: readonly number[],
  currency: string | null,
): Promise<PlayerQuest[]> {
  const runs = await questRepository(ctx.db).playerQuests(playerId, states, currency);
  return toPlayerQuests(ctx.db, runs);
}
