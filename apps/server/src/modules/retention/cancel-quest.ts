// PUT /api/retention/player-quests/{id}/cancel (QS-04, API-75): the player gives up an active
// run (state 4, "cancelled"); its progress is kept for history, and the quest may be activated
// again. Publishes quest.updated in the same transaction.
import { type PlayerQuest, QuestErrorCode } from "@casino/contract/retention";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { publishQuestUpdated } from "./quest-events";
import { questRepository } from "./repository";

export async function cancelPlayerQuest(
  ctx: AppContext,
  playerId: string,
  runId: string,
): Promise<PlayerQuest> {
  return ctx.db.transaction(async (tx) => {
    const repo = questRepository(tx);
    const run = await repo.runForUpdate(runId, playerId);
    if (!run) throw AppError.notFound("No such quest of the player");
    if (run.state !== 2) {
      throw new AppError(409, QuestErrorCode.NotActive, "The quest is not active");
    }
    const now = ctx.now();
    const cancelled = await repo.setState(run.id, 4, now);
    return publishQuestUpdated(tx, now, cancelled, 2);
  });
}
