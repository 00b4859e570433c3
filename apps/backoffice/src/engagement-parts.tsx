// The Engagement desk's small parts: instants to the minute (as the date-time inputs send them), checkboxes, rows added and taken out of a form, and the change of an edit (only the
// fields the operator changed are sent).
import type { OperatorBonus } from "@casino/contract/operator";
import { type ReactNode, useId, useRef, useState } from "react";
import type { Desk } from "./app";
import { Field, instantOf, localOf, useLoad } from "./ui";

/** An instant to the minute, as the form shows and sends it (so an untouched one is unchanged). */
export const minuteOf = (iso: string | null) => instantOf(localOf(iso));

/** The integer in a form's field (null when empty). */
export function integerOf(value: string, label: string): number | null {
  if (value === "") return null;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new Error(`${label}: must be a whole number`);
  return number;
}

/** A date-time field in the operator's own time zone. */
export function When(props: {
  label: string;
  name: string;
  value: string | null;
  required?: boolean;
}) {
  return (
    <Field
      label={`${props.label} (your time)`}
      name={props.name}
      type="datetime-local"
      required={props.required ?? false}
      defaultValue={localOf(props.value)}
    />
  );
}

/**
 * Rows of a form that the operator adds and takes out (a quest's tasks, a tournament's prizes):
 * each row keeps a stable key for its inputs' names, and its own state (what its type shows).
 */
export function useRows<T>(initial: T[]) {
  const next = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((value, key) => ({ key, value })));
  return {
    rows,
    add: (value: T) => {
      const key = next.current++;
      setRows((current) => [...current, { key, value }]);
    },
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
    update: (key: number, value: T) =>
      setRows((current) => current.map((row) => (row.key === key ? { key, value } : row))),
  };
}

/** A row's group in a form: a legend ("Task 2") and a button that takes it out. */
export function RowGroup(props: { legend: string; onRemove?: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="card" aria-labelledby={id}>
      <legend id={id}>{props.legend}</legend>
      <div className="row">
        {props.children}
        {props.onRemove && (
          <button type="button" onClick={props.onRemove} aria-label={`Remove ${props.legend}`}>
            Remove
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** The bonus definitions (rewards and prizes name one by slug). */
export function useBonuses(desk: Desk) {
  return useLoad(() => desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), []);
}

/** A select of bonus definitions by slug; `freeSpins`: only free-spin ones, else only the others. */
export function BonusField(props: {
  label: string;
  name: string;
  bonuses: OperatorBonus[];
  freeSpins: boolean;
  value: string | null;
}) {
  const fitting = props.bonuses.filter((bonus) => (bonus.type === 3) === props.freeSpins);
  const known = props.value === null || fitting.some((bonus) => bonus.slug === props.value);
  return (
    <Field label={props.label} name={props.name} defaultValue={props.value ?? ""}>
      <option value="">Choose a bonus</option>
      {!known && props.value && <option value={props.value}>{props.value}</option>}
      {fitting.map((bonus) => (
        <option key={bonus.id} value={bonus.slug}>
          {bonus.name} ({bonus.slug}){bonus.isEnabled ? "" : ", off"}
        </option>
      ))}
    </Field>
  );
}
