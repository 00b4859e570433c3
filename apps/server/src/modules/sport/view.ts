// Sports bet rows as the player API shows them (packages/contract/src/sport.ts): amounts in
// major units of the currency, odds as decimal strings with at least two decimals.
import {
  SPORT_BET_STATUSES,
  SPORT_BET_TYPES,
  SPORT_LEG_RESULTS,
  type SportBet,
  type SportBetLeg,
} from "@casino/contract/sport";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import { subunitOf } from "../game/provider-wallet";
import { type SportBetRow, type SportLegRow, sportRepository } from "./repository";

/** "5.2500" → "5.25", "1.0125" → "1.0125", "3" → "3.00". */
export function formatOdds(value: string): string {
  const [whole, fraction = ""] = value.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.padEnd(2, "0")}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

function legView(row: SportLegRow): SportBetLeg {
  return {
    eventId: row.event_id,
    event: row.event,
    sport: row.sport,
    league: row.league,
    startsAt: iso(row.starts_at),
    live: row.live,
    market: row.market,
    selection: row.selection,
    odds: formatOdds(row.odds),
    result: row.result === null ? null : oneOf(SPORT_LEG_RESULTS, row.result, "void"),
  };
}

export function sportBetView(
  row: SportBetRow,
  legs: readonly SportLegRow[],
  subunit: number,
): SportBet {
  return {
    id: row.id,
    type: oneOf(SPORT_BET_TYPES, row.bet_type, "single"),
    system: row.system,
    currency: row.currency,
    stake: formatAmount(BigInt(row.stake), subunit),
    totalOdds: formatOdds(row.total_odds),
    potentialPayout: formatAmount(BigInt(row.potential_payout), subunit),
    payout: formatAmount(BigInt(row.payout), subunit),
    status: oneOf(SPORT_BET_STATUSES, row.status, "open"),
    placedAt: iso(row.placed_at),
    settledAt: row.settled_at === null ? null : iso(row.settled_at),
    legs: legs.map(legView),
  };
}

/** The rows with their legs, in the order given. */
export async function sportBetViews(
  db: Queryable,
  rows: readonly SportBetRow[],
): Promise<SportBet[]> {
  const legs = await sportRepository(db).legsOf(rows.map((row) => row.id));
  const byBet = new Map<string, SportLegRow[]>();
  for (const leg of legs) {
    const list = byBet.get(leg.bet_id) ?? [];
    list.push(leg);
    byBet.set(leg.bet_id, list);
  }
  const views: SportBet[] = [];
  for (const row of rows) {
    const subunit = await subunitOf(db, row.currency);
    views.push(sportBetView(row, byBet.get(row.id) ?? [], subunit));
  }
  return views;
}
