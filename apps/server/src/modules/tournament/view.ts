// Rows → API shapes (packages/contract/src/tournament.ts).
import {
  type LeaderboardEntry,
  MULTIPLIER_SCALE,
  type Tournament,
  type TournamentPrize,
  type TournamentRules,
  type TournamentScoring,
  type TournamentState,
} from "@casino/contract/tournament";
import { formatAmount, formatScaled } from "@casino/money/format";
import { maskName } from "../game/list-winners";
import type { EntryRow, PrizeRow, TournamentRow } from "./repository";

const MULTIPLIER_DECIMALS = Math.round(Math.log10(MULTIPLIER_SCALE));

export function tournamentState(row: TournamentRow, now: Date): TournamentState {
  if (row.completed_at || row.ends_at.getTime() <= now.getTime()) return "finished";
  if (row.starts_at.getTime() > now.getTime()) return "upcoming";
  return "running";
}

export function toPrize(prize: PrizeRow, currency: string, subunit: bigint): TournamentPrize {
  const amount = prize.amount === null ? null : formatAmount(BigInt(prize.amount), subunit);
  return {
    placeFrom: prize.place_from,
    placeTo: prize.place_to,
    type: prize.kind,
    amount,
    currency,
    title: amount !== null ? `${amount} ${currency}` : prize.title,
  };
}

/** What counts in the tournament, as its definition fixed it. */
export function toRules(
  row: TournamentRow,
  eligibility: Pick<TournamentRules, "games" | "providers" | "collections">,
): TournamentRules {
  return {
    scoring: row.scoring,
    minBet: formatAmount(BigInt(row.min_bet), BigInt(row.subunit_to_unit)),
    convertsCurrencies: row.convert_currencies,
    product: row.product,
    games: eligibility.games,
    providers: eligibility.providers,
    collections: eligibility.collections,
  };
}

/** A score as the API shows it: money for the sums, a multiplier for max_multiplier. */
export function formatScore(score: bigint, scoring: TournamentScoring, subunit: bigint): string {
  return scoring === "max_multiplier"
    ? formatScaled(score, MULTIPLIER_DECIMALS, "trim")
    : formatAmount(score, subunit);
}

export function toEntry(
  row: EntryRow,
  scoring: TournamentScoring,
  subunit: bigint,
): LeaderboardEntry {
  return {
    place: row.place,
    entryId: String(row.seq),
    nickname: maskName(row.nickname ?? row.email?.split("@")[0] ?? "player"),
    score: formatScore(BigInt(row.score), scoring, subunit),
    bets: row.bets,
  };
}

export function toTournament(
  row: TournamentRow,
  prizes: readonly PrizeRow[],
  isJoined: boolean,
  now: Date,
): Tournament {
  const subunit = BigInt(row.subunit_to_unit);
  const pool = prizes.reduce(
    (total, prize) =>
      prize.amount === null
        ? total
        : total + BigInt(prize.amount) * BigInt(prize.place_to - prize.place_from + 1),
    0n,
  );
  return {
    id: row.id,
    identity: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    state: tournamentState(row, now),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    currency: row.currency,
    scoring: row.scoring,
    prizePool: formatAmount(pool, subunit),
    prizes: prizes.map((prize) => toPrize(prize, row.currency, subunit)),
    participants: Number(row.participants),
    isJoined,
  };
}

const ORDINAL_SUFFIXES: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };

/** 1 → "1st" (the messenger's default-locale text; the site's alert formats its own). */
export function ordinal(place: number): string {
  const rule = new Intl.PluralRules("en", { type: "ordinal" }).select(place);
  return `${place}${ORDINAL_SUFFIXES[rule] ?? "th"}`;
}
