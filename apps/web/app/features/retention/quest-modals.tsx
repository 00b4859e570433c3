// The quest modals (spec §2 "Modals", §4 "Quests"): quests-hub (the hub, `?quests-hub=true`),
// quest-tasks, quest-rewards and quest-task-games. One lazy chunk for the four keys: the hub
// lists the quests (QS-01) and the active runs in the player's currency (QS-02), activates
// (QS-03) and cancels (QS-04); the other three open from it with the quest id (and task id) as
// their value. Live updates come from retention-live.ts, which refreshes these queries.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../../modals/modal-view-props";
import { useAlert } from "../../toasts/use-alert";
import {
  activateQuest,
  activeCurrencyQuery,
  activePlayerQuestsQuery,
  cancelPlayerQuest,
  type Quest,
  type QuestTask,
  questsQuery,
  taskShare,
} from "./retention-api";
import "./retention.css";

const M = "modals.quests-hub";

export default function QuestModal(props: ModalViewProps) {
  const { settings, t } = useSite();
  // QS-09: quests switched off: no quest calls.
  if (!settings.quests.enabled) {
    return (
      <p className="modal-text">
        {t("modals.common.notAvailable", "This feature is not available yet.")}
      </p>
    );
  }
  switch (props.modalKey) {
    case "quest-tasks":
      return <QuestTasks {...props} />;
    case "quest-rewards":
      return <QuestRewards {...props} />;
    case "quest-task-games":
      return <QuestTaskGames {...props} />;
    default:
      return <QuestsHub />;
  }
}

/** The player's active wallet currency (null until known). */
function useCurrency() {
  const { session } = useSite();
  return useQuery({ ...activeCurrencyQuery, enabled: session.isLoggedIn });
}

function useQuests() {
  const { session } = useSite();
  const currency = useCurrency();
  return useQuery({
    ...questsQuery(currency.data ?? null),
    enabled: session.isLoggedIn && currency.isFetched,
  });
}

function useQuest(id: string | undefined): { quest: Quest | null; pending: boolean } {
  const quests = useQuests();
  return {
    quest: quests.data?.find((item) => item.id === id) ?? null,
    pending: quests.isPending,
  };
}

export function stateText(t: ReturnType<typeof useSite>["t"], state: number): string {
  const texts: Record<number, string> = {
    1: t(`${M}.state.available`, "Available"),
    2: t(`${M}.state.active`, "Active"),
    3: t(`${M}.state.completed`, "Completed"),
    4: t(`${M}.state.cancelled`, "Cancelled"),
    5: t(`${M}.state.expired`, "Expired"),
    6: t(`${M}.state.expired`, "Expired"),
  };
  return texts[state] ?? String(state);
}

