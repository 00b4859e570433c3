// Dice: roll 0.00–99.99, under or over a target; multiplier 99 / chance.
import { useState } from "react";
import type { GameProps } from "../game-page";
import { AmountField, NumberField, outcomeText, Result } from "./fields";
import { hundredths, toHundredths } from "./meta";

export function DiceGame({ currency, busy, play, lastRound }: GameProps) {
  const [amount, setAmount] = useState("1.00");
  const [target, setTarget] = useState("50.00");
  const [direction, setDirection] = useState<"under" | "over">("under");
  const t = toHundredths(target);
  const winning = direction === "under" ? t : 9999 - t;
  const valid = Number.isFinite(t) && winning >= 1 && winning <= 9800;
  const chance = valid ? winning / 100 : null;
  const multiplier = valid ? (9900 / winning).toFixed(4) : null;
  const roll = lastRound?.game === "dice" ? (lastRound.outcome.roll as number) : null;

  return (
    <form
      className="controls"
      onSubmit={(event) => {
        event.preventDefault();
        void play({ amount, target: t, direction });
      }}
    >
      <AmountField label="Bet amount" value={amount} onChange={setAmount} currency={currency} />
      <NumberField
        label="Target"
        name="target"
        value={target}
        onChange={setTarget}
        hint="0.01 to 99.98; the chance must be between 0.01% and 98%"
      />
      <fieldset className="choice">
        <legend>Win when the roll is</legend>
        <label>
          <input
            type="radio"
            name="direction"
            checked={direction === "under"}
            onChange={() => setDirection("under")}
          />{" "}
          Under the target
        </label>
        <label>
          <input
            type="radio"
            name="direction"
            checked={direction === "over"}
            onChange={() => setDirection("over")}
          />{" "}
          Over the target
        </label>
      </fieldset>
      <p className="odds">
        {chance !== null
          ? `Chance ${chance.toFixed(2)}% · pays ${multiplier}×`
          : "Choose a valid target"}
      </p>
      <button type="submit" className="primary" disabled={busy || !valid}>
        Roll
      </button>
      {roll !== null && lastRound ? (
        <Result won={Number(lastRound.payout) > 0}>
          <span className="big">Roll {hundredths(roll)}</span>{" "}
          {outcomeText(lastRound.payout, lastRound.stake, currency)}
        </Result>
      ) : null}
    </form>
  );
}
