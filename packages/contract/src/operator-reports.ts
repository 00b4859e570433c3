// The operator's reports (/api/operator/reports/..., scope reports; migrations 0052, 0053): what
// came in and went out per UTC day and currency, what promotions cost, and how each game did. Amounts in major units, as
// strings; figures of different currencies are never added together.
import { z } from "zod";
import { CurrencyCode } from "./operator";

/** A UTC day, YYYY-MM-DD. */
export const ReportDay = z.iso.date("Must be a day like 2026-11-25");

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

export const ReportQuery = z.object({
  from: ReportDay,
  to: ReportDay,
  /** One currency's figures only. */
  currency: CurrencyCode.optional(),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

export const GameReportQuery = z.object({
  from: ReportDay,
  to: ReportDay,
  currency: CurrencyCode,
  /** What the games are ordered by, the largest first. */
  sort: z.enum(["ggr", "stakes", "rounds"]).default("ggr"),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type GameReportQuery = z.infer<typeof GameReportQuery>;

/** Money of settled rounds: GGR is stakes less wins less refunded stakes. */
export const ReportBets = z.object({
  rounds: z.number().int(),
  stakes: z.string(),
  wins: z.string(),
  refunds: z.string(),
  ggr: z.string(),
});

/**
 * What promotions and the operator's hand cost. GGR counts bonus-money stakes and wins, so a
 * bonus costs the bonus money given, net of what was taken back: `bonuses.granted` (free-spin
 * winnings left out: their rounds count them as wins) less `bonuses.forfeited` (canceled or
 * expired bonuses' balances). `bonuses.converted` (bonus money that became real money when its
 * wagering was done) is shown, not added: it is part of what was granted, and the bonus money
 * won or lost on the way is in GGR. `prizes`: tournament cash prizes. `adjustments`: the
 * operator's manual credits and debits of real balances, counted net (a debit corrects a
 * credit or a mistake and lowers the cost). total = granted − forfeited + prizes + credits −
 * debits.
 */
export const ReportPromotions = z.object({
  bonuses: z.object({ granted: z.string(), forfeited: z.string(), converted: z.string() }),
  prizes: z.string(),
  adjustments: z.object({ credits: z.string(), debits: z.string() }),
  total: z.string(),
});

export const ReportFigures = z.object({
  currency: z.string(),
  deposits: z.object({ count: z.number().int(), amount: z.string() }),
  withdrawals: z.object({ count: z.number().int(), amount: z.string() }),
  bets: ReportBets,
  /**
   * The same rounds split by product: casino (rounds of casino providers) and sport (settled
   * sports bets: rounds of a provider of kind sportsbook). casino + sport = bets.
   */
  products: z.object({ casino: ReportBets, sport: ReportBets }),
  promotions: ReportPromotions,
  /** Net gaming revenue: GGR less promotions.total. */
  ngr: z.string(),
  players: z.object({
    /** Players with a settled round. */
    active: z.number().int(),
    /** Players with a successful deposit. */
    depositors: z.number().int(),
    /** Players whose first successful deposit ever it was. */
    firstDepositors: z.number().int(),
  }),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

export const DailyReport = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Each day with any activity, per currency, oldest first. */
    days: z.array(ReportFigures.extend({ day: z.string() })),
    /** The whole range per currency; players counted once over the range. */
    totals: z.array(ReportFigures),
    /** New players per day (days with none left out), and over the range. */
    signUps: z.object({
      total: z.number().int(),
      days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
  })
  .meta({ id: "OperatorDailyReport" });
export type DailyReport = z.infer<typeof DailyReport>;
export const DailyReportResponse = z.object({ data: DailyReport });

export const GameReportRow = ReportBets.extend({
  gameId: z.number().int(),
  title: z.string(),
  provider: z.string(),
  /** Wins and refunds against stakes, in percent with two decimals (null without stakes). */
  payout: z.string().nullable(),
}).meta({ id: "OperatorGameReportRow" });
export type GameReportRow = z.infer<typeof GameReportRow>;

export const GameReport = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.string(),
    games: z.array(GameReportRow),
  })
  .meta({ id: "OperatorGameReport" });
export type GameReport = z.infer<typeof GameReport>;
export const GameReportResponse = z.object({ data: GameReport });
