// The operator's reports (GET /api/operator/reports/daily and /games, scope reports; promotional
// costs and NGR since migration 0053): read from
// the daily rows the "reports" consumer keeps (collect.ts), so a year's report reads at most a
// few hundred rows per currency. Amounts leave in major units; currencies are never added up.
import {
  type DailyReport,
  type GameReport,
  type GameReportQuery,
  REPORT_MAX_DAYS,
  type ReportFigures,
  type ReportQuery,
} from "@casino/contract/operator-reports";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { fieldProblems } from "../../lib/operator-keys";
import { currencySubunits } from "../settings/list-currencies";

const DAY_MS = 86_400_000;

/** The range's bounds as instants (to: the end of its day); 422 when backwards or too long. */
function rangeOf(query: { from: string; to: string }) {
  const { fail, check } = fieldProblems();
  const start = Date.parse(`${query.from}T00:00:00Z`);
  const end = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS;
  if (end <= start) fail("to", "Must be on or after from");
  else if ((end - start) / DAY_MS > REPORT_MAX_DAYS) {
    fail("to", `A report covers at most ${REPORT_MAX_DAYS} days`);
  }
  check();
  return { start: new Date(start), end: new Date(end) };
}

interface SumsRow {
  currency: string;
  deposits: string | number;
  deposit_amount: string;
  withdrawals: string | number;
  withdrawal_amount: string;
  rounds: string | number;
  stakes: string;
  wins: string;
  refunds: string;
  bonus_granted: string;
  bonus_forfeited: string;
  bonus_converted: string;
  prizes: string;
  adjustment_credits: string;
  adjustment_debits: string;
}

/** Money of rounds, in major units, with GGR (stakes less wins less refunds). */
function bets(row: Pick<SumsRow, "rounds" | "stakes" | "wins" | "refunds">, subunits: number) {
  const [stakes, wins, refunds] = [row.stakes, row.wins, row.refunds].map((value) => BigInt(value));
  return {
    rounds: Number(row.rounds),
    stakes: formatAmount(stakes!, subunits),
    wins: formatAmount(wins!, subunits),
    refunds: formatAmount(refunds!, subunits),
    ggr: formatAmount(stakes! - wins! - refunds!, subunits),
  };
}

/** GGR in minor units. */
const ggrOf = (row: Pick<SumsRow, "stakes" | "wins" | "refunds">) =>
  BigInt(row.stakes) - BigInt(row.wins) - BigInt(row.refunds);

/**
 * Promotional costs (contract ReportPromotions): bonus money granted less forfeited, tournament
 * cash prizes and the operator's adjustments net; and NGR, GGR less their total.
 */
function promotions(row: SumsRow, subunits: number) {
  const [granted, forfeited, converted, prizes, credits, debits] = [
    row.bonus_granted,
    row.bonus_forfeited,
    row.bonus_converted,
    row.prizes,
    row.adjustment_credits,
    row.adjustment_debits,
  ].map((value) => BigInt(value)) as [bigint, bigint, bigint, bigint, bigint, bigint];
  const total = granted - forfeited + prizes + credits - debits;
  const format = (value: bigint) => formatAmount(value, subunits);
  return {
    promotions: {
      bonuses: {
        granted: format(granted),
        forfeited: format(forfeited),
        converted: format(converted),
      },
      prizes: format(prizes),
      adjustments: { credits: format(credits), debits: format(debits) },
      total: format(total),
    },
    ngr: format(ggrOf(row) - total),
  };
}

type BetSums = Pick<SumsRow, "rounds" | "stakes" | "wins" | "refunds">;
const NO_BETS: BetSums = { rounds: 0, stakes: "0", wins: "0", refunds: "0" };
/** Rounds of one key ("day|currency" or "currency") per product. */
type ProductSums = Map<string, { casino: BetSums; sport: BetSums }>;

function productsOf(rows: (BetSums & { key: string; sport: boolean })[]): ProductSums {
  const sums: ProductSums = new Map();
  for (const row of rows) {
    const entry = sums.get(row.key) ?? { casino: NO_BETS, sport: NO_BETS };
    entry[row.sport ? "sport" : "casino"] = row;
    sums.set(row.key, entry);
  }
  return sums;
}

