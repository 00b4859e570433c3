// PUT /api/retention/quests/{id}/activate (QS-03, API-74): starts a run of an available quest in
// its currency. Serialised per player (row lock); one active run per quest (a unique index backs
// it). The deadline is activation + the quest's duration, at the latest the end of its window.
// loginDays tasks count the day of activation (the player is signed in on it). Publishes
// quest.updated (state 2) in the same transaction.
import { ErrorCode } from "@casino/contract/errors";
import { type PlayerQuest, QuestErrorCode } from "@casino/contract/retention";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { localDate } from "./local-day";
import { publishQuestUpdated } from "./quest-events";
import { completeRun } from "./quest-progress";
import { toPlayerQuest } from "./quest-views";
import { questRepository } from "./repository";

export async function activateQuest(
  ctx: AppContext,
  playerId: string,
  questId: string,
): Promise<PlayerQuest> {
  return ctx.db.transaction(async (tx) => {
    const repo = questRepository(tx);
    const now = ctx.now();
    if (!(await repo.lockPlayer(playerId))) throw AppError.unauthorized();
    const quest = (await repo.availableQuests(now, null)).find((item) => item.id === questId);
    if (!quest) throw AppError.notFound("The quest is not available", ErrorCode.NotFound);
    if (await repo.activeRun(playerId, quest.id)) {
      throw new AppError(409, QuestErrorCode.AlreadyActive, "The quest is already active");
    }
    if (!quest.is_repeatable && (await repo.hasCompleted(playerId, quest.id))) {
      throw new AppError(409, QuestErrorCode.AlreadyCompleted, "The quest was completed");
    }
    const deadlines = [
      quest.duration_seconds === null ? null : now.getTime() + quest.duration_seconds * 1000,
      quest.available_until?.getTime() ?? null,
    ].filter((value): value is number => value !== null);
    const expiresAt = deadlines.length > 0 ? new Date(Math.min(...deadlines)) : null;
    const run = await repo.insertRun({
      playerId,
      questId: quest.id,
      currency: quest.currency,
      now,
      expiresAt,
    });
    const today = localDate(now, await repo.playerTimeZone(playerId));
    const tasks = await repo.tasksOf([quest.id]);
    await repo.insertTasks(
      run.id,
      tasks.map((task) => {
        const login = task.type === "loginDays";
        const done = login && BigInt(task.quantity) <= 1n;
        return {
          taskId: task.id,
          progress: login ? 1n : 0n,
          lastDay: login ? today : null,
          done: done ? now : null,
        };
      }),
    );
    await publishQuestUpdated(tx, now, run, null);
    const done = await repo.playerTasks([run.id]);
    if (tasks.length > 0 && done.every((row) => row.completed_at !== null)) {
      return toPlayerQuest(tx, await completeRun(tx, ctx, run));
    }
    return toPlayerQuest(tx, run);
  });
}
