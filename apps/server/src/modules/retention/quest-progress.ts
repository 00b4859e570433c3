// Quest progress from domain events (ADR 0009; BE-37): the "quests" consumer of
// game.bet.settled, payment.deposit.succeeded and player.signed_in. Each delivery is handled once
// in the dispatcher's transaction, so progress moves once per fact. The player's active runs are
// locked (FOR UPDATE) so two nodes handling two events of one player queue up.
// - bets count in the run's currency, for tasks whose games/providers match (none listed: any):
//   betCount and playGames +1 for a stake of at least minBet, betAmount + stake, winAmount + win;
//   the stake is what was not refunded when the round closed (a fully refunded round counts
//   nothing);
// - deposits: deposit + amount in the run's currency;
// - sign-ins: loginDays counts consecutive local days in the player's time zone (a second
//   sign-in the same day changes nothing, a missed day starts the streak again at 1);
// - an event counts for runs activated before it and not yet past their deadline.
// A task stops at its quantity; when every task is done the run completes (state 3) and its
// rewards are granted in the same transaction.
import type { QuestState } from "@casino/contract/retention";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type {
  BetSettledPayload,
  DomainEvent,
  InvoiceSucceededPayload,
  SignedInPayload,
} from "../../infra/domain-events";
import { memoInTransaction } from "../../infra/tx-memo";
import { retentionFlags } from "./flags";
import { grantQuestRewards } from "./grant-rewards";
import { dayBefore, localDate } from "./local-day";
import { publishQuestUpdated, publishTaskUpdated } from "./quest-events";
import { activeTaskIds, toQuestTask } from "./quest-views";
import {
  type PlayerQuestRow,
  type PlayerTaskRow,
  questRepository,
  type TaskRow,
} from "./repository";

export interface TaskState {
  progress: bigint;
  lastDay: string | null;
}
/** What an event does to one active task: its new state, or null for nothing. */
export type TaskStep = (task: TaskRow, current: TaskState) => TaskState | null;

export const QUEST_EVENT_TYPES = [
  "game.bet.settled",
  "payment.deposit.succeeded",
  "player.signed_in",
] as const;

/** The "quests" consumer. */
export async function handleQuestEvent(
  tx: Queryable,
  ctx: AppContext,
  event: DomainEvent,
): Promise<void> {
  if (event.type === "game.bet.settled") {
    const bet = event.payload as unknown as BetSettledPayload;
    const stake = BigInt(bet.betAmount) - BigInt(bet.refundAmount);
    const win = BigInt(bet.winAmount);
    if (stake <= 0n && win <= 0n) return;
    await advanceQuests(tx, ctx, {
      playerId: bet.playerId,
      currency: bet.currency,
      at: bet.closedAt ? new Date(bet.closedAt) : event.createdAt,
      step: (task, current) => {
        if (!matchesGame(task, bet)) return null;
        const counts = stake > 0n && stake >= BigInt(task.min_bet);
        switch (task.type) {
          case "betCount":
          case "playGames":
            return counts ? { ...current, progress: current.progress + 1n } : null;
          case "betAmount":
            return stake > 0n ? { ...current, progress: current.progress + stake } : null;
          case "winAmount":
            return win > 0n ? { ...current, progress: current.progress + win } : null;
          default:
            return null;
        }
      },
    });
  } else if (event.type === "payment.deposit.succeeded") {
    const deposit = event.payload as unknown as InvoiceSucceededPayload;
    const amount = BigInt(deposit.amount);
    if (amount <= 0n) return;
    await advanceQuests(tx, ctx, {
      playerId: deposit.playerId,
      currency: deposit.currency,
      at: new Date(deposit.completedAt),
      step: (task, current) =>
        task.type === "deposit" ? { ...current, progress: current.progress + amount } : null,
    });
  } else if (event.type === "player.signed_in") {
    const signIn = event.payload as unknown as SignedInPayload;
    const at = new Date(signIn.signedInAt);
    const zone = await questRepository(tx).playerTimeZone(signIn.playerId);
    const today = localDate(at, zone);
    await advanceQuests(tx, ctx, {
      playerId: signIn.playerId,
      currency: null,
      at,
      step: (task, current) => (task.type === "loginDays" ? loginDayStep(current, today) : null),
    });
  }
}