function QuestsHub() {
  const { t, session } = useSite();
  const quests = useQuests();
  const currency = useCurrency();
  const active = useQuery({
    ...activePlayerQuestsQuery(currency.data ?? null),
    enabled: session.isLoggedIn && currency.isFetched,
  });
  if (quests.isPending) {
    return <p className="modal-text">{t(`${M}.loading`, "Loading quests…")}</p>;
  }
  const list = quests.data ?? [];
  if (list.length === 0) {
    return <p className="modal-text">{t(`${M}.empty`, "There are no quests right now.")}</p>;
  }
  const activeCount = active.data?.length ?? 0;
  return (
    <div className="quests" data-view="quests-hub">
      <p className="modal-text">
        {t(`${M}.summary`, "{count} active quests", { count: activeCount })}
      </p>
      <ul className="quests__list">
        {list.map((quest) => (
          <li key={quest.id}>
            <QuestCard quest={quest} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function QuestCard({ quest }: { quest: Quest }) {
  const { t } = useSite();
  const modals = useModals();
  const client = useQueryClient();
  const alert = useAlert();
  const refresh = () => client.invalidateQueries({ queryKey: ["retention"] });
  const activate = useMutation({
    mutationFn: () => activateQuest(quest.id),
    onSettled: refresh,
    onError: () => alert("somethingWrong"),
  });
  const cancel = useMutation({
    mutationFn: () => cancelPlayerQuest(quest.playerQuestId ?? ""),
    onSettled: refresh,
    onError: () => alert("somethingWrong"),
  });
  const headingId = `quest-${quest.id}`;
  return (
    <article className={`quest-card quest-card--state-${quest.state}`} aria-labelledby={headingId}>
      <header className="quest-card__head">
        <h3 id={headingId} className="quest-card__title">
          {quest.name}
        </h3>
        <span className="quest-badge" data-state={quest.state}>
          {stateText(t, quest.state)}
        </span>
      </header>
      {quest.description ? <p className="quest-card__text">{quest.description}</p> : null}
      <TaskList quest={quest} compact />
      <div className="quest-card__actions">
        {quest.state === 1 ? (
          <button
            type="button"
            className="modal-button"
            disabled={activate.isPending}
            onClick={() => activate.mutate()}
          >
            {t(`${M}.activate`, "Activate")}
          </button>
        ) : null}
        {quest.state === 2 && quest.playerQuestId ? (
          <button
            type="button"
            className="modal-button modal-button--secondary"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {t(`${M}.cancel`, "Cancel quest")}
          </button>
        ) : null}
        <button
          type="button"
          className="modal-button--link modal-button"
          onClick={() => modals.open("quest-tasks", quest.id)}
        >
          {t(`${M}.tasks`, "Tasks")}
        </button>
        <button
          type="button"
          className="modal-button--link modal-button"
          onClick={() => modals.open("quest-rewards", quest.id)}
        >
          {t(`${M}.rewards`, "Rewards")}
        </button>
      </div>
    </article>
  );
}

function taskAmount(quest: Quest, task: QuestTask, value: string): string {
  return ["betAmount", "winAmount", "deposit"].includes(task.type)
    ? `${value} ${quest.currency}`
    : value;
}

function TaskList({ quest, compact = false }: { quest: Quest; compact?: boolean }) {
  const { t } = useSite();
  const modals = useModals();
  return (
    <ol className="quest-tasks">
      {quest.tasks.map((task) => {
        const label = `${task.name}: ${taskAmount(quest, task, task.progress)} / ${taskAmount(quest, task, task.quantity)}`;
        return (
          <li
            key={task.id}
            className="quest-task"
            data-active={task.isActive ? "" : undefined}
            data-completed={task.isCompleted ? "" : undefined}
          >
            <div className="quest-task__row">
              <span className="quest-task__name">{task.name}</span>
              <span className="quest-task__progress">
                {taskAmount(quest, task, task.progress)} / {taskAmount(quest, task, task.quantity)}
              </span>
            </div>
            <progress
              className="quest-task__bar"
              aria-label={label}
              max={1}
              value={taskShare(task)}
            />
            {!compact && (task.games.length > 0 || task.providers.length > 0) ? (
              <button
                type="button"
                className="modal-button--link modal-button"
                onClick={() => modals.open("quest-task-games", `${quest.id}:${task.id}`)}
              >
                {t(`${M}.games`, "Games for this task")}
              </button>
            ) : null}
            {task.isCompleted ? (
              <span className="quest-task__done">{t(`${M}.taskDone`, "Done")}</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** What a quest modal shows until its quest is loaded, or when there is no such quest. */
function QuestPending({ pending }: { pending: boolean }) {
  const { t } = useSite();
  return (
    <p className="modal-text">
      {pending ? t(`${M}.loading`, "Loading quests…") : t(`${M}.missing`, "Quest not found.")}
    </p>
  );
}

function QuestTasks({ value }: ModalViewProps) {
  const { t } = useSite();
  const { quest, pending } = useQuest(value);
  if (!quest) return <QuestPending pending={pending} />;
  return (
    <div className="quests" data-view="quest-tasks">
      <h3 className="quest-card__title">{quest.name}</h3>
      {quest.isSequential ? (
        <p className="modal-text">{t(`${M}.sequential`, "Complete the tasks in order.")}</p>
      ) : null}
      <TaskList quest={quest} />
    </div>
  );
}

function QuestRewards({ value }: ModalViewProps) {
  const { quest, pending } = useQuest(value);
  if (!quest) return <QuestPending pending={pending} />;
  return (
    <div className="quests" data-view="quest-rewards">
      <h3 className="quest-card__title">{quest.name}</h3>
      <ul className="quest-rewards">
        {quest.rewards.map((reward) => (
          <li key={reward.id} className="quest-reward" data-type={reward.type}>
            {reward.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

function QuestTaskGames({ value, close }: ModalViewProps) {
  const { t, href } = useSite();
  const [questId, taskId] = (value ?? "").split(":");
  const { quest, pending } = useQuest(questId);
  const task = quest?.tasks.find((item) => item.id === taskId) ?? null;
  if (!task) {
    return (
      <p className="modal-text">
        {pending ? t(`${M}.loading`, "Loading quests…") : t(`${M}.missing`, "Quest not found.")}
      </p>
    );
  }
  return (
    <div className="quests" data-view="quest-task-games">
      <p className="modal-text">{task.name}</p>
      <ul className="quest-games">
        {task.games.map((game) => (
          <li key={`g-${game.slug}`}>
            <Link to={href(`/games/${game.slug}`)} onClick={close}>
              {game.title}
            </Link>
          </li>
        ))}
        {task.providers.map((provider) => (
          <li key={`p-${provider.slug}`}>
            <Link to={href(`/providers/${provider.slug}`)} onClick={close}>
              {provider.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
