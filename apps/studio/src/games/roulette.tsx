// European roulette: place chips on numbers and outside bets, then spin.
import { useState } from "react";
import type { GameProps } from "../game-page";
import { AmountField, outcomeText, Result } from "./fields";
import { pocketColor } from "./meta";

interface Chip {
  kind: string;
  at: number[];
  amount: string;
  label: string;
}

const OUTSIDE: { kind: string; at: number[]; label: string }[] = [
  { kind: "red", at: [], label: "Red" },
  { kind: "black", at: [], label: "Black" },
  { kind: "odd", at: [], label: "Odd" },
  { kind: "even", at: [], label: "Even" },
  { kind: "low", at: [], label: "1 to 18" },
  { kind: "high", at: [], label: "19 to 36" },
  { kind: "dozen", at: [1], label: "1st dozen" },
  { kind: "dozen", at: [2], label: "2nd dozen" },
  { kind: "dozen", at: [3], label: "3rd dozen" },
  { kind: "column", at: [1], label: "Column 1" },
  { kind: "column", at: [2], label: "Column 2" },
  { kind: "column", at: [3], label: "Column 3" },
];

/** Rows of the layout: 3-6-9-…-36 on top, 1-4-7-…-34 at the bottom. */
const ROWS = [3, 2, 1].map((top) => Array.from({ length: 12 }, (_, i) => top + 3 * i));

export function RouletteGame({ currency, busy, play, lastRound }: GameProps) {
  const [chipValue, setChipValue] = useState("1.00");
  const [chips, setChips] = useState<Chip[]>([]);
  const add = (kind: string, at: number[], label: string) =>
    setChips((current) => [...current, { kind, at, amount: chipValue, label }]);
  const total = chips.reduce((sum, chip) => sum + Number(chip.amount), 0);
  const pocket = lastRound?.game === "roulette" ? (lastRound.outcome.pocket as number) : null;

  return (
    <form
      className="controls"
      onSubmit={(event) => {
        event.preventDefault();
        void play({ chips: chips.map(({ kind, at, amount }) => ({ kind, at, amount })) });
      }}
    >
      <AmountField
        label="Chip value"
        value={chipValue}
        onChange={setChipValue}
        currency={currency}
        name="chipValue"
      />
      <fieldset className="table">
        <legend className="sr-only">Numbers</legend>
        <button
          type="button"
          className="pocket green zero"
          aria-label="Bet on 0"
          onClick={() => add("straight", [0], "Number 0")}
        >
          0
        </button>
        <div className="numbers">
          {ROWS.flat().map((n) => (
            <button
              type="button"
              key={n}
              className={`pocket ${pocketColor(n)}`}
              aria-label={`Bet on ${n}`}
              onClick={() => add("straight", [n], `Number ${n}`)}
            >
              {n}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="outside">
        <legend className="sr-only">Outside bets</legend>
        {OUTSIDE.map((bet) => (
          <button
            type="button"
            key={bet.label}
            aria-label={`Bet on ${bet.label}`}
            onClick={() => add(bet.kind, bet.at, bet.label)}
          >
            {bet.label}
          </button>
        ))}
      </fieldset>
      <section aria-labelledby="chips-title">
        <h3 id="chips-title">Your bets</h3>
        {chips.length === 0 ? (
          <p>Place chips on numbers or outside bets.</p>
        ) : (
          <ul className="chips">
            {chips.map((chip, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: chips are identified by position
              <li key={index}>
                {chip.label}: {chip.amount} {currency}{" "}
                <button
                  type="button"
                  aria-label={`Remove ${chip.label}`}
                  onClick={() => setChips((current) => current.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <p>
          Total stake: {total.toFixed(2)} {currency}
        </p>
      </section>
      <div className="row">
        <button type="submit" className="primary" disabled={busy || chips.length === 0}>
          Spin
        </button>
        <button type="button" onClick={() => setChips([])} disabled={chips.length === 0}>
          Clear bets
        </button>
      </div>
      {pocket !== null && lastRound ? (
        <Result won={Number(lastRound.payout) > 0}>
          <span className={`big pocket-result ${pocketColor(pocket)}`}>
            {pocket} {pocketColor(pocket)}
          </span>{" "}
          {outcomeText(lastRound.payout, lastRound.stake, currency)}
        </Result>
      ) : null}
    </form>
  );
}
