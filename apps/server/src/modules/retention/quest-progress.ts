// Quest progress from domain events (ADR 0009; BE-37): the "quests" consumer of
// game.bet.settled, payment.deposit.succeeded and player.signed_in. Each delivery is handled once
// in the dispatcher's transaction, so progress moves once per fact. A dispatch's events are
// applied together, in log order, as one at a time would (advanceQuests): the players' active
// runs are read and locked (FOR UPDATE) once, so two nodes handling events of one player queue
// up, and each task is written and published once.
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
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { memoInTransaction } from "../../infra/tx-memo";
import { retentionFlags } from "./flags";
import { grantQuestRewards } from "./grant-rewards";
import { dayBefore, localDate } from "./local-day";
import { publishQuestUpdated, taskUpdatedEvent } from "./quest-events";
import { activeTaskIds, toQuestTask } from "./quest-views";
import {
  type PlayerQuestRow,
  type PlayerTaskRow,
  type QuestRow,
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

/** One fact a quest can count: whose, in which currency (null: any), when, and its step. */
export interface QuestFact {
  playerId: string;
  currency: string | null;
  at: Date;
  step: TaskStep;
}

/** The "quests" consumer, for one event (a retry): the one-event case of handleQuestEvents. */
export function handleQuestEvent(tx: Queryable, ctx: AppContext, event: DomainEvent) {
  return handleQuestEvents(tx, ctx, [event]);
}

/** The "quests" consumer for a dispatch's events, counted in log order. */
export async function handleQuestEvents(
  tx: Queryable,
  ctx: AppContext,
  events: readonly DomainEvent[],
): Promise<void> {
  await advanceQuests(tx, ctx, await questFacts(tx, events));
}

async function questFacts(tx: Queryable, events: readonly DomainEvent[]): Promise<QuestFact[]> {
  const signIns = events
    .filter((event) => event.type === "player.signed_in")
    .map((event) => (event.payload as unknown as SignedInPayload).playerId);
  const zones = signIns.length > 0 ? await questRepository(tx).playerTimeZones(signIns) : new Map();
  const facts: QuestFact[] = [];
  for (const event of events) {
    const fact = questFact(event, zones);
    if (fact) facts.push(fact);
  }
  return facts;
}

function questFact(
  event: DomainEvent,
  zones: ReadonlyMap<string, string | null>,
): QuestFact | null {
  if (event.type === "game.bet.settled") {
    const bet = event.payload as unknown as BetSettledPayload;
    const stake = BigInt(bet.betAmount) - BigInt(bet.refundAmount);
    const win = BigInt(bet.winAmount);
    if (stake <= 0n && win <= 0n) return null;
    return {
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
    };
  }
  if (event.type === "payment.deposit.succeeded") {
    const deposit = event.payload as unknown as InvoiceSucceededPayload;
    const amount = BigInt(deposit.amount);
    if (amount <= 0n) return null;
    return {
      playerId: deposit.playerId,
      currency: deposit.currency,
      at: new Date(deposit.completedAt),
      step: (task, current) =>
        task.type === "deposit" ? { ...current, progress: current.progress + amount } : null,
    };
  }
  if (event.type === "player.signed_in") {
    const signIn = event.payload as unknown as SignedInPayload;
    const at = new Date(signIn.signedInAt);
    const today = localDate(at, zones.get(signIn.playerId) ?? null);
    return {
      playerId: signIn.playerId,
      currency: null,
      at,
      step: (task, current) => (task.type === "loginDays" ? loginDayStep(current, today) : null),
    };
  }
  return null;
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

/** A locked run and its tasks while a dispatch's facts are applied in memory. */
interface RunInProgress {
  run: PlayerQuestRow;
  quest: QuestRow;
  tasks: TaskRow[];
  rows: Map<string, PlayerTaskRow>;
  completes: boolean;
}

/**
 * Applies each fact's step, in order, to the active tasks of the player's active runs it counts
 * for, as one fact at a time would: a task that completes makes the next of a sequential quest
 * active for the facts after it, and a run whose tasks are all done takes no more. The runs are
 * read and locked once; the tasks that moved are written in one statement, and each is
 * published once, in its final state; then the runs that completed are completed, in order.
 */
export async function advanceQuests(
  tx: Queryable,
  ctx: AppContext,
  facts: readonly QuestFact[],
): Promise<void> {
  if (facts.length === 0) return;
  const repo = questRepository(tx);
  const runs = await repo.activeRunsForUpdate(facts);
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
  const byPlayer = new Map<string, RunInProgress[]>();
  for (const run of runs) {
    const inProgress: RunInProgress = {
      run,
      quest: quests.find((item) => item.id === run.quest_id)!,
      tasks: tasks.filter((task) => task.quest_id === run.quest_id),
      rows: new Map(
        progress.filter((row) => row.player_quest_id === run.id).map((row) => [row.task_id, row]),
      ),
      completes: false,
    };
    byPlayer.set(run.player_id, [...(byPlayer.get(run.player_id) ?? []), inProgress]);
  }
  const now = ctx.now();
  // Each task that moved, with its progress before the dispatch.
  const moved = new Map<string, { of: RunInProgress; task: TaskRow; before: PlayerTaskRow }>();
  const completing: RunInProgress[] = [];
  for (const fact of facts) {
    for (const state of byPlayer.get(fact.playerId) ?? []) {
      if (state.completes || !countsFor(state.run, fact)) continue;
      const isDone = (task: TaskRow) => state.rows.get(task.id)?.completed_at != null;
      const active = activeTaskIds(state.quest, state.tasks, isDone);
      for (const task of state.tasks) {
        const row = state.rows.get(task.id);
        if (!active.has(task.id) || !row) continue;
        const next = stepped(task, row, fact.step, now);
        if (!next) continue;
        const key = `${state.run.id}:${task.id}`;
        if (!moved.has(key)) moved.set(key, { of: state, task, before: row });
        state.rows.set(task.id, next);
      }
      if (state.tasks.length > 0 && state.tasks.every(isDone)) {
        state.completes = true;
        completing.push(state);
      }
    }
  }
  const written = [...moved.values()].map((item) => ({
    ...item,
    after: item.of.rows.get(item.task.id)!,
  }));
  await repo.updateTasks(written.map((item) => item.after));
  await enqueueRealtimeEvents(
    tx,
    written
      .filter((item) => item.after.progress !== item.before.progress)
      .map(({ of, task, after }) => {
        const completed = after.completed_at !== null;
        const view = toQuestTask(
          task,
          { progress: BigInt(after.progress), isActive: !completed, isCompleted: completed },
          subunits.get(of.run.currency) ?? 100n,
        );
        return taskUpdatedEvent(of.run, of.quest.name, view, completed);
      }),
    now,
  );
  for (const state of completing) await completeRun(tx, ctx, state.run);
}

/** An event counts for runs in its currency (or any), activated before it, not yet past due. */
function countsFor(run: PlayerQuestRow, fact: QuestFact): boolean {
  return (
    (fact.currency === null || run.currency === fact.currency) &&
    run.activated_at <= fact.at &&
    (run.expires_at === null || run.expires_at > fact.at)
  );
}

/** The task's row after `step`, kept within 0..quantity; null when nothing changes. */
function stepped(
  task: TaskRow,
  row: PlayerTaskRow,
  step: TaskStep,
  now: Date,
): PlayerTaskRow | null {
  const current = BigInt(row.progress);
  const change = step(task, { progress: current, lastDay: row.last_day });
  if (!change) return null;
  const quantity = BigInt(task.quantity);
  const progress =
    change.progress > quantity ? quantity : change.progress < 0n ? 0n : change.progress;
  if (progress === current && change.lastDay === row.last_day) return null;
  return {
    ...row,
    progress: progress.toString(),
    last_day: change.lastDay,
    completed_at: progress >= quantity ? now : null,
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
