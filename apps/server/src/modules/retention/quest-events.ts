// Realtime events of quests on `retention:quests#{profileId}` (BE-37), written to the outbox in
// the transaction of the change: quest.updated with the whole run, quest.task.updated per task.
import {
  type PlayerQuest,
  type QuestEvent,
  type QuestState,
  type QuestTask,
  retentionQuestsChannel,
} from "@casino/contract/retention";
import type { Queryable } from "../../infra/db";
import { toPlayerQuest } from "./quest-views";
import { type PlayerQuestRow, questRepository } from "./repository";

export async function publishQuestUpdated(
  tx: Queryable,
  now: Date,
  run: PlayerQuestRow,
  previousState: QuestState | null,
): Promise<PlayerQuest> {
  const quest = await toPlayerQuest(tx, run);
  const event: QuestEvent = { type: "quest.updated", quest, previousState };
  await questRepository(tx).enqueueEvent(retentionQuestsChannel(run.player_id), event, now);
  return quest;
}

export async function publishTaskUpdated(
  tx: Queryable,
  now: Date,
  run: PlayerQuestRow,
  questName: string,
  task: QuestTask,
  completedNow: boolean,
): Promise<void> {
  const event: QuestEvent = {
    type: "quest.task.updated",
    quest: { id: run.id, questId: run.quest_id, name: questName, state: run.state as QuestState },
    task,
    completedNow,
  };
  await questRepository(tx).enqueueEvent(retentionQuestsChannel(run.player_id), event, now);
}
