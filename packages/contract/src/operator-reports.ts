// The operator's reports (/api/operator/reports/..., scope reports; migration 0052): what came in
// and went out per UTC day and currency, and how each game did. Amounts in major units, as
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

export const ReportFigures = z.object({
  currency: z.string(),
  deposits: z.object({ count: z.number().int(), amount: z.string() }),
  withdrawals: z.object({ count: z.number().int(), amount: z.string() }),
  bets: ReportBets,
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
