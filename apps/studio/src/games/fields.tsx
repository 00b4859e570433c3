import { useId } from "react";

/** A labelled amount input (decimal text, as the API takes it). */
export function AmountField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  currency: string;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label} ({props.currency})
      </label>
      <input
        id={id}
        name={props.name ?? "amount"}
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

export function NumberField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        aria-describedby={props.hint ? hintId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint ? (
        <small id={hintId} className="hint">
          {props.hint}
        </small>
      ) : null}
    </div>
  );
}

/** The result line of the last round (a live region, so screen readers hear it). */
export function Result(props: { children: React.ReactNode; won?: boolean | undefined }) {
  return (
    <div className={props.won ? "result won" : "result"} role="status" aria-live="polite">
      {props.children}
    </div>
  );
}

export function outcomeText(payout: string, stake: string, currency: string): string {
  if (Number(payout) === 0) return "No win this time.";
  return `You won ${payout} ${currency}${Number(stake) > 0 ? ` (stake ${stake})` : ""}.`;
}
