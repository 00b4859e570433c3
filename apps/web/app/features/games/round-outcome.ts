// How a round of the player's history is labelled (issue 31 item 6): by its net result, not by
// whether it paid anything. The server's status says settled or not (game.bet.status: 1
// pending, 2 won, 3 lost, 4 refunded); a settled round paying less than its stake (roulette
// 1.00 → 0.50) lost money, so it is never "Won".
import { parseAmount } from "@casino/money/parse";

export type RoundOutcome = "pending" | "won" | "returned" | "partial" | "lost" | "refunded";

/** Exact comparison of two decimal amounts (up to 18 decimals), never through floats. */
function exact(amount: string): bigint {
  const parsed = parseAmount(amount, 10n ** 18n);
  return parsed.ok ? parsed.value : 0n;
}

export function roundOutcome(round: {
  status: number;
  betAmount: string;
  winAmount: string;
}): RoundOutcome {
  if (round.status === 1) return "pending";
  if (round.status === 4) return "refunded";
  const bet = exact(round.betAmount);
  const win = exact(round.winAmount);
  if (win > bet) return "won";
  if (win === bet) return bet === 0n ? "lost" : "returned";
  return win > 0n ? "partial" : "lost";
}