function figures(
  row: SumsRow,
  subunits: number,
  players: ReportFigures["players"],
  products: { casino: BetSums; sport: BetSums } = { casino: NO_BETS, sport: NO_BETS },
): ReportFigures {
  return {
    currency: row.currency,
    deposits: {
      count: Number(row.deposits),
      amount: formatAmount(BigInt(row.deposit_amount), subunits),
    },
    withdrawals: {
      count: Number(row.withdrawals),
      amount: formatAmount(BigInt(row.withdrawal_amount), subunits),
    },
    bets: bets(row, subunits),
    products: { casino: bets(products.casino, subunits), sport: bets(products.sport, subunits) },
    ...promotions(row, subunits),
    players,
  };
}

const SUMS = `sum(deposits) AS deposits, sum(deposit_amount)::text AS deposit_amount,
              sum(withdrawals) AS withdrawals, sum(withdrawal_amount)::text AS withdrawal_amount,
              sum(rounds) AS rounds, sum(stakes)::text AS stakes, sum(wins)::text AS wins,
              sum(refunds)::text AS refunds, sum(bonus_granted)::text AS bonus_granted,
              sum(bonus_forfeited)::text AS bonus_forfeited,
              sum(bonus_converted)::text AS bonus_converted, sum(prizes)::text AS prizes,
              sum(adjustment_credits)::text AS adjustment_credits,
              sum(adjustment_debits)::text AS adjustment_debits`;

/** Player counts by "day|currency" (or "currency" over the range): active, depositors, first. */
type Counts = Map<string, ReportFigures["players"]>;

function countsOf(rows: { key: string; kind: string; count: string | number }[]): Counts {
  const counts: Counts = new Map();
  for (const row of rows) {
    const entry = counts.get(row.key) ?? { active: 0, depositors: 0, firstDepositors: 0 };
    const count = Number(row.count);
    if (row.kind === "bettor") entry.active = count;
    else if (row.kind === "depositor") entry.depositors = count;
    else entry.firstDepositors = count;
    counts.set(row.key, entry);
  }
  return counts;
}

