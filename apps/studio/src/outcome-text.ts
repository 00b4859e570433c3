// A round's outcome in words (the verifier shows it; the same for stored and recomputed ones).
import { cardFace, hundredths, pocketColor, SLOT_SYMBOLS } from "./games/meta";

export function describeOutcome(outcome: Record<string, unknown>): string {
  switch (outcome.game) {
    case "dice":
      return `Roll ${hundredths(outcome.roll as number)}`;
    case "limbo":
      return `Multiplier ${hundredths(outcome.multiplier as number)}×`;
    case "roulette": {
      const pocket = outcome.pocket as number;
      return `Pocket ${pocket} (${pocketColor(pocket)})`;
    }
    case "baccarat": {
      const cards = (list: unknown) =>
        (list as number[]).map((card) => cardFace(card).text).join(" ");
      return `Player ${cards(outcome.playerCards)} = ${outcome.playerTotal}; banker ${cards(outcome.bankerCards)} = ${outcome.bankerTotal}; ${outcome.result} wins`.replace(
        "tie wins",
        "tie",
      );
    }
    case "slot": {
      const spins = outcome.spins as { window: number[][]; units: number }[];
      const first = spins[0]!;
      const middle = first.window.map((column) => SLOT_SYMBOLS[column[1]!]!.name).join(", ");
      return `Middle row ${middle}; ${spins.length - 1} free spins; ${outcome.units} line-bet units in all`;
    }
    default:
      return JSON.stringify(outcome);
  }
}
