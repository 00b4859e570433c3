// What every part of the book shares: the launch (SDK query), words, the player's session and
// the slip's selections.
import { createContext, useContext } from "react";
import type { Session } from "./api";
import type { Launch } from "./bridge";
import type { Translate } from "./i18n";

export interface SlipLeg {
  eventId: string;
  event: string;
  sport: string;
  live: boolean;
  marketId: string;
  market: string;
  selectionId: string;
  selection: string;
  /** The price the player last saw and accepted. */
  odds: string;
  minStake: string;
  maxStake: string;
}

export interface Book {
  launch: Launch;
  t: Translate;
  locale: string;
  /** null for a guest (no token) or while the session opens. */
  session: (Session & { sessionToken: string }) | null;
  sessionError: string | null;
  setBalance: (balance: string) => void;
  legs: SlipLeg[];
  toggleLeg: (leg: SlipLeg) => void;
  removeLeg: (eventId: string, marketId: string, selectionId: string) => void;
  updateLegs: (legs: SlipLeg[]) => void;
  clearLegs: () => void;
  /** A guest pressed a price or Place bet. */
  askToSignIn: () => void;
  /** A bet was placed or settled: the site may refresh balances. */
  notifyBalance: () => void;
}

export const BookContext = createContext<Book | null>(null);

export function useBook(): Book {
  const book = useContext(BookContext);
  if (!book) throw new Error("useBook outside the book");
  return book;
}

export function legKey(leg: { eventId: string; marketId: string; selectionId: string }): string {
  return `${leg.eventId}|${leg.marketId}|${leg.selectionId}`;
}
