// Shared by the reports' tests: the daily report as the operator API answers it, and a database
// as if the reports consumer had never run.
import { expect } from "vitest";
import type { Queryable } from "../src/infra/db";
import { REPORT_CONSUMER } from "../src/modules/reports/collect";
import { type Json, operatorRequest } from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

/** GET /api/operator/reports/daily?<query>'s data (expects 200). */
export async function dailyReport(app: PlayerTestApp, query: string): Promise<Json> {
  const response = await operatorRequest(app, "GET", `/api/operator/reports/daily?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Json;
}

/** Deletes every report row and the consumer's cursor: the next start backfills. */
export async function forgetReports(db: Queryable): Promise<void> {
  for (const table of [
    "report_daily",
    "report_game_daily",
    "report_day_players",
    "report_first_deposits",
  ]) {
    await db.query(`DELETE FROM ${table}`);
  }
  await db.query("DELETE FROM domain_event_cursors WHERE consumer = $1", [REPORT_CONSUMER]);
}
