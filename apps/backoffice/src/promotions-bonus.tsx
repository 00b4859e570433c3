// A bonus definition on the Promotions desk: its page (/promotions/bonuses/{id}) with every
// condition the API takes, pre-filled, its switch, its warnings and its game rules; and the page
// of a new one (/promotions/bonuses/new). Amounts are decimal strings in major units, per
// currency, with an optional base-currency amount the server converts for the other currencies.
import type { CreateOperatorBonusBody, OperatorBonus } from "@casino/contract/operator";
import { useState } from "react";
import { ApiError } from "./api";
import { type Desk, NotFound } from "./app";
import { readOne } from "./one";
import { navigate } from "./router";
import {
  ActionForm,
  CatalogueField,
  Check,
  Choice,
  checked,
  Field,
  Link,
  Loading,
  Switch,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

export const KIND = { deposit: "At deposit", code: "By code", reward: "As a reward" } as const;
export const TYPE = { 1: "Cash", 2: "Percent of deposit", 3: "Free spins" } as const;

type Item = { currency: string; amount: string };
/** The conditions a form sends: the patch body whole (create adds slug, type, switch, key). */
type Conditions = Omit<CreateOperatorBonusBody, "key" | "slug" | "type" | "isEnabled">;
type PerCurrency = NonNullable<OperatorBonus["maxBet"]>;

/** What a bonus gives, in one line: "10.00 EUR, 12.00 USD", "100% up to 200.00 EUR", "20 spins". */
export function gives(bonus: OperatorBonus): string {
  const a = bonus.assignConditions;
  const list = (items: Item[], base: string | null) =>
    [
      ...items.map((item) => `${item.amount} ${item.currency}`),
      ...(base ? [`${base} in the base currency`] : []),
    ].join(", ");
  if (bonus.type === 1) return list(a.amountItems, a.baseCurrencyAmount) || "—";
  if (bonus.type === 2) {
    const cap = list(a.maxAmountItems, a.baseCurrencyMaxAmount);
    return `${a.depositPercentage ?? "?"}%${cap ? ` up to ${cap}` : ""}`;
  }
  return `${a.presets.quantity ?? "?"} spins${bonus.freespinGame ? ` on ${bonus.freespinGame}` : ""}`;
}

/** The columns of the per-currency table, and which types use them. */
const COLUMNS = [
  { key: "amount", label: "Bonus amount", show: (type: number) => type === 1 },
  { key: "cap", label: "Largest bonus", show: (type: number) => type === 2 },
  { key: "from", label: "Minimum deposit", show: () => true },
  { key: "to", label: "Maximum deposit", show: () => true },
  { key: "maxBet", label: "Max bet", show: () => true },
] as const;
const SPIN_COLUMN = { key: "spinBet", label: "Spin stake" } as const;

/** Every currency a bonus names anywhere, in the order met. */
function currenciesOf(bonus: OperatorBonus | null): string[] {
  if (!bonus) return [];
  const codes = [
    ...bonus.assignConditions.amountItems,
    ...bonus.assignConditions.maxAmountItems,
    ...bonus.triggerConditions.invoiceAmountItems,
    ...(bonus.maxBet?.items ?? []),
    ...(bonus.freespinBet?.items ?? []),
  ].map((item) => item.currency);
  return [...new Set(codes)];
}

/** The value a bonus has in a cell of the per-currency table ("base": the base-currency one). */
function cellOf(bonus: OperatorBonus | null, column: string, currency: string): string {
  if (!bonus) return "";
  const a = bonus.assignConditions;
  const t = bonus.triggerConditions;
  const pick = (items: Item[], base: string | null) =>
    (currency === "base" ? base : items.find((item) => item.currency === currency)?.amount) ?? "";
  const per = (value: PerCurrency | null) =>
    pick(value?.items ?? [], value?.baseCurrencyAmount ?? null);
  const range = (side: "amountFrom" | "amountTo", base: string | null) =>
    (currency === "base"
      ? base
      : t.invoiceAmountItems.find((item) => item.currency === currency)?.[side]) ?? "";
  switch (column) {
    case "amount":
      return pick(a.amountItems, a.baseCurrencyAmount);
    case "cap":
      return pick(a.maxAmountItems, a.baseCurrencyMaxAmount);
    case "from":
      return range("amountFrom", t.baseCurrencyInvoiceAmountFrom);
    case "to":
      return range("amountTo", t.baseCurrencyInvoiceAmountTo);
    case "maxBet":
      return per(bonus.maxBet);
    default:
      return per(bonus.freespinBet);
  }
}

/** The API's names of the form's fields, as the form labels them. */
const LABELS: Record<string, string> = {
  slug: "Slug",
  name: "Name",
  kind: "Kind",
  description: "Description",
  wagerMultiplier: "Wager multiplier",
  expiresInDays: "Valid for",
  defaultContribution: "Other games count",
  sportContribution: "Sports bets count",
  sportMinOdds: "Sports bets count from odds",
  position: "Position",
  "assignConditions.depositPercentage": "Percent of the deposit",
  "assignConditions.presets.quantity": "Number of free spins",
  "assignConditions.baseCurrencyAmount": "Bonus amount in the base currency",
  "assignConditions.baseCurrencyMaxAmount": "Largest bonus in the base currency",
  "triggerConditions.baseCurrencyInvoiceAmountFrom": "Minimum deposit in the base currency",
  "triggerConditions.baseCurrencyInvoiceAmountTo": "Maximum deposit in the base currency",
  "maxBet.baseCurrencyAmount": "Max bet in the base currency",
  "freespinBet.baseCurrencyAmount": "Spin stake in the base currency",
  freespinGame: "Free-spins game",
  freespinBet: "Spin stake",
  freespinWinningsBonusId: "Winnings become the bonus",
};

/**
 * An API error with its fields named as the form labels them: "Largest bonus in USD", not
 * "assignConditions.maxAmountItems.1.amount" (the lists' indexes are the sent body's).
 */
function named(error: unknown, sent: Conditions): unknown {
  if (!(error instanceof ApiError)) return error;
  const labels = new Map(Object.entries(LABELS));
  const list = (path: string, label: string, items: Item[]) => {
    for (const [index, item] of items.entries()) {
      labels.set(`${path}.${index}.amount`, `${label} in ${item.currency}`);
      labels.set(`${path}.${index}.currency`, `Currency ${item.currency} (${label})`);
    }
  };
  list("assignConditions.amountItems", "Bonus amount", sent.assignConditions.amountItems);
  list("assignConditions.maxAmountItems", "Largest bonus", sent.assignConditions.maxAmountItems);
  list("maxBet.items", "Max bet", sent.maxBet?.items ?? []);
  list("freespinBet.items", "Spin stake", sent.freespinBet?.items ?? []);
  for (const [index, item] of sent.triggerConditions.invoiceAmountItems.entries()) {
    const at = `triggerConditions.invoiceAmountItems.${index}`;
    labels.set(`${at}.amountFrom`, `Minimum deposit in ${item.currency}`);
    labels.set(`${at}.amountTo`, `Maximum deposit in ${item.currency}`);
    labels.set(`${at}.currency`, `Currency ${item.currency} (deposits)`);
  }
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, problems]) => [labels.get(field) ?? field, problems]),
  );
  return new ApiError(error.message, error.status, error.code, fields);
}

