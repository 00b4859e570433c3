// Quests on the Engagement desk: the list, a new quest, and a page per quest that edits every
// field the operator API takes (/api/operator/quests): text, schedule, order, tasks and rewards,
// and its switch. Tasks and rewards are fixed once a player started the quest (the API's 409).
import type {
  CreateOperatorQuestBody,
  OperatorBonus,
  OperatorQuest,
  PatchOperatorQuestBody,
} from "@casino/contract/operator";
import type { QuestTaskType } from "@casino/contract/retention";
import { type Desk, NotFound } from "./app";
import {
  BonusField,
  integerOf,
  minuteOf,
  RowGroup,
  useBonuses,
  useRows,
  When,
} from "./engagement-parts";
import { readOne } from "./one";
import { navigate } from "./router";
import {
  ActionForm,
  Check,
  Choice,
  CurrencyField,
  changes,
  checked,
  Field,
  instantOf,
  Link,
  Loading,
  listOf,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

type Task = CreateOperatorQuestBody["tasks"][number];
type Reward = CreateOperatorQuestBody["rewards"][number];
/** What the quest form edits (a create adds slug, currency and key). */
type Settings = Required<Omit<PatchOperatorQuestBody, "isEnabled">>;

const TASK_TYPES: Record<QuestTaskType, string> = {
  betCount: "Bets placed",
  betAmount: "Amount wagered",
  winAmount: "Amount won",
  deposit: "Amount deposited",
  playGames: "Rounds played",
  loginDays: "Days signed in",
};
const MONEY_TASKS: readonly QuestTaskType[] = ["betAmount", "winAmount", "deposit"];
const REWARD_TYPES: Record<Reward["type"], string> = {
  points: "Loyalty points",
  bonus: "Bonus",
  freespins: "Free spins",
};
const UNITS = { 86400: "days", 3600: "hours", 60: "minutes", 1: "seconds" } as const;

const questsUrl = "/quests";
const loadQuests = (desk: Desk) => desk.api.get<{ data: OperatorQuest[] }>(questsUrl);

/** The quests section of the desk's page. */
export function QuestList({ desk }: { desk: Desk }) {
  const quests = useLoad(() => loadQuests(desk), []);
  return (
    <section aria-labelledby="quests">
      <h2 id="quests">Quests</h2>
      <p>
        <Link to="/engagement/quests/new">New quest</Link>
      </p>
      {!quests.data ? (
        <Loading error={quests.error} />
      ) : quests.data.data.length === 0 ? (
        <p>No quests.</p>
      ) : (
        <Table columns={["Quest", "Currency", "Available", "Tasks", "Rewards", "Runs", "Switch"]}>
          {quests.data.data.map((quest) => (
            <tr key={quest.id}>
              <th scope="row">
                <Link to={`/engagement/quests/${quest.id}`}>{quest.name}</Link>{" "}
                <code>{quest.slug}</code>
              </th>
              <td>{quest.currency}</td>
              <td>
                {when(quest.availableFrom)} – {when(quest.availableUntil)}
              </td>
              <td>{quest.tasks.map((task) => task.name).join("; ")}</td>
              <td>{quest.rewards.map((reward) => reward.name).join("; ") || "—"}</td>
              <td>{quest.runs}</td>
              <td>
                <Switch
                  desk={desk}
                  name={quest.name}
                  on={quest.isEnabled}
                  url={`${questsUrl}/${quest.id}`}
                  done={quests.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** /engagement/quests/new */
export function NewQuestPage({ desk }: { desk: Desk }) {
  usePageTitle("New quest");
  const bonuses = useBonuses(desk);
  const once = useOnceKey();
  return (
    <>
      <p>
        <Link to="/engagement">Engagement</Link>
      </p>
      <h1>New quest</h1>
      {!bonuses.data ? (
        <Loading error={bonuses.error} />
      ) : (
        <QuestForm
          desk={desk}
          label="New quest"
          submit="Create quest"
          quest={null}
          bonuses={bonuses.data.data}
          save={async (settings, form) => {
            const { data } = await desk.api.send<{ data: OperatorQuest }>("POST", questsUrl, {
              key: once.current(),
              slug: text(form, "slug"),
              currency: text(form, "currency").toUpperCase(),
              isEnabled: checked(form, "isEnabled"),
              ...settings,
            });
            once.next();
            navigate(`/engagement/quests/${data.id}`);
            return `Created ${data.name}.`;
          }}
        />
      )}
    </>
  );
}

/** /engagement/quests/{id}: the quest's facts, its switch, and the form with every field. */
export function QuestPage({ desk, id }: { desk: Desk; id: string }) {
  const loaded = useLoad(() => readOne<OperatorQuest>(desk.api, `${questsUrl}/${id}`), [id]);
  const bonuses = useBonuses(desk);
  const quest = loaded.data;
  usePageTitle(quest?.name ?? "Quest");
  if (quest === undefined) return <Loading error={loaded.error} />;
  if (quest === null) return <NotFound />;
  if (!bonuses.data) return <Loading error={bonuses.error} />;
  const fixed = quest.runs > 0;
  return (
    <>
      <p>
        <Link to="/engagement">Engagement</Link>
      </p>
      <h1>{quest.name}</h1>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>
          <code>{quest.slug}</code>
        </dd>
        <dt>Currency</dt>
        <dd>{quest.currency}</dd>
        <dt>Shown to players</dt>
        <dd>{quest.isEnabled ? "Yes" : "No: switched off"}</dd>
        <dt>Runs started</dt>
        <dd>{quest.runs}</dd>
        <dt>Changed</dt>
        <dd>{when(quest.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={quest.name}
        on={quest.isEnabled}
        url={`${questsUrl}/${quest.id}`}
        done={loaded.reload}
      />
      <section aria-labelledby="quest-settings">
        <h2 id="quest-settings">Settings</h2>
        {fixed && (
          <p className="hint">
            Players started this quest {quest.runs} time{quest.runs === 1 ? "" : "s"}: its tasks and
            rewards are fixed. To change them, create a new quest and switch this one off.
          </p>
        )}
        <QuestForm
          desk={desk}
          label="Edit quest"
          submit="Save quest"
          quest={quest}
          bonuses={bonuses.data.data}
          save={async (settings) => {
            const current = settingsOf(quest);
            const patch = changes(current, settings);
            if (Object.keys(patch).length === 0) return "Nothing changed.";
            await desk.api.send("PATCH", `${questsUrl}/${quest.id}`, patch);
            loaded.reload();
            return `Saved ${settings.name}.`;
          }}
        />
      </section>
    </>
  );
}

/** The form's values of a quest as it is (instants to the minute, as the form sends them). */
function settingsOf(quest: OperatorQuest): Settings {
  return {
    name: quest.name,
    description: quest.description,
    image: quest.image,
    availableFrom: minuteOf(quest.availableFrom),
    availableUntil: minuteOf(quest.availableUntil),
    durationSeconds: quest.durationSeconds,
    isSequential: quest.isSequential,
    isRepeatable: quest.isRepeatable,
    position: quest.position,
    tasks: quest.tasks.map(({ name, type, quantity, minBet, games, providers }) => ({
      name,
      type,
      quantity,
      minBet,
      games,
      providers,
    })),
    rewards: quest.rewards.map(({ type, name, points, bonus }) => ({ type, name, points, bonus })),
  };
}

/** A duration in its largest whole unit (90 minutes, not 1.5 hours). */
function durationParts(seconds: number | null): { amount: string; unit: string } {
  if (seconds === null) return { amount: "", unit: "3600" };
  const unit = [86_400, 3_600, 60, 1].find((size) => seconds % size === 0) ?? 1;
  return { amount: String(seconds / unit), unit: String(unit) };
}

const NEW_TASK: Task = {
  name: "",
  type: "betCount",
  quantity: "",
  minBet: "0",
  games: [],
  providers: [],
};
const NEW_REWARD: Reward = { type: "points", name: "", points: null, bonus: null };

/**
 * Every field of a quest. `quest` null: a new one (slug, currency and switch too). With runs,
 * tasks and rewards are shown, not edited (and not sent).
 */
function QuestForm(props: {
  desk: Desk;
  label: string;
  submit: string;
  quest: OperatorQuest | null;
  bonuses: OperatorBonus[];
  save: (settings: Settings, form: FormData) => Promise<string>;
}) {
  const { quest } = props;
  const fixed = quest !== null && quest.runs > 0;
  const tasks = useRows<Task>(quest?.tasks ?? [NEW_TASK]);
  const rewards = useRows<Reward>(quest?.rewards ?? []);
  const duration = durationParts(quest?.durationSeconds ?? null);
  const currency = quest?.currency ?? "in the quest's currency";

  return (
    <ActionForm
      label={props.label}
      submit={props.submit}
      action={async (form) => {
        const amount = integerOf(text(form, "duration"), "Time to finish");
        const image = text(form, "image");
        const current = quest ? settingsOf(quest) : null;
        const settings: Settings = {
          name: text(form, "name"),
          description: text(form, "description"),
          image: image || null,
          availableFrom: instantOf(text(form, "availableFrom")),
          availableUntil: instantOf(text(form, "availableUntil")),
          durationSeconds: amount === null ? null : amount * Number(text(form, "durationUnit")),
          isSequential: checked(form, "isSequential"),
          isRepeatable: checked(form, "isRepeatable"),
          position: integerOf(text(form, "position"), "Order") ?? 0,
          tasks:
            fixed && current
              ? current.tasks
              : tasks.rows.map(({ key }) => ({
                  name: text(form, `task-${key}-name`),
                  type: text(form, `task-${key}-type`) as QuestTaskType,
                  quantity: text(form, `task-${key}-quantity`),
                  minBet: text(form, `task-${key}-minBet`) || "0",
                  games: listOf(text(form, `task-${key}-games`)),
                  providers: listOf(text(form, `task-${key}-providers`)),
                })),
          rewards:
            fixed && current
              ? current.rewards
              : rewards.rows.map(({ key, value }) => {
                  const points = integerOf(text(form, `reward-${key}-points`), "Points");
                  return {
                    type: value.type,
                    name: text(form, `reward-${key}-name`),
                    points: value.type === "points" ? points : null,
                    bonus: value.type === "points" ? null : text(form, `reward-${key}-bonus`),
                  };
                }),
        };
        return props.save(settings, form);
      }}
    >
      <div className="row">
        {quest === null && (
          <>
            <Field label="Slug (a-z, 0-9 and -)" name="slug" />
            <CurrencyField desk={props.desk} defaultValue="EUR" />
          </>
        )}
        <Field label="Quest name" name="name" defaultValue={quest?.name ?? ""} />
        <Field
          label="Order (lower first)"
          name="position"
          type="number"
          defaultValue={String(quest?.position ?? 0)}
        />
        <Field
          label="Image (path or URL, optional)"
          name="image"
          required={false}
          defaultValue={quest?.image ?? ""}
        />
      </div>
      <Field
        label="Description"
        name="description"
        type="textarea"
        required={false}
        defaultValue={quest?.description ?? ""}
      />

      <fieldset className="card">
        <legend>Schedule</legend>
        <div className="row">
          <When label="Available from" name="availableFrom" value={quest?.availableFrom ?? null} />
          <When
            label="Available until"
            name="availableUntil"
            value={quest?.availableUntil ?? null}
          />
          <Field
            label="Time to finish after activating (empty: until the quest closes)"
            name="duration"
            type="number"
            required={false}
            defaultValue={duration.amount}
          />
          <Field label="Unit" name="durationUnit" defaultValue={duration.unit}>
            {Object.entries(UNITS)
              .reverse()
              .map(([size, label]) => (
                <option key={size} value={size}>
                  {label}
                </option>
              ))}
          </Field>
        </div>
        <div className="row">
          <Check
            label="Tasks count one after another"
            name="isSequential"
            defaultChecked={quest?.isSequential ?? false}
          />
          <Check
            label="Repeatable after completing"
            name="isRepeatable"
            defaultChecked={quest?.isRepeatable ?? false}
          />
          {quest === null && (
            <Check label="Shown to players (switched on)" name="isEnabled" defaultChecked />
          )}
        </div>
      </fieldset>

      {fixed ? (
        <FixedParts quest={quest} />
      ) : (
        <>
          <fieldset className="card">
            <legend>Tasks</legend>
            <p className="hint">
              Target: a count for bets, rounds and days; an amount ({currency}) for amounts wagered,
              won and deposited.
            </p>
            {tasks.rows.map(({ key, value }, index) => (
              <RowGroup
                key={key}
                legend={`Task ${index + 1}`}
                onRemove={tasks.rows.length > 1 ? () => tasks.remove(key) : undefined}
              >
                <Field label="Task name" name={`task-${key}-name`} defaultValue={value.name} />
                <Field label="Goal" name={`task-${key}-type`} defaultValue={value.type}>
                  {Object.entries(TASK_TYPES).map(([type, label]) => (
                    <option key={type} value={type}>
                      {label}
                      {MONEY_TASKS.includes(type as QuestTaskType) ? ` (${currency})` : ""}
                    </option>
                  ))}
                </Field>
                <Field label="Target" name={`task-${key}-quantity`} defaultValue={value.quantity} />
                <Field
                  label={`Smallest bet that counts (${currency})`}
                  name={`task-${key}-minBet`}
                  required={false}
                  defaultValue={value.minBet}
                />
                <Field
                  label="Games (slugs; empty: any)"
                  name={`task-${key}-games`}
                  required={false}
                  defaultValue={value.games.join(", ")}
                />
                <Field
                  label="Providers (slugs; empty: any)"
                  name={`task-${key}-providers`}
                  required={false}
                  defaultValue={value.providers.join(", ")}
                />
              </RowGroup>
            ))}
            <button type="button" onClick={() => tasks.add(NEW_TASK)}>
              Add task
            </button>
          </fieldset>

          <fieldset className="card">
            <legend>Rewards</legend>
            {rewards.rows.length === 0 && <p>No rewards.</p>}
            {rewards.rows.map(({ key, value }, index) => (
              <RowGroup
                key={key}
                legend={`Reward ${index + 1}`}
                onRemove={() => rewards.remove(key)}
              >
                <Choice
                  label="Reward type"
                  name={`reward-${key}-type`}
                  value={value.type}
                  options={REWARD_TYPES}
                  onChange={(type) => rewards.update(key, { ...value, type })}
                />
                <Field
                  label="Reward name (players read it)"
                  name={`reward-${key}-name`}
                  defaultValue={value.name}
                />
                {value.type === "points" ? (
                  <Field
                    label="Points"
                    name={`reward-${key}-points`}
                    type="number"
                    defaultValue={value.points === null ? "" : String(value.points)}
                  />
                ) : (
                  <BonusField
                    key={value.type}
                    label={value.type === "freespins" ? "Free-spins bonus" : "Bonus"}
                    name={`reward-${key}-bonus`}
                    bonuses={props.bonuses}
                    freeSpins={value.type === "freespins"}
                    value={value.bonus}
                  />
                )}
              </RowGroup>
            ))}
            <button type="button" onClick={() => rewards.add(NEW_REWARD)}>
              Add reward
            </button>
          </fieldset>
        </>
      )}
    </ActionForm>
  );
}

/** A started quest's tasks and rewards, as they stay. */
function FixedParts({ quest }: { quest: OperatorQuest }) {
  const money = (type: QuestTaskType, value: string) =>
    MONEY_TASKS.includes(type) ? `${value} ${quest.currency}` : value;
  return (
    <div className="card">
      <Table caption="Tasks (fixed)" columns={["Task", "Goal", "Target", "Smallest bet", "Games"]}>
        {quest.tasks.map((task) => (
          <tr key={task.id}>
            <th scope="row">{task.name}</th>
            <td>{TASK_TYPES[task.type]}</td>
            <td>{money(task.type, task.quantity)}</td>
            <td>
              {task.minBet} {quest.currency}
            </td>
            <td>{[...task.games, ...task.providers].join(", ") || "Any"}</td>
          </tr>
        ))}
      </Table>
      <Table caption="Rewards (fixed)" columns={["Reward", "Type", "Gives"]}>
        {quest.rewards.map((reward) => (
          <tr key={reward.id}>
            <th scope="row">{reward.name}</th>
            <td>{REWARD_TYPES[reward.type]}</td>
            <td>{reward.points === null ? reward.bonus : `${reward.points} points`}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