/** A sign-in on local day `today`: the streak goes on, starts again, or stays (same day). */
export function loginDayStep(current: TaskState, today: string): TaskState | null {
  if (current.lastDay === today) return null;
  if (current.lastDay !== null && current.lastDay > today) return null;
  const continues = current.lastDay !== null && current.lastDay === dayBefore(today);
  return { progress: continues ? current.progress + 1n : 1n, lastDay: today };
}

function matchesGame(task: TaskRow, bet: BetSettledPayload): boolean {
  if (task.game_ids.length === 0 && task.provider_ids.length === 0) return true;
  return (
    task.game_ids.map(Number).includes(Number(bet.gameId)) ||
    task.provider_ids.map(Number).includes(Number(bet.providerId))
  );
}

/** Applies `step` to the active tasks of the player's active runs that the event counts for. */
export async function advanceQuests(
  tx: Queryable,
  ctx: AppContext,
  input: { playerId: string; currency: string | null; at: Date; step: TaskStep },
): Promise<void> {
  const repo = questRepository(tx);
  const runs = await repo.activeRunsForUpdate(input.playerId, input.currency, input.at);
  if (runs.length === 0) return;
  const flags = await memoInTransaction(tx, "retention-flags", () => retentionFlags(tx, ctx));
  if (!flags.quests) return;
  const questIds = [...new Set(runs.map((run) => run.quest_id))];
  const [quests, tasks, progress, subunits] = await Promise.all([
    repo.questsByIds(questIds),
    repo.tasksOf(questIds),
    repo.playerTasks(runs.map((run) => run.id)),
    repo.subunits(),
  ]);
  const now = ctx.now();
  for (const run of runs) {
    const quest = quests.find((item) => item.id === run.quest_id)!;
    const questTasks = tasks.filter((task) => task.quest_id === run.quest_id);
    const rows = new Map(
      progress.filter((row) => row.player_quest_id === run.id).map((row) => [row.task_id, row]),
    );
    const isDone = (task: TaskRow) => rows.get(task.id)?.completed_at != null;
    const active = activeTaskIds(quest, questTasks, isDone);
    for (const task of questTasks) {
      const row = rows.get(task.id);
      if (!active.has(task.id) || !row) continue;
      const changed = await applyStep(tx, now, run, quest.name, task, row, input.step, subunits);
      if (changed) rows.set(task.id, changed);
    }
    if (questTasks.length > 0 && questTasks.every(isDone)) await completeRun(tx, ctx, run);
  }
}

async function applyStep(
  tx: Queryable,
  now: Date,
  run: PlayerQuestRow,
  questName: string,
  task: TaskRow,
  row: PlayerTaskRow,
  step: TaskStep,
  subunits: ReadonlyMap<string, bigint>,
): Promise<PlayerTaskRow | null> {
  const current = BigInt(row.progress);
  const change = step(task, { progress: current, lastDay: row.last_day });
  if (!change) return null;
  const quantity = BigInt(task.quantity);
  const progress =
    change.progress > quantity ? quantity : change.progress < 0n ? 0n : change.progress;
  if (progress === current && change.lastDay === row.last_day) return null;
  const completed = progress >= quantity;
  const completedAt = completed ? now : null;
  await questRepository(tx).updateTask(run.id, task.id, {
    progress,
    lastDay: change.lastDay,
    completedAt,
  });
  if (progress !== current) {
    const view = toQuestTask(
      task,
      { progress, isActive: !completed, isCompleted: completed },
      subunits.get(run.currency) ?? 100n,
    );
    await publishTaskUpdated(tx, now, run, questName, view, completed);
  }
  return {
    ...row,
    progress: progress.toString(),
    last_day: change.lastDay,
    completed_at: completedAt,
  };
}

/** Completes a run whose tasks are all done: state 3, rewards, quest.updated. */
export async function completeRun(
  tx: Queryable,
  ctx: AppContext,
  run: PlayerQuestRow,
): Promise<PlayerQuestRow> {
  const now = ctx.now();
  const completed = await questRepository(tx).setState(run.id, 3, now);
  await grantQuestRewards(tx, ctx, completed);
  await publishQuestUpdated(tx, now, completed, run.state as QuestState);
  return completed;
}
