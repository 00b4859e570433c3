// Loyalty on the Engagement desk: the levels players climb (order, name, threshold, text,
// image) and the earn rules (points per wager by currency, provider and game type, with their
// switch): list, create, edit (/api/operator/loyalty/levels, /earn-rules).
import type {
  CreateOperatorLoyaltyEarnRuleBody,
  CreateOperatorLoyaltyLevelBody,
  OperatorLoyaltyEarnRule,
  OperatorLoyaltyLevel,
  PatchOperatorLoyaltyLevelBody,
} from "@casino/contract/operator-loyalty";
import { useState } from "react";
import type { Desk } from "./app";
import { integerOf } from "./engagement-parts";
import {
  ActionForm,
  CatalogueField,
  Check,
  CurrencyField,
  changes,
  checked,
  Field,
  Loading,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
} from "./ui";

const levelsUrl = "/loyalty/levels";
const rulesUrl = "/loyalty/earn-rules";

type LevelSettings = Required<PatchOperatorLoyaltyLevelBody>;

function levelSettings(form: FormData): LevelSettings {
  const image = text(form, "image");
  return {
    levelOrder: integerOf(text(form, "levelOrder"), "Order") ?? 0,
    name: text(form, "name"),
    points: integerOf(text(form, "points"), "Points needed") ?? 0,
    description: text(form, "description"),
    image: image || null,
  };
}

