// What a retention event does (loaded on the first one, see retention-live.ts):
// - quest.updated: the quest caches refresh; a state other than 3 raises `questStateChanged`
//   with {name} and the status name as {status} (QS-05, QS-06, QS-07), the name translated
//   through alerts.questStateChanged.statuses.<name> (English name as fallback);
// - quest.task.updated: the caches refresh; a task it completed raises `taskCompleted` with
//   {taskName} and {questName} (QS-08);
// - loyalty.account.updated: the account cache takes the new account; when the level order rose,
//   a 3 s notification on game pages (LY-03), else the loyalty-level modal (LY-04).
import { QUEST_STATE_NAMES } from "@casino/contract/retention-names";
import type { QueryClient } from "@tanstack/react-query";
import type { TextVars } from "../../lib/content/translate";
import type { ModalApi } from "../../lib/site";
import type { ToastApi } from "../../toasts/toast-types";

/** Level notification on game pages (spec §9: 3000 ms). */
export const LEVEL_NOTIFICATION_MS = 3000;

type Context = {
  client: QueryClient;
  alert: (key: string, vars?: TextVars) => void;
  modals: ModalApi;
  toasts: ToastApi;
  pathname: string;
  t: (key: string, fallback: string, vars?: TextVars) => string;
};

type QuestUpdated = {
  type: "quest.updated";
  quest: { name: string; state: number };
  previousState: number | null;
};
type TaskUpdated = {
  type: "quest.task.updated";
  quest: { name: string };
  task: { name: string; isCompleted: boolean };
  completedNow: boolean;
};
type AccountUpdated = {
  type: "loyalty.account.updated";
  account: { points: number; currentLevel: { name: string; order: number } | null };
  previousLevelOrder: number | null;
};

/** A game page: /games/{id}, with or without a locale prefix. */
export function isGamePage(pathname: string): boolean {
  return /^(\/[a-z]{2}(-[A-Za-z]{2})?)?\/games\/[^/]+\/?$/.test(pathname);
}

/** The alert a quest event raises, if any (QS-06..QS-08); `t` translates the status name. */
export function questAlert(
  data: unknown,
  t?: (key: string, fallback: string) => string,
): { key: string; vars: TextVars } | null {
  const event = data as QuestUpdated | TaskUpdated | null;
  if (event?.type === "quest.updated") {
    const { state, name } = event.quest;
    if (state === 3 || state === event.previousState) return null;
    const status = QUEST_STATE_NAMES[state];
    return {
      key: "questStateChanged",
      vars: {
        name,
        status: status
          ? (t?.(`alerts.questStateChanged.statuses.${status}`, status) ?? status)
          : String(state),
      },
    };
  }
  if (event?.type === "quest.task.updated" && event.completedNow && event.task.isCompleted) {
    return {
      key: "taskCompleted",
      vars: { taskName: event.task.name, questName: event.quest.name },
    };
  }
  return null;
}

/** Whether an account event is a level-up (the order rose). */
export function levelRose(data: unknown): boolean {
  const event = data as AccountUpdated | null;
  if (event?.type !== "loyalty.account.updated") return false;
  const order = event.account.currentLevel?.order ?? null;
  return order !== null && (event.previousLevelOrder === null || order > event.previousLevelOrder);
}

export function handleRetentionEvent(namespace: string, data: unknown, context: Context): void {
  const { client } = context;
  if (namespace === "retention:quests") {
    void client.invalidateQueries({ queryKey: ["retention", "quests"] });
    void client.invalidateQueries({ queryKey: ["retention", "player-quests"] });
    const alert = questAlert(data, context.t);
    if (alert) context.alert(alert.key, alert.vars);
    return;
  }
  const event = data as AccountUpdated | null;
  if (event?.type !== "loyalty.account.updated") return;
  client.setQueryData(["retention", "account"], event.account);
  void client.invalidateQueries({ queryKey: ["retention", "account"] });
  if (!levelRose(data)) return;
  if (isGamePage(context.pathname)) {
    const level = event.account.currentLevel?.name ?? "";
    const order = event.account.currentLevel?.order ?? 0;
    context.toasts.show({
      type: "success",
      title: context.t("modals.loyalty-level.notification", "New level: {level}", { level }),
      description: context.t(
        "modals.loyalty-level.notificationText",
        "You reached loyalty level {order}.",
        { order },
      ),
      duration: LEVEL_NOTIFICATION_MS,
    });
  } else {
    context.modals.open("loyalty-level");
  }
}
