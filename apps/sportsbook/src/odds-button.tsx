// A price: a real button named "<selection> <odds>" that flashes when the price moves and is
// locked while its market is suspended.
import { useEffect, useRef, useState } from "react";
import type { EventSummary, Market } from "./api";
import { legKey, useBook } from "./book";
import { parseOdds } from "./slip-math";

export function OddsButton({
  event,
  market,
  selectionId,
  label,
}: {
  event: EventSummary;
  market: Market;
  selectionId: string;
  /** A short visible label ("1", "X", "Over") shown above the price; the name stays the selection's. */
  label?: string;
}) {
  const book = useBook();
  const selection = market.selections.find((s) => s.id === selectionId);
  const odds = selection?.odds ?? "";
  const previous = useRef(odds);
  const [move, setMove] = useState<"up" | "down" | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = odds;
    if (!before || !odds || before === odds) return;
    setMove(parseOdds(odds) > parseOdds(before) ? "up" : "down");
    const timer = setTimeout(() => setMove(null), 2_500);
    return () => clearTimeout(timer);
  }, [odds]);

  if (!selection) return null;
  const closed = market.status !== "open" || event.status === "ended" || event.status === "void";
  const key = legKey({ eventId: event.id, marketId: market.id, selectionId });
  const picked = book.legs.some((l) => legKey(l) === key);
  const name = closed
    ? `${selection.name} ${book.t("suspended")}`
    : `${selection.name} ${selection.odds}`;

  return (
    <button
      type="button"
      className={`odds${picked ? " picked" : ""}${move ? ` moved-${move}` : ""}`}
      aria-label={name}
      aria-pressed={picked}
      disabled={closed}
      data-odds={selection.odds}
      onClick={() => {
        if (!book.session) {
          book.askToSignIn();
          return;
        }
        book.toggleLeg({
          eventId: event.id,
          event: event.name,
          sport: event.sport,
          live: event.status === "live",
          marketId: market.id,
          market: market.name,
          selectionId,
          selection: selection.name,
          odds: selection.odds,
          minStake: market.minStake,
          maxStake: market.maxStake,
        });
      }}
    >
      <span className="odds-label">{label ?? selection.name}</span>
      <span className="odds-price">
        {closed ? <LockIcon /> : selection.odds}
        {move === "up" ? <span aria-hidden="true"> ▲</span> : null}
        {move === "down" ? <span aria-hidden="true"> ▼</span> : null}
      </span>
    </button>
  );
}

function LockIcon() {
  return (
    <svg className="lock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 1 0-4 0v2z" />
    </svg>
  );
}