/**
 * The conditions of a bonus as the API's body: every field of the create and patch bodies
 * (create adds slug, type, isEnabled and the key). `bonus` null: a new one.
 */
function BonusForm(props: {
  desk: Desk;
  bonus: OperatorBonus | null;
  bonuses: OperatorBonus[];
  label: string;
  submit: string;
  save: (body: Conditions, form: FormData, type: 1 | 2 | 3) => Promise<string>;
}) {
  const { bonus } = props;
  const [type, setType] = useState<1 | 2 | 3>(bonus?.type ?? 1);
  // Spins set on a cash or percent bonus stay shown, so a save never drops them unseen.
  const [spins, setSpins] = useState(
    bonus !== null &&
      (bonus.freespinGame !== null ||
        bonus.freespinBet !== null ||
        bonus.freespinWinningsBonusId !== null ||
        bonus.assignConditions.presets.quantity !== null),
  );
  const [currencies, setCurrencies] = useState(() => {
    const named = currenciesOf(bonus);
    return bonus ? named : ["EUR"];
  });
  const [adding, setAdding] = useState("");
  const [addProblem, setAddProblem] = useState("");
  const withSpins = type === 3 || spins;
  const columns = [
    ...COLUMNS.filter((column) => column.show(type)),
    ...(withSpins ? [SPIN_COLUMN] : []),
  ];

  const add = () => {
    const code = adding.trim().toUpperCase();
    if (!/^[A-Z0-9]{2,10}$/.test(code)) {
      setAddProblem("A currency code like EUR");
      return;
    }
    setAddProblem("");
    if (!currencies.includes(code)) setCurrencies([...currencies, code]);
    setAdding("");
  };

  const body = (form: FormData): Conditions => {
    const cell = (column: string, currency: string) => text(form, `${column}:${currency}`);
    const items = (column: string) =>
      currencies
        .filter((currency) => cell(column, currency) !== "")
        .map((currency) => ({ currency, amount: cell(column, currency) }));
    const base = (column: string) => cell(column, "base") || null;
    const perCurrency = (column: string) => {
      const list = items(column);
      return list.length > 0 || base(column) !== null
        ? { items: list, baseCurrencyAmount: base(column) }
        : null;
    };
    const quantity = text(form, "quantity");
    const winnings = text(form, "freespinWinningsBonusId");
    return {
      name: text(form, "name"),
      description: String(form.get("description") ?? ""),
      kind: text(form, "kind") as OperatorBonus["kind"],
      assignConditions: {
        amountItems: type === 1 ? items("amount") : [],
        baseCurrencyAmount: type === 1 ? base("amount") : null,
        maxAmountItems: type === 2 ? items("cap") : [],
        baseCurrencyMaxAmount: type === 2 ? base("cap") : null,
        depositPercentage: type === 2 ? text(form, "depositPercentage") || null : null,
        presets: { quantity: withSpins && quantity ? Number(quantity) : null },
      },
      triggerConditions: {
        invoiceAmountItems: currencies
          .filter((currency) => cell("from", currency) || cell("to", currency))
          .map((currency) => ({
            currency,
            amountFrom: cell("from", currency) || null,
            amountTo: cell("to", currency) || null,
          })),
        baseCurrencyInvoiceAmountFrom: base("from"),
        baseCurrencyInvoiceAmountTo: base("to"),
      },
      wagerMultiplier: text(form, "wagerMultiplier") || "0",
      maxBet: perCurrency("maxBet"),
      defaultContribution: text(form, "defaultContribution") || "100",
      sportContribution: text(form, "sportContribution") || "0",
      sportMinOdds: text(form, "sportMinOdds") || "1.5",
      expiresInDays: Number(text(form, "expiresInDays")),
      freespinGame: withSpins ? text(form, "freespinGame") || null : null,
      freespinBet: withSpins ? perCurrency("spinBet") : null,
      freespinWinningsBonusId: withSpins && winnings ? Number(winnings) : null,
      autoActivate: checked(form, "autoActivate"),
      position: Number(text(form, "position") || "0"),
    };
  };

  return (
    <ActionForm
      label={props.label}
      submit={props.submit}
      action={async (form) => {
        const conditions = body(form);
        try {
          return await props.save(conditions, form, type);
        } catch (error) {
          throw named(error, conditions);
        }
      }}
    >
      {bonus === null && (
        <>
          <Field label="Slug (a-z, 0-9 and -)" name="slug" />
          <Choice
            label="Type"
            value={String(type)}
            options={TYPE as Record<string, string>}
            onChange={(value) => setType(Number(value) as 1 | 2 | 3)}
          />
        </>
      )}
      <Field label="Name" name="name" defaultValue={bonus?.name ?? ""} />
      <Field label="Kind" name="kind" defaultValue={bonus?.kind ?? "deposit"}>
        {Object.entries(KIND).map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </Field>
      {type === 2 && (
        <Field
          label="Percent of the deposit"
          name="depositPercentage"
          defaultValue={bonus?.assignConditions.depositPercentage ?? ""}
        />
      )}
      <Field
        label="Wager multiplier (× the bonus)"
        name="wagerMultiplier"
        defaultValue={bonus?.wagerMultiplier ?? "0"}
      />
      <Field
        label="Valid for (days after issue)"
        name="expiresInDays"
        type="number"
        defaultValue={String(bonus?.expiresInDays ?? 30)}
      />
      <Field
        label="Other games count (% of a bet)"
        name="defaultContribution"
        defaultValue={bonus?.defaultContribution ?? "100"}
      />
      <Field
        label="Sports bets count (% of a settled bet's stake)"
        name="sportContribution"
        defaultValue={bonus?.sportContribution ?? "0"}
      />
      <Field
        label="Sports bets count from odds (a multiple by its total odds)"
        name="sportMinOdds"
        defaultValue={bonus?.sportMinOdds ?? "1.5"}
      />
      <Check
        name="autoActivate"
        label="Active at once when issued"
        defaultChecked={bonus?.autoActivate ?? true}
      />
      {bonus === null && <Check name="isEnabled" label="Switched on" defaultChecked />}

      <fieldset className="wide">
        <legend>
          Amounts per currency (major units; the base currency's is converted for the others)
        </legend>
        <Table columns={["Currency", ...columns.map((column) => column.label), "Remove"]}>
          {[...currencies, "base"].map((currency) => {
            const name = currency === "base" ? "the base currency" : currency;
            return (
              <tr key={currency}>
                <th scope="row">{currency === "base" ? "Base currency" : currency}</th>
                {columns.map((column) => (
                  <td key={column.key}>
                    <input
                      name={`${column.key}:${currency}`}
                      aria-label={`${column.label} in ${name}`}
                      defaultValue={cellOf(bonus, column.key, currency)}
                      inputMode="decimal"
                      size={10}
                    />
                  </td>
                ))}
                <td>
                  {currency !== "base" && (
                    <button
                      type="button"
                      onClick={() => setCurrencies(currencies.filter((code) => code !== currency))}
                    >
                      Remove {currency}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
        <div className="row">
          <label className="field">
            <span>Add a currency</span>
            <input
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  add();
                }
              }}
              size={8}
            />
          </label>
          <button type="button" onClick={add}>
            Add currency
          </button>
        </div>
        {addProblem && (
          <p role="alert" className="problem">
            {addProblem}
          </p>
        )}
      </fieldset>

      <fieldset className="wide">
        <legend>Free spins</legend>
        {type !== 3 && (
          <label className="check">
            <input
              type="checkbox"
              checked={spins}
              onChange={(event) => setSpins(event.target.checked)}
            />
            Free spins with this bonus
          </label>
        )}
        {withSpins && (
          <>
            <Field
              label="Number of free spins"
              name="quantity"
              type="number"
              required={type === 3}
              defaultValue={String(bonus?.assignConditions.presets.quantity ?? "")}
            />
            <CatalogueField
              desk={props.desk}
              kind="games"
              label="Free-spins game (slug)"
              name="freespinGame"
              required={type === 3}
              defaultValue={bonus?.freespinGame ?? ""}
            />
            <Field
              label="Winnings become the bonus"
              name="freespinWinningsBonusId"
              required={false}
              defaultValue={String(bonus?.freespinWinningsBonusId ?? "")}
            >
              <option value="">None: winnings are real money</option>
              {props.bonuses
                .filter((other) => other.type !== 3 && other.id !== bonus?.id)
                .map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
            </Field>
            <p className="hint">The stake of one spin goes in the Spin stake column above.</p>
          </>
        )}
      </fieldset>

      <details className="wide">
        <summary>More</summary>
        <Field
          label="Description"
          name="description"
          type="textarea"
          required={false}
          defaultValue={bonus?.description ?? ""}
        />
        <Field
          label="Position (lower first)"
          name="position"
          type="number"
          required={false}
          defaultValue={String(bonus?.position ?? 0)}
        />
      </details>
    </ActionForm>
  );
}

/** The API's warnings of a bonus or package (a save goes through; the operator should know). */
export function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label="Warnings" className="card">
      <ul>
        {warnings.map((warning) => (
          <li key={warning} className="problem">
            {warning}
          </li>
        ))}
      </ul>
    </section>
  );
}

const saved = (what: string, bonus: OperatorBonus) =>
  [`${what} ${bonus.name}.`, ...bonus.warnings.map((warning) => `Warning: ${warning}`)].join(" ");

/** /promotions/bonuses/new. */
export function NewBonusPage({ desk }: { desk: Desk }) {
  const bonuses = useLoad(() => desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), []);
  const once = useOnceKey();
  usePageTitle("New bonus");
  return (
    <>
      <p>
        <Link to="/promotions">Promotions</Link>
      </p>
      <h1>New bonus</h1>
      <BonusForm
        desk={desk}
        bonus={null}
        bonuses={bonuses.data?.data ?? []}
        label="New bonus"
        submit="Create bonus"
        save={async (body, form, type) => {
          const create: CreateOperatorBonusBody = {
            ...body,
            key: once.current(),
            slug: text(form, "slug"),
            type,
            isEnabled: checked(form, "isEnabled"),
          };
          const { data } = await desk.api.send<{ data: OperatorBonus }>("POST", "/bonuses", create);
          once.next();
          navigate(`/promotions/bonuses/${data.id}`);
          return saved("Created", data);
        }}
      />
    </>
  );
}

/** /promotions/bonuses/{id}: the conditions, switch, warnings and game rules of one bonus. */
export function BonusPage({ desk, id }: { desk: Desk; id: number }) {
  const loaded = useLoad(() => readOne<OperatorBonus>(desk.api, `/bonuses/${id}`), [id]);
  // Every bonus: the choices of where free-spin winnings go.
  const bonuses = useLoad(() => desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), []);
  const bonus = loaded.data;
  usePageTitle(bonus?.name ?? "Bonus");
  if (bonus === undefined) return <Loading error={loaded.error} />;
  if (bonus === null) return <NotFound />;
  if (!bonuses.data) return <Loading error={bonuses.error} />;
  return (
    <>
      <p>
        <Link to="/promotions">Promotions</Link>
      </p>
      <h1>{bonus.name}</h1>
      <dl className="facts">
        <dt>Slug</dt>
        <dd>
          <code>{bonus.slug}</code>
        </dd>
        <dt>Type</dt>
        <dd>{TYPE[bonus.type]}</dd>
        <dt>Gives</dt>
        <dd>{gives(bonus)}</dd>
        <dt>Wagering</dt>
        <dd>{bonus.wagerMultiplier}× the bonus</dd>
        <dt>Package</dt>
        <dd>
          {bonus.packageId === null ? (
            "—"
          ) : (
            <Link to={`/promotions/packages/${bonus.packageId}`}>
              Step {bonus.packagePosition} of package {bonus.packageId}
            </Link>
          )}
        </dd>
        <dt>State</dt>
        <dd>{bonus.isEnabled ? "On" : "Off: not offered nor issued through codes"}</dd>
        <dt>Changed</dt>
        <dd>{when(bonus.updatedAt)}</dd>
      </dl>
      <Switch
        desk={desk}
        name={bonus.name}
        on={bonus.isEnabled}
        url={`/bonuses/${bonus.id}`}
        done={loaded.reload}
      />
      <Warnings warnings={bonus.warnings} />

      <section aria-labelledby="conditions">
        <h2 id="conditions">Conditions</h2>
        <p className="hint">
          A change applies to bonuses issued from now on; game rules and the contribution of other
          games also to running ones.
        </p>
        <BonusForm
          key={bonus.id}
          desk={desk}
          bonus={bonus}
          bonuses={bonuses.data.data}
          label={`Conditions of ${bonus.name}`}
          submit="Save conditions"
          save={async (body) => {
            const { data } = await desk.api.send<{ data: OperatorBonus }>(
              "PATCH",
              `/bonuses/${bonus.id}`,
              body,
            );
            loaded.reload();
            return saved("Saved", data);
          }}
        />
      </section>

      <GameRules desk={desk} bonus={bonus} done={loaded.reload} />
    </>
  );
}

function GameRules({ desk, bonus, done }: { desk: Desk; bonus: OperatorBonus; done: () => void }) {
  const url = (game: string) => `/bonuses/${bonus.id}/game-rules/${encodeURIComponent(game)}`;
  return (
    <section aria-labelledby="game-rules">
      <h2 id="game-rules">Game rules</h2>
      <p className="hint">
        Games without a rule count {bonus.defaultContribution}% of a bet toward wagering. Settled
        sports bets count {bonus.sportContribution}% at odds of {bonus.sportMinOdds} or more (void
        and cashed-out bets never).
      </p>
      <ActionForm
        label="Add a game rule"
        titled
        submit="Add rule"
        action={async (form) => {
          const game = text(form, "game");
          await desk.api.send("PUT", url(game), {
            contribution: text(form, "contribution"),
            isRestricted: checked(form, "isRestricted"),
          });
          done();
          return `Rule for ${game} saved.`;
        }}
      >
        <CatalogueField desk={desk} kind="games" label="Game (slug)" name="game" />
        <Field label="Counts (% of a bet)" name="contribution" defaultValue="0" />
        <Check name="isRestricted" label="Bets refused while the bonus is active" />
      </ActionForm>
      {bonus.gameRules.length === 0 ? (
        <p>No game rules.</p>
      ) : (
        <Table columns={["Game", "Counts", "Bets", "Change", "Remove"]}>
          {bonus.gameRules.map((rule) => (
            <tr key={rule.game}>
              <th scope="row">{rule.gameTitle}</th>
              <td>{rule.contribution}%</td>
              <td>{rule.isRestricted ? "Refused" : "Allowed"}</td>
              <td>
                <ActionForm
                  label={`Rule for ${rule.gameTitle}`}
                  submit="Save rule"
                  action={async (form) => {
                    await desk.api.send("PUT", url(rule.game), {
                      contribution: text(form, "contribution"),
                      isRestricted: checked(form, "isRestricted"),
                    });
                    done();
                    return "Saved.";
                  }}
                >
                  <Field
                    label="Counts (% of a bet)"
                    name="contribution"
                    defaultValue={rule.contribution}
                  />
                  <Check
                    name="isRestricted"
                    label="Bets refused"
                    defaultChecked={rule.isRestricted}
                  />
                </ActionForm>
              </td>
              <td>
                <ActionForm
                  label={`Remove the rule for ${rule.gameTitle}`}
                  submit="Remove rule"
                  action={async () => {
                    await desk.api.send("DELETE", url(rule.game));
                    done();
                    return "Removed.";
                  }}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