/** GET /api/operator/reports/daily. */
export async function dailyReport(ctx: AppContext, query: ReportQuery): Promise<DailyReport> {
  const { start, end } = rangeOf(query);
  const params: unknown[] = [query.from, query.to];
  let currency = "";
  if (query.currency) {
    params.push(query.currency);
    currency = " AND currency = $3";
  }
  const where = `WHERE day BETWEEN $1::date AND $2::date${currency}`;
  // The rounds per product from the per-game rows: a game's provider is a casino or a sportsbook.
  const byProduct = (key: string, group: string) =>
    ctx.db.query<BetSums & { key: string; sport: boolean }>(
      `SELECT ${key} AS key, p.kind = 'sportsbook' AS sport, sum(r.rounds) AS rounds,
              sum(r.stakes)::text AS stakes, sum(r.wins)::text AS wins,
              sum(r.refunds)::text AS refunds
         FROM report_game_daily r
         JOIN games g ON g.id = r.game_id
         JOIN game_providers p ON p.id = g.provider_id
        WHERE r.day BETWEEN $1::date AND $2::date${query.currency ? " AND r.currency = $3" : ""}
        GROUP BY ${group}, p.kind = 'sportsbook'`,
      params,
    );
  const [dayProducts, rangeProducts] = await Promise.all([
    byProduct("r.day::text || '|' || r.currency", "r.day, r.currency"),
    byProduct("r.currency", "r.currency"),
  ]);
  const perDayProducts = productsOf(dayProducts);
  const perRangeProducts = productsOf(rangeProducts);
  const [days, totals, dayPlayers, rangePlayers, signUps, subunits] = await Promise.all([
    ctx.db.query<SumsRow & { day: string }>(
      `SELECT day::text AS day, currency, ${SUMS} FROM report_daily ${where}
        GROUP BY day, currency ORDER BY day, currency`,
      params,
    ),
    ctx.db.query<SumsRow>(
      `SELECT currency, ${SUMS} FROM report_daily ${where} GROUP BY currency ORDER BY currency`,
      params,
    ),
    ctx.db.query<{ key: string; kind: string; count: string | number }>(
      `SELECT day::text || '|' || currency AS key, kind, count(*) AS count
         FROM report_day_players ${where} GROUP BY day, currency, kind
       UNION ALL
       SELECT day::text || '|' || currency, 'first', count(*)
         FROM report_first_deposits ${where} GROUP BY day, currency`,
      params,
    ),
    ctx.db.query<{ key: string; kind: string; count: string | number }>(
      `SELECT currency AS key, kind, count(DISTINCT player_id) AS count
         FROM report_day_players ${where} GROUP BY currency, kind
       UNION ALL
       SELECT currency, 'first', count(*) FROM report_first_deposits ${where} GROUP BY currency`,
      params,
    ),
    ctx.db.query<{ day: string; count: string | number }>(
      `SELECT ((created_at AT TIME ZONE 'UTC')::date)::text AS day, count(*) AS count
         FROM players WHERE created_at >= $1 AND created_at < $2 GROUP BY 1 ORDER BY 1`,
      [start, end],
    ),
    currencySubunits(ctx.db),
  ]);
  const perDay = countsOf(dayPlayers);
  const perRange = countsOf(rangePlayers);
  const none = { active: 0, depositors: 0, firstDepositors: 0 };
  const units = (code: string) => subunits.get(code) ?? 100;
  return {
    from: query.from,
    to: query.to,
    days: days.map((row) => ({
      day: row.day,
      ...figures(
        row,
        units(row.currency),
        perDay.get(`${row.day}|${row.currency}`) ?? none,
        perDayProducts.get(`${row.day}|${row.currency}`),
      ),
    })),
    totals: totals.map((row) =>
      figures(
        row,
        units(row.currency),
        perRange.get(row.currency) ?? none,
        perRangeProducts.get(row.currency),
      ),
    ),
    signUps: {
      total: signUps.reduce((sum, row) => sum + Number(row.count), 0),
      days: signUps.map((row) => ({ day: row.day, count: Number(row.count) })),
    },
  };
}

/** GET /api/operator/reports/games: each game's rounds and money in one currency over the range. */
export async function gameReport(ctx: AppContext, query: GameReportQuery): Promise<GameReport> {
  rangeOf(query);
  const order = {
    ggr: "sum(r.stakes) - sum(r.wins) - sum(r.refunds)",
    stakes: "sum(r.stakes)",
    rounds: "sum(r.rounds)",
  }[query.sort];
  const [rows, subunits] = await Promise.all([
    ctx.db.query<{
      game_id: number;
      title: string;
      provider: string;
      rounds: string | number;
      stakes: string;
      wins: string;
      refunds: string;
    }>(
      `SELECT r.game_id, g.title, p.name AS provider, sum(r.rounds) AS rounds,
              sum(r.stakes)::text AS stakes, sum(r.wins)::text AS wins,
              sum(r.refunds)::text AS refunds
         FROM report_game_daily r
         JOIN games g ON g.id = r.game_id
         JOIN game_providers p ON p.id = g.provider_id
        WHERE r.currency = $1 AND r.day BETWEEN $2::date AND $3::date
        GROUP BY r.game_id, g.title, p.name
        ORDER BY ${order} DESC, r.game_id
        LIMIT $4`,
      [query.currency, query.from, query.to, query.limit],
    ),
    currencySubunits(ctx.db),
  ]);
  const units = subunits.get(query.currency) ?? 100;
  return {
    from: query.from,
    to: query.to,
    currency: query.currency,
    games: rows.map((row) => {
      const stakes = BigInt(row.stakes);
      const paid = BigInt(row.wins) + BigInt(row.refunds);
      return {
        gameId: Number(row.game_id),
        title: row.title,
        provider: row.provider,
        ...bets(row, units),
        // Basis points, rounded half up, then two decimals: no floating point.
        payout: stakes === 0n ? null : formatAmount((paid * 10_000n + stakes / 2n) / stakes, 100),
      };
    }),
  };
}
