// Punto banco: bet on the player, the banker (5% commission) or a tie (8:1).
import { useState } from "react";
import type { GameProps } from "../game-page";
import { AmountField, outcomeText, Result } from "./fields";
import { cardFace } from "./meta";

const BETS = [
  { value: "player", label: "Player (pays 1:1)" },
  { value: "banker", label: "Banker (pays 0.95:1)" },
  { value: "tie", label: "Tie (pays 8:1)" },
] as const;

function Hand({ title, cards, total }: { title: string; cards: number[]; total: number }) {
  return (
    <div className="hand">
      <h3>
        {title}: {total}
      </h3>
      <ul className="cards" aria-label={`${title} cards`}>
        {cards.map((card, index) => {
          const face = cardFace(card);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a hand's cards never reorder
            <li key={index} className={face.red ? "card red" : "card"} aria-label={face.label}>
              {face.text}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function BaccaratGame({ currency, busy, play, lastRound }: GameProps) {
  const [amount, setAmount] = useState("1.00");
  const [bet, setBet] = useState<(typeof BETS)[number]["value"]>("player");
  const hand = lastRound?.game === "baccarat" ? lastRound.outcome : null;
  return (
    <form
      className="controls"
      onSubmit={(event) => {
        event.preventDefault();
        void play({ amount, bet });
      }}
    >
      <AmountField label="Bet amount" value={amount} onChange={setAmount} currency={currency} />
      <fieldset className="choice">
        <legend>Your bet</legend>
        {BETS.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="bet"
              checked={bet === option.value}
              onChange={() => setBet(option.value)}
            />{" "}
            {option.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="primary" disabled={busy}>
        Deal
      </button>
      {hand && lastRound ? (
        <Result won={Number(lastRound.payout) > 0}>
          <div className="hands">
            <Hand
              title="Player"
              cards={hand.playerCards as number[]}
              total={hand.playerTotal as number}
            />
            <Hand
              title="Banker"
              cards={hand.bankerCards as number[]}
              total={hand.bankerTotal as number}
            />
          </div>
          <p>
            <span className="big">
              {hand.result === "tie"
                ? "Tie"
                : hand.result === "player"
                  ? "Player wins"
                  : "Banker wins"}
            </span>{" "}
            {outcomeText(lastRound.payout, lastRound.stake, currency)}
          </p>
        </Result>
      ) : null}
    </form>
  );
}
