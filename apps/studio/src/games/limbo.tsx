// Limbo: the round draws a multiplier; reaching the target pays target × stake.
import { useState } from "react";
import type { GameProps } from "../game-page";
import { AmountField, NumberField, outcomeText, Result } from "./fields";
import { hundredths, toHundredths } from "./meta";

export function LimboGame({ currency, busy, play, lastRound }: GameProps) {
  const [amount, setAmount] = useState("1.00");
  const [target, setTarget] = useState("2.00");
  const t = toHundredths(target);
  const valid = Number.isFinite(t) && t >= 101 && t <= 100_000_000;
  const multiplier = lastRound?.game === "limbo" ? (lastRound.outcome.multiplier as number) : null;
  return (
    <form
      className="controls"
      onSubmit={(event) => {
        event.preventDefault();
        void play({ amount, target: t });
      }}
    >
      <AmountField label="Bet amount" value={amount} onChange={setAmount} currency={currency} />
      <NumberField
        label="Target multiplier"
        name="target"
        value={target}
        onChange={setTarget}
        hint="1.01 to 1000000.00"
      />
      <p className="odds">
        {valid
          ? `Chance ${(99 / (t / 100)).toFixed(2)}% · pays ${hundredths(t)}×`
          : "Choose a valid target"}
      </p>
      <button type="submit" className="primary" disabled={busy || !valid}>
        Play
      </button>
      {multiplier !== null && lastRound ? (
        <Result won={Number(lastRound.payout) > 0}>
          <span className="big">{hundredths(multiplier)}×</span>{" "}
          {outcomeText(lastRound.payout, lastRound.stake, currency)}
        </Result>
      ) : null}
    </form>
  );
}
