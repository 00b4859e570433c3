// What the book shows: sports, leagues, events and their priced markets at a moment, with the
// tester's changes (ended early, void) read from PostgreSQL. Stake limits per market and the
// maximum payout per bet are data here (docs/sportsbook.md "The sandbox").
import type {
  SportsbookEventDetail,
  SportsbookEventSummary,
  SportsbookMarket,
} from "@casino/contract/sportsbook-sandbox";
import type { AppContext } from "../../context";
import {
  type EventDef,
  type EventOverride,
  type EventState,
  eventById,
  leagues,
  listedEvents,
  type PricedMarket,
  priceMarkets,
  type Sport,
  sportNames,
  stateAt,
} from "./engine";
import type { PlatformClient } from "./platform-client";
import { bookRepository } from "./repository";

export interface Book {
  ctx: AppContext;
  platform: PlatformClient;
  seed: string;
}

/** The book's one catalogue game on the platform. */
export const BOOK_GAME_CODE = "sportsbook";
/** Stake limits in major units of the bet's currency, by market kind; live bets: half the max. */
export const STAKE_LIMITS: Record<string, { min: string; max: string }> = {
  default: { min: "0.10", max: "1000.00" },
  "correct-score": { min: "0.10", max: "200.00" },
};
/** The most a bet may pay, in major units. */
export const MAX_PAYOUT = "50000.00";
/** Cash-out pays this share of the bet's current value. */
export const CASH_OUT_FACTOR = 0.95;

export function stakeLimits(kind: string, live: boolean): { min: string; max: string } {
  const limits = STAKE_LIMITS[kind] ?? STAKE_LIMITS.default!;
  if (!live) return limits;
  return { min: limits.min, max: (Number(limits.max) / 2).toFixed(2) };
}

export interface Snapshot {
  event: EventDef;
  state: EventState;
  markets: PricedMarket[];
}

export async function overridesOf(book: Book, ids: string[]): Promise<Map<string, EventOverride>> {
  if (ids.length === 0) return new Map();
  return bookRepository(book.ctx.db).overrides(ids);
}

export function snapshot(
  book: Book,
  event: EventDef,
  now: number,
  override: EventOverride | undefined,
): Snapshot {
  const state = stateAt(event, now, override);
  return { event, state, markets: priceMarkets(book.seed, event, state, now) };
}

export async function snapshotById(book: Book, id: string): Promise<Snapshot | null> {
  const event = eventById(book.seed, id);
  if (!event) return null;
  const overrides = await overridesOf(book, [id]);
  return snapshot(book, event, book.ctx.now().getTime(), overrides.get(id));
}

/** The listed events at this moment (upcoming, live, lately ended) with their states. */
export async function listedSnapshots(book: Book): Promise<Snapshot[]> {
  const now = book.ctx.now().getTime();
  const events = listedEvents(book.seed, now);
  const overrides = await overridesOf(
    book,
    events.map((event) => event.id),
  );
  return events.map((event) => snapshot(book, event, now, overrides.get(event.id)));
}

export function marketView(market: PricedMarket, live: boolean): SportsbookMarket {
  const limits = stakeLimits(market.kind, live);
  return {
    id: market.id,
    name: market.name,
    kind: market.kind,
    line: market.line,
    status: market.status,
    minStake: limits.min,
    maxStake: limits.max,
    selections: market.selections
      .filter((selection) => selection.odds !== null)
      .map((selection) => ({ id: selection.id, name: selection.name, odds: selection.odds! })),
  };
}

export function eventName(event: EventDef): string {
  return `${event.home} – ${event.away}`;
}

export function summaryView(snap: Snapshot): SportsbookEventSummary {
  const { event, state } = snap;
  const live = state.status === "live";
  const main = snap.markets[0];
  return {
    id: event.id,
    sport: event.sport,
    sportName: sportNames[event.sport],
    league: { id: event.league.id, name: event.league.name },
    home: event.home,
    away: event.away,
    name: eventName(event),
    startsAt: new Date(event.startsAt).toISOString(),
    status: state.status,
    clock: state.clock,
    score:
      state.status === "upcoming"
        ? null
        : { home: state.home, away: state.away, detail: state.detail },
    mainMarket: main ? marketView(main, live) : null,
    marketCount: snap.markets.length,
  };
}

export function detailView(snap: Snapshot): SportsbookEventDetail {
  const live = snap.state.status === "live";
  return {
    ...summaryView(snap),
    markets: snap.markets.map((market) => marketView(market, live)),
    incidents: snap.state.incidents.map((incident) => ({
      at: incident.at,
      kind: incident.kind,
      side: incident.side,
      text: incident.text,
    })),
  };
}

export function sportsView(snaps: Snapshot[]) {
  const sports: Sport[] = ["football", "tennis", "basketball", "ice-hockey", "esports"];
  return sports.map((sport) => {
    const of = snaps.filter((snap) => snap.event.sport === sport);
    const count = (list: Snapshot[], status: string) =>
      list.filter((snap) => snap.state.status === status).length;
    return {
      id: sport,
      name: sportNames[sport],
      upcoming: count(of, "upcoming"),
      live: count(of, "live"),
      leagues: leagues
        .filter((league) => league.sport === sport)
        .map((league) => {
          const mine = of.filter((snap) => snap.event.league.id === league.id);
          return {
            id: league.id,
            name: league.name,
            upcoming: count(mine, "upcoming"),
            live: count(mine, "live"),
          };
        }),
    };
  });
}
