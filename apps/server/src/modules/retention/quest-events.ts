// Realtime events of quests on `retention:quests#{profileId}` (BE-37), written to the outbox in
// the transaction of the change: quest.updated with the whole run, quest.task.updated per task
// (written by quest-progress.ts, once per task and dispatch).
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

/** quest.task.updated of one task, for the caller to write with its others in one statement. */
export function taskUpdatedEvent(
  run: PlayerQuestRow,
  questName: string,
  task: QuestTask,
  completedNow: boolean,
): { channel: string; payload: QuestEvent } {
  return {
    channel: retentionQuestsChannel(run.player_id),
    payload: {
      type: "quest.task.updated",
      quest: { id: run.id, questId: run.quest_id, name: questName, state: run.state as QuestState },
      task,
      completedNow,
    },
  };
}
