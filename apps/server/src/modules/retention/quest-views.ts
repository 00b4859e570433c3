// Rows → the contract's Quest, PlayerQuest and QuestTask (packages/contract/src/retention.ts).
import {
  AMOUNT_TASK_TYPES,
  type PlayerQuest,
  type Quest,
  type QuestReward,
  type QuestState,
  type QuestTask,
  type QuestTaskType,
} from "@casino/contract/retention";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import {
  type PlayerQuestRow,
  type PlayerTaskRow,
  type QuestRow,
  questRepository,
  type RewardRow,
  type TaskRow,
} from "./repository";

export function isAmountTask(type: string): boolean {
  return AMOUNT_TASK_TYPES.includes(type as QuestTaskType);
}

/** Which tasks count now: every unfinished one, or only the first unfinished of a sequential quest. */
export function activeTaskIds(
  quest: Pick<QuestRow, "is_sequential">,
  tasks: readonly TaskRow[],
  isDone: (task: TaskRow) => boolean,
): Set<string> {
  const open = tasks.filter((task) => !isDone(task));
  return new Set((quest.is_sequential ? open.slice(0, 1) : open).map((task) => task.id));
}

export function toQuestTask(
  task: TaskRow,
  state: { progress: bigint; isActive: boolean; isCompleted: boolean },
  subunit: bigint,
): QuestTask {
  const show = (minor: bigint) =>
    isAmountTask(task.type) ? formatAmount(minor, subunit) : minor.toString();
  return {
    id: task.id,
    name: task.name,
    type: task.type as QuestTaskType,
    isActive: state.isActive,
    isCompleted: state.isCompleted,
    progress: show(state.progress),
    quantity: show(BigInt(task.quantity)),
    minBet: formatAmount(BigInt(task.min_bet), subunit),
    games: task.games,
    providers: task.providers,
  };
}

function toReward(row: RewardRow): QuestReward {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    points: row.points === null ? null : Number(row.points),
    bonusId: row.bonus_id,
  };
}

/** The task views of one run (or of no run: zero progress, none active). */
function taskViews(
  quest: QuestRow,
  tasks: readonly TaskRow[],
  run: PlayerQuestRow | null,
  progress: ReadonlyMap<string, PlayerTaskRow>,
  subunit: bigint,
): QuestTask[] {
  const doneOf = (task: TaskRow) => progress.get(`${run?.id}:${task.id}`)?.completed_at != null;
  const active = run?.state === 2 ? activeTaskIds(quest, tasks, doneOf) : new Set<string>();
  return tasks.map((task) => {
    const row = run ? progress.get(`${run.id}:${task.id}`) : undefined;
    return toQuestTask(
      task,
      {
        progress: row ? BigInt(row.progress) : 0n,
        isActive: active.has(task.id),
        isCompleted: row?.completed_at != null,
      },
      subunit,
    );
  });
}

interface Loaded {
  quests: Map<string, QuestRow>;
  tasks: Map<string, TaskRow[]>;
  rewards: Map<string, RewardRow[]>;
  progress: Map<string, PlayerTaskRow>;
  subunits: Map<string, bigint>;
}

async function load(
  db: Queryable,
  quests: readonly QuestRow[],
  runs: readonly PlayerQuestRow[],
): Promise<Loaded> {
  const repo = questRepository(db);
  const known = new Map(quests.map((quest) => [quest.id, quest]));
  const missing = [...new Set(runs.map((run) => run.quest_id))].filter((id) => !known.has(id));
  for (const quest of await repo.questsByIds(missing)) known.set(quest.id, quest);
  const ids = [...known.keys()];
  const [tasks, rewards, progress, subunits] = await Promise.all([
    repo.tasksOf(ids),
    repo.rewardsOf(ids),
    repo.playerTasks(runs.map((run) => run.id)),
    repo.subunits(),
  ]);
  const group = <T extends { quest_id: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.quest_id, [...(map.get(row.quest_id) ?? []), row]);
    return map;
  };
  return {
    quests: known,
    tasks: group(tasks),
    rewards: group(rewards),
    progress: new Map(progress.map((row) => [`${row.player_quest_id}:${row.task_id}`, row])),
    subunits,
  };
}

function subunitOf(loaded: Loaded, currency: string): bigint {
  return loaded.subunits.get(currency) ?? 100n;
}

/** The player's runs as the API shows them. */
export async function toPlayerQuests(
  db: Queryable,
  runs: readonly PlayerQuestRow[],
): Promise<PlayerQuest[]> {
  const loaded = await load(db, [], runs);
  return runs.map((run) => {
    const quest = loaded.quests.get(run.quest_id)!;
    return {
      id: run.id,
      questId: quest.id,
      name: quest.name,
      description: quest.description,
      image: quest.image,
      currency: run.currency,
      state: run.state as QuestState,
      activatedAt: run.activated_at.toISOString(),
      expiresAt: run.expires_at?.toISOString() ?? null,
      endedAt: run.ended_at?.toISOString() ?? null,
      tasks: taskViews(
        quest,
        loaded.tasks.get(quest.id) ?? [],
        run,
        loaded.progress,
        subunitOf(loaded, run.currency),
      ),
      rewards: (loaded.rewards.get(quest.id) ?? []).map(toReward),
    };
  });
}

export async function toPlayerQuest(db: Queryable, run: PlayerQuestRow): Promise<PlayerQuest> {
  const [view] = await toPlayerQuests(db, [run]);
  return view!;
}

/**
 * Quests with the player's run merged in: an active run, or a completed one of a quest that may
 * not be repeated, shows with its state and progress; otherwise state 1 and no progress.
 */
export async function toQuests(
  db: Queryable,
  quests: readonly QuestRow[],
  latestRuns: readonly PlayerQuestRow[],
): Promise<Quest[]> {
  const shown = latestRuns.filter((run) => {
    const quest = quests.find((item) => item.id === run.quest_id);
    return run.state === 2 || (run.state === 3 && quest !== undefined && !quest.is_repeatable);
  });
  const loaded = await load(db, quests, shown);
  return quests.map((quest) => {
    const run = shown.find((item) => item.quest_id === quest.id) ?? null;
    return {
      id: quest.id,
      name: quest.name,
      description: quest.description,
      image: quest.image,
      currency: quest.currency,
      state: (run?.state ?? 1) as QuestState,
      playerQuestId: run?.id ?? null,
      availableFrom: quest.available_from?.toISOString() ?? null,
      availableUntil: quest.available_until?.toISOString() ?? null,
      durationSeconds: quest.duration_seconds,
      expiresAt: run?.state === 2 ? (run.expires_at?.toISOString() ?? null) : null,
      isSequential: quest.is_sequential,
      tasks: taskViews(
        quest,
        loaded.tasks.get(quest.id) ?? [],
        run,
        loaded.progress,
        subunitOf(loaded, quest.currency),
      ),
      rewards: (loaded.rewards.get(quest.id) ?? []).map(toReward),
    };
  });
}
