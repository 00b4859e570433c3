// Reports (README "Reports", migrations 0052, 0053): the "reports" consumer keeps daily figures from
// the domain events whether or not the operator API is on; the operator API reads them
// (scope reports).
import {
  DailyReportResponse,
  GameReportQuery,
  GameReportResponse,
  ReportQuery,
} from "@casino/contract/operator-reports";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import {
  backfillReports,
  collectReportEvents,
  REPORT_CONSUMER,
  REPORT_EVENT_TYPES,
} from "./collect";
import { dailyReport, gameReport } from "./reports";

export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.domainEvents.subscribe(
    REPORT_CONSUMER,
    REPORT_EVENT_TYPES,
    (tx, event) => collectReportEvents(tx, [event]),
    { handleBatch: collectReportEvents },
  );
  // Before the consumers' cursors are placed (DomainEvents.persist): the first start fills the
  // tables from what happened before, and places this consumer's cursor itself.
  await backfillReports(ctx.db);

  const operator = operatorApi(app, ctx, "reports");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/reports/daily",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Deposits, withdrawals, settled rounds (stakes, wins, refunds, GGR), promotional costs (bonus money, tournament prizes, manual adjustments), NGR and player counts per UTC day and currency, with totals over the range and sign-ups",
        querystring: ReportQuery,
        response: { 200: DailyReportResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await dailyReport(ctx, request.query) };
    },
  );

  api.get(
    "/api/operator/reports/games",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Each game's settled rounds, stakes, wins, refunds, GGR and payout in one currency over a range of UTC days, the largest first",
        querystring: GameReportQuery,
        response: { 200: GameReportResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await gameReport(ctx, request.query) };
    },
  );
}
