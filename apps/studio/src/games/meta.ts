// Names and formats the game views and the verifier share.
import type { StudioGameCode } from "../api";

export const GAME_CODES: readonly StudioGameCode[] = [
  "dice",
  "limbo",
  "roulette",
  "baccarat",
  "slot",
];

export const GAME_TITLES: Record<StudioGameCode, string> = {
  dice: "Dice",
  limbo: "Limbo",
  roulette: "European Roulette",
  baccarat: "Baccarat",
  slot: "Fruit Lines",
};

export function isGameCode(value: string): value is StudioGameCode {
  return (GAME_CODES as readonly string[]).includes(value);
}

/** Hundredths as a decimal: 5017 → "50.17". */
export function hundredths(value: number): string {
  return (value / 100).toFixed(2);
}

/** "50.17" → 5017; NaN when it is not a number with at most two decimals. */
export function toHundredths(text: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return Number.NaN;
  return Math.round(Number(text) * 100);
}

export const SLOT_SYMBOLS: readonly { name: string; face: string }[] = [
  { name: "Wild", face: "WILD" },
  { name: "Scatter", face: "◆" },
  { name: "Seven", face: "7" },
  { name: "Bell", face: "BELL" },
  { name: "Bar", face: "BAR" },
  { name: "Cherry", face: "CHERRY" },
  { name: "Ace", face: "A" },
  { name: "King", face: "K" },
  { name: "Queen", face: "Q" },
  { name: "Jack", face: "J" },
  { name: "Ten", face: "10" },
];

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["♠", "♥", "♦", "♣"];
const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"];
const RANK_NAMES = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];

export function cardFace(card: number): { text: string; label: string; red: boolean } {
  const rank = card % 13;
  const suit = Math.floor(card / 13) % 4;
  return {
    text: `${RANKS[rank]}${SUITS[suit]}`,
    label: `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`,
    red: suit === 1 || suit === 2,
  };
}

export const RED_NUMBERS = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export function pocketColor(pocket: number): "green" | "red" | "black" {
  if (pocket === 0) return "green";
  return RED_NUMBERS.has(pocket) ? "red" : "black";
}
