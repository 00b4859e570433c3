// Realtime bet rule events on the player's game-bets channel (spec §7, GM-12): a bet above the
// active bonus's maximum (game.bet.max.exceed, carrying the bonus currency and maxBetAmount) opens
// max-bets; a bet the bonus does not allow (game.bet.restricted) opens restricted-bets; a bet a
// responsible-gambling limit or a break stopped (game.bet.limit.reached) opens game-limit-reached
// with the event itself as its value (JSON: the view shows the limit and when play opens again).

export type BetRuleModal =
  | { key: "max-bets"; value: string }
  | { key: "restricted-bets"; value: undefined }
  | { key: "game-limit-reached"; value: string };

function text(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** The modal a publication asks for, or null. The max-bets value is "amount currency". */
export function betRuleModal(data: unknown): BetRuleModal | null {
  if (!data || typeof data !== "object") return null;
  const event = data as Record<string, unknown>;
  if (event.type === "game.bet.restricted") return { key: "restricted-bets", value: undefined };
  if (event.type === "game.bet.limit.reached") {
    return { key: "game-limit-reached", value: JSON.stringify(event) };
  }
  if (event.type !== "game.bet.max.exceed") return null;
  const bonus =
    event.playerBonus && typeof event.playerBonus === "object"
      ? (event.playerBonus as Record<string, unknown>)
      : {};
  const amount = text(event.maxBetAmount) ?? text(bonus.maxBetAmount) ?? "";
  const currency = text(bonus.currency) ?? text(event.currency) ?? "";
  return { key: "max-bets", value: `${amount} ${currency}`.trim() };
}
