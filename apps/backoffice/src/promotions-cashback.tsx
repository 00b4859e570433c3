// Cashback on the Promotions desk: one configuration per currency (a percent of a period's net
// loss, paid as a cash bonus), listed, set (PUT creates or replaces it whole) and switched.
import type {
  OperatorBonus,
  OperatorCashback,
  PutOperatorCashbackBody,
} from "@casino/contract/operator";
import { useState } from "react";
import type { Desk } from "./app";
import {
  ActionForm,
  Check,
  CurrencyField,
  checked,
  Field,
  Loading,
  Table,
  text,
  useLoad,
  when,
} from "./ui";

const PERIOD = {
  daily: "Daily",
  weekly: "Weekly (weeks from Monday)",
  monthly: "Monthly",
} as const;
const EVERY = { daily: "every day", weekly: "every week", monthly: "every month" } as const;

const bodyOf = (config: OperatorCashback): PutOperatorCashbackBody => ({
  percentage: config.percentage,
  period: config.period,
  minAmount: config.minAmount,
  maxAmount: config.maxAmount,
  wagerMultiplier: config.wagerMultiplier,
  bonus: config.bonus,
  isEnabled: config.isEnabled,
});

export function CashbackSection({ desk, bonuses }: { desk: Desk; bonuses: OperatorBonus[] }) {
  const cashback = useLoad(() => desk.api.get<{ data: OperatorCashback[] }>("/cashback"), []);
  const [editing, setEditing] = useState<OperatorCashback | null>(null);
  const put = (currency: string, body: PutOperatorCashbackBody) =>
    desk.api.send<{ data: OperatorCashback }>("PUT", `/cashback/${currency}`, body);
  return (
    <section aria-labelledby="cashback">
      <h2 id="cashback">Cashback</h2>
      {!cashback.data ? (
        <Loading error={cashback.error} />
      ) : cashback.data.data.length === 0 ? (
        <p>No cashback in any currency.</p>
      ) : (
        <Table
          columns={["Currency", "Back", "Paid", "Wager", "Bonus paid", "Covered until", "Change"]}
        >
          {cashback.data.data.map((config) => (
            <tr key={config.currency}>
              <th scope="row">{config.currency}</th>
              <td>
                {config.percentage}% of the net loss, {EVERY[config.period]}
                {config.isEnabled ? "" : " (off)"}
              </td>
              <td>
                from {config.minAmount} {config.currency}
                {config.maxAmount === null ? "" : ` up to ${config.maxAmount} ${config.currency}`}
              </td>
              <td>{config.wagerMultiplier}×</td>
              <td>{config.bonus ?? "None: shown, not paid"}</td>
              <td>{when(config.coveredUntil)}</td>
              <td className="decide">
                <button
                  type="button"
                  aria-label={`Edit cashback ${config.currency}`}
                  onClick={() => setEditing(config)}
                >
                  Edit
                </button>
                <ActionForm
                  label={`${config.isEnabled ? "Switch off" : "Switch on"} cashback ${config.currency}`}
                  submit={config.isEnabled ? "Switch off" : "Switch on"}
                  action={async () => {
                    const { data } = await put(config.currency, {
                      ...bodyOf(config),
                      isEnabled: !config.isEnabled,
                    });
                    // The form below, when it shows this currency, shows the new state too.
                    if (editing?.currency === data.currency) setEditing(data);
                    cashback.reload();
                    return config.isEnabled ? "Switched off." : "Switched on.";
                  }}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ActionForm
        // A new form (its fields filled again) for each configuration picked or saved; never
        // while the operator types, so nothing typed is lost.
        key={`${editing?.currency ?? "new"} ${editing?.updatedAt}`}
        label="Set cashback"
        titled
        submit="Save cashback"
        action={async (form) => {
          const currency = text(form, "currency").toUpperCase();
          const maxAmount = text(form, "maxAmount");
          const { data } = await put(currency, {
            percentage: text(form, "percentage"),
            period: text(form, "period") as OperatorCashback["period"],
            minAmount: text(form, "minAmount") || "0",
            maxAmount: maxAmount || null,
            wagerMultiplier: text(form, "wagerMultiplier") || "0",
            bonus: text(form, "bonus") || null,
            isEnabled: checked(form, "isEnabled"),
          });
          cashback.reload();
          return `Saved cashback ${data.currency}: ${data.percentage}% ${data.period}.`;
        }}
      >
        <CurrencyField desk={desk} defaultValue={editing?.currency ?? ""} />
        <Field
          label="Percent of the net loss"
          name="percentage"
          defaultValue={editing?.percentage ?? ""}
        />
        <Field label="Period" name="period" defaultValue={editing?.period ?? "weekly"}>
          {Object.entries(PERIOD).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Field>
        <Field
          label="Smallest payout"
          name="minAmount"
          required={false}
          defaultValue={editing?.minAmount ?? "0"}
        />
        <Field
          label="Largest payout (optional)"
          name="maxAmount"
          required={false}
          defaultValue={editing?.maxAmount ?? ""}
        />
        <Field
          label="Wager multiplier shown"
          name="wagerMultiplier"
          required={false}
          defaultValue={editing?.wagerMultiplier ?? "0"}
        />
        <Field
          label="Paid as the cash bonus"
          name="bonus"
          required={false}
          defaultValue={editing?.bonus ?? ""}
        >
          <option value="">None: shown to players, never paid</option>
          {bonuses
            .filter((bonus) => bonus.type === 1)
            .map((bonus) => (
              <option key={bonus.id} value={bonus.slug}>
                {bonus.name}
              </option>
            ))}
        </Field>
        <Check name="isEnabled" label="Switched on" defaultChecked={editing?.isEnabled ?? true} />
      </ActionForm>
    </section>
  );
}