export function LoyaltyLevels({ desk }: { desk: Desk }) {
  const levels = useLoad(() => desk.api.get<{ data: OperatorLoyaltyLevel[] }>(levelsUrl), []);
  const [editing, setEditing] = useState<string | null>(null);
  const once = useOnceKey();
  const list = levels.data?.data ?? [];
  const level = list.find((item) => item.id === editing);
  const nextOrder = Math.max(0, ...list.map((item) => item.levelOrder)) + 1;
  return (
    <section aria-labelledby="loyalty-levels">
      <h2 id="loyalty-levels">Loyalty levels</h2>
      {!levels.data ? (
        <Loading error={levels.error} />
      ) : (
        <Table columns={["Order", "Level", "Points needed", "Players", "Description", "Edit"]}>
          {list.map((item) => (
            <tr key={item.id}>
              <td>{item.levelOrder}</td>
              <th scope="row">{item.name}</th>
              <td>{item.points}</td>
              <td>{item.players}</td>
              <td>{item.description || "—"}</td>
              <td>
                <button
                  type="button"
                  aria-label={`Edit ${item.name}`}
                  onClick={() => setEditing(item.id)}
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {level && (
        <ActionForm
          key={level.id}
          label={`Edit level ${level.name}`}
          titled
          submit="Save level"
          action={async (form) => {
            const next = levelSettings(form);
            const patch = changes<LevelSettings>(level, next);
            if (Object.keys(patch).length === 0) return "Nothing changed.";
            await desk.api.send("PATCH", `${levelsUrl}/${level.id}`, patch);
            levels.reload();
            return `Saved ${next.name}.`;
          }}
        >
          <LevelFields level={level} order={level.levelOrder} />
        </ActionForm>
      )}
      {levels.data && (
        <ActionForm
          label="New loyalty level"
          titled
          submit="Add level"
          action={async (form) => {
            const body: CreateOperatorLoyaltyLevelBody = {
              key: once.current(),
              ...levelSettings(form),
            };
            const { data } = await desk.api.send<{ data: OperatorLoyaltyLevel }>(
              "POST",
              levelsUrl,
              body,
            );
            once.next();
            levels.reload();
            return `Added ${data.name}.`;
          }}
        >
          <LevelFields level={null} order={nextOrder} />
        </ActionForm>
      )}
      <p className="hint">
        A higher order needs more points. Players keep a level they hold; a new or lower threshold
        shows in their account at once.
      </p>
    </section>
  );
}

function LevelFields({ level, order }: { level: OperatorLoyaltyLevel | null; order: number }) {
  return (
    <>
      <Field label="Order" name="levelOrder" type="number" defaultValue={String(order)} />
      <Field label="Level name" name="name" defaultValue={level?.name ?? ""} />
      <Field
        label="Points needed"
        name="points"
        type="number"
        defaultValue={level ? String(level.points) : ""}
      />
      <Field
        label="Image (path or URL, optional)"
        name="image"
        required={false}
        defaultValue={level?.image ?? ""}
      />
      <Field
        label="Description"
        name="description"
        type="textarea"
        required={false}
        defaultValue={level?.description ?? ""}
      />
    </>
  );
}

/** "EUR · any provider · live-casino": what names a rule (fixed once it exists). */
const ruleName = (rule: OperatorLoyaltyEarnRule) =>
  `${rule.currency} · ${rule.provider ?? "any provider"} · ${rule.gameType ?? "any game"}`;

export function EarnRules({ desk }: { desk: Desk }) {
  const rules = useLoad(() => desk.api.get<{ data: OperatorLoyaltyEarnRule[] }>(rulesUrl), []);
  const [editing, setEditing] = useState<string | null>(null);
  const once = useOnceKey();
  const rule = rules.data?.data.find((item) => item.id === editing);
  return (
    <section aria-labelledby="earn-rules">
      <h2 id="earn-rules">Earn rules</h2>
      <p className="hint">
        A settled bet earns by the most specific switched-on rule of its currency: provider and game
        type, then provider, then game type, then the currency's rule for any game. Changes apply to
        bets settled from now on.
      </p>
      {!rules.data ? (
        <Loading error={rules.error} />
      ) : (
        <Table columns={["Rule", "Earns", "Switch", "Edit"]}>
          {rules.data.data.map((item) => (
            <tr key={item.id}>
              <th scope="row">{ruleName(item)}</th>
              <td>
                {item.points} point{item.points === 1 ? "" : "s"} per {item.wagerAmount}{" "}
                {item.currency} wagered
              </td>
              <td>
                <Switch
                  desk={desk}
                  name={ruleName(item)}
                  on={item.isEnabled}
                  url={`${rulesUrl}/${item.id}`}
                  done={rules.reload}
                />
              </td>
              <td>
                <button
                  type="button"
                  aria-label={`Edit ${ruleName(item)}`}
                  onClick={() => setEditing(item.id)}
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {rule && (
        <ActionForm
          key={rule.id}
          label={`Edit rule ${ruleName(rule)}`}
          titled
          submit="Save rule"
          action={async (form) => {
            const next = {
              wagerAmount: text(form, "wagerAmount"),
              points: integerOf(text(form, "points"), "Points") ?? 0,
            };
            const patch = changes({ wagerAmount: rule.wagerAmount, points: rule.points }, next);
            if (Object.keys(patch).length === 0) return "Nothing changed.";
            await desk.api.send("PATCH", `${rulesUrl}/${rule.id}`, patch);
            rules.reload();
            return `Saved: ${next.points} per ${next.wagerAmount} ${rule.currency}.`;
          }}
        >
          <Field
            label={`Wager (${rule.currency})`}
            name="wagerAmount"
            defaultValue={rule.wagerAmount}
          />
          <Field label="Points" name="points" type="number" defaultValue={String(rule.points)} />
        </ActionForm>
      )}
      <ActionForm
        label="New earn rule"
        titled
        submit="Add rule"
        action={async (form) => {
          const body: CreateOperatorLoyaltyEarnRuleBody = {
            key: once.current(),
            currency: text(form, "currency").toUpperCase(),
            provider: text(form, "provider") || null,
            gameType: text(form, "gameType") || null,
            wagerAmount: text(form, "wagerAmount"),
            points: integerOf(text(form, "points"), "Points") ?? 0,
            isEnabled: checked(form, "isEnabled"),
          };
          const { data } = await desk.api.send<{ data: OperatorLoyaltyEarnRule }>(
            "POST",
            rulesUrl,
            body,
          );
          once.next();
          rules.reload();
          return `Added ${ruleName(data)}.`;
        }}
      >
        <CurrencyField desk={desk} />
        <CatalogueField
          desk={desk}
          kind="game-providers"
          label="Provider (slug; empty: any)"
          name="provider"
          required={false}
        />
        <CatalogueField
          desk={desk}
          kind="game-collections"
          label="Game type (a collection's slug; empty: any)"
          name="gameType"
          required={false}
        />
        <Field label="Wager (in the currency)" name="wagerAmount" />
        <Field label="Points" name="points" type="number" />
        <Check label="Switched on" name="isEnabled" defaultChecked />
      </ActionForm>
    </section>
  );
}
