// The operator's reports (migration 0052): the "reports" consumer adds each deposit, paid
// withdrawal, settled round and late refund once to its UTC day; the daily and games reports
// read them; the first start fills them from what happened before, to the same figures.
// Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillReports } from "../src/modules/reports/collect";
import { gamePlayer, providerCall, providerId, settledThenRefunded } from "./game-helpers";
import { expectErrorCode } from "./helpers";
import { fieldsOf, type Json, operatorRequest, operatorTestApp } from "./operator-helpers";
import { fundedPlayer, referenceOf, sandboxDecision, sandboxDeposit } from "./payment-helpers";
import type { PlayerTestApp } from "./player-helpers";
import { dailyReport, forgetReports } from "./report-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp({ SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

const daily = (query: string) => dailyReport(app, query);
const games = async (query: string) => {
  const response = await operatorRequest(app, "GET", `/api/operator/reports/games?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.games as Json[];
};

/** A product without rounds. */
const NO_BETS = { rounds: 0, stakes: "0.00", wins: "0.00", refunds: "0.00", ggr: "0.00" };
/** No promotional costs (operator-reports-costs.test.ts has them): NGR is GGR. */
const NO_PROMOTIONS = {
  bonuses: { granted: "0.00", forfeited: "0.00", converted: "0.00" },
  prizes: "0.00",
  adjustments: { credits: "0.00", debits: "0.00" },
  total: "0.00",
};

// The test clock starts at 2026-11-22T12:00Z.
const DAY1 = "2026-11-22";
const DAY2 = "2026-11-23";

describe("operator reports", () => {
  it("the daily report counts each deposit, paid withdrawal, settled round and late refund once, per UTC day and currency, players once over the range", async () => {
    // Day 1, ten minutes before midnight UTC: a depositor (two deposits, one paid withdrawal) and a player (funded through the
    // ledger, not a deposit) with two rounds and a round refunded after it settled.
    app.clock.advance(11 * 3600 + 50 * 60);
    const depositor = await fundedPlayer(app, "100");
    await sandboxDeposit(app, depositor, "50");
    const withdrawal = await depositor.withdraw({ amount: "30" });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const { invoiceId } = withdrawal.json().data;
    await sandboxDecision(app, await referenceOf(app, invoiceId), "approve");
    expect(await depositor.status(invoiceId)).toBe(2);

    const player = await gamePlayer(app, { funds: "100.00" });
    await player.round("10.00", "4.00");
    // A round whose closing win the provider sends three times (its retries): counted once.
    const roundId = providerId("round");
    expect((await player.bet("5.00", { roundId })).statusCode).toBe(200);
    const win = {
      token: player.token,
      transactionId: providerId("win"),
      roundId,
      amount: "0",
      currency: "EUR",
    };
    const answers = await Promise.all([1, 2, 3].map(() => providerCall(app, "win", win)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await settledThenRefunded(app, player, "2.00");

    // Day 2, after midnight UTC: the player's round only.
    app.clock.advance(20 * 60);
    await player.round("20.00", "30.00");
    await app.domainEvents.drain();

    const report = await daily(`from=${DAY1}&to=${DAY2}`);
    expect(report.days).toEqual([
      {
        day: DAY1,
        currency: "EUR",
        deposits: { count: 2, amount: "150.00" },
        withdrawals: { count: 1, amount: "30.00" },
        bets: { rounds: 3, stakes: "17.00", wins: "4.00", refunds: "2.00", ggr: "11.00" },
        products: {
          casino: { rounds: 3, stakes: "17.00", wins: "4.00", refunds: "2.00", ggr: "11.00" },
          sport: NO_BETS,
        },
        promotions: NO_PROMOTIONS,
        ngr: "11.00",
        players: { active: 1, depositors: 1, firstDepositors: 1 },
      },
      {
        day: DAY2,
        currency: "EUR",
        deposits: { count: 0, amount: "0.00" },
        withdrawals: { count: 0, amount: "0.00" },
        bets: { rounds: 1, stakes: "20.00", wins: "30.00", refunds: "0.00", ggr: "-10.00" },
        products: {
          casino: { rounds: 1, stakes: "20.00", wins: "30.00", refunds: "0.00", ggr: "-10.00" },
          sport: NO_BETS,
        },
        promotions: NO_PROMOTIONS,
        ngr: "-10.00",
        players: { active: 1, depositors: 0, firstDepositors: 0 },
      },
    ]);
    expect(report.totals).toEqual([
      {
        currency: "EUR",
        deposits: { count: 2, amount: "150.00" },
        withdrawals: { count: 1, amount: "30.00" },
        bets: { rounds: 4, stakes: "37.00", wins: "34.00", refunds: "2.00", ggr: "1.00" },
        products: {
          casino: { rounds: 4, stakes: "37.00", wins: "34.00", refunds: "2.00", ggr: "1.00" },
          sport: NO_BETS,
        },
        promotions: NO_PROMOTIONS,
        ngr: "1.00",
        // The player played on both days: one active player over the range.
        players: { active: 1, depositors: 1, firstDepositors: 1 },
      },
    ]);
    expect(report.signUps).toEqual({ total: 2, days: [{ day: DAY1, count: 2 }] });

    // One day, another currency, no activity.
    expect((await daily(`from=${DAY2}&to=${DAY2}`)).days).toHaveLength(1);
    expect(await daily(`from=${DAY1}&to=${DAY2}&currency=BTC`)).toMatchObject({
      days: [],
      totals: [],
    });
    expect((await daily("from=2026-01-01&to=2026-01-31")).signUps.total).toBe(0);
  });

  it("the games report orders the games of a currency by GGR, with their payout", async () => {
    const gold = await gamePlayer(app, { funds: "100.00", game: "gold-rush" });
    const ocean = await gamePlayer(app, { funds: "100.00", game: "ocean-gems" });
    const day = app.clock.now().toISOString().slice(0, 10);
    const before = await games(`from=${day}&to=${day}&currency=EUR`);
    const figures = (slugTitle: string, rows: Json[]) =>
      rows.find((row) => row.title === slugTitle) as Json | undefined;
    const stakesOf = (row?: Json) => Number(row?.stakes ?? 0);
    await gold.round("10.00", "2.00");
    await ocean.round("10.00", "9.00");
    await ocean.round("10.00", "0.00");
    await app.domainEvents.drain();

    const rows = await games(`from=${day}&to=${day}&currency=EUR`);
    const goldRow = figures("Gold Rush", rows);
    const oceanRow = figures("Ocean Gems", rows);
    expect(stakesOf(goldRow) - stakesOf(figures("Gold Rush", before))).toBe(10);
    expect(stakesOf(oceanRow) - stakesOf(figures("Ocean Gems", before))).toBe(20);
    expect(oceanRow).toMatchObject({ provider: "Sandbox Slots" });
    // Largest GGR first; payout is (wins + refunds) / stakes.
    const ggrs = rows.map((row) => Number(row.ggr));
    expect(ggrs).toEqual([...ggrs].sort((a, b) => b - a));
    const goldOnly = await games(`from=${day}&to=${day}&currency=EUR&sort=rounds&limit=1`);
    expect(goldOnly).toHaveLength(1);
    const expectedPayout = (row: Json) =>
      (((Number(row.wins) + Number(row.refunds)) / Number(row.stakes)) * 100).toFixed(2);
    for (const row of rows) expect(row.payout).toBe(expectedPayout(row));
  });

  it("refuses a backwards or too long range, a bad day and a key without the reports scope", async () => {
    const bad = (query: string) =>
      operatorRequest(app, "GET", `/api/operator/reports/daily?${query}`);
    expect(fieldsOf(await bad(`from=${DAY2}&to=${DAY1}`))).toEqual({
      to: ["Must be on or after from"],
    });
    expect(fieldsOf(await bad("from=2025-01-01&to=2026-12-31"))).toEqual({
      to: ["A report covers at most 366 days"],
    });
    expect(fieldsOf(await bad("from=2026-02-30&to=2026-03-01"))).toHaveProperty("from");
    expect(
      fieldsOf(
        await operatorRequest(app, "GET", `/api/operator/reports/games?from=${DAY1}&to=${DAY1}`),
      ),
    ).toHaveProperty("currency");
    const issued = await operatorRequest(app, "POST", "/api/operator/api-keys", {
      name: "Support only",
      scopes: ["players"],
    });
    const support = issued.json().data.token as string;
    const refused = await app.inject({
      url: `/api/operator/reports/daily?from=${DAY1}&to=${DAY1}`,
      headers: { authorization: `Bearer ${support}` },
    });
    expectErrorCode(refused, 403, 403);
  });

  it("the first start fills the reports from the rounds and invoices before it, to the figures the events gave", async () => {
    const query = `from=${DAY1}&to=2026-11-30`;
    const live = await daily(query);
    expect(live.totals[0].bets.rounds).toBeGreaterThan(0);
    // As if the consumer had never run: no rows and no cursor.
    await forgetReports(app.testDb);
    expect(await daily(query)).toMatchObject({ days: [], totals: [] });
    expect(await backfillReports(app.testDb)).toBe(true);
    expect(await daily(query)).toEqual(live);
    // Once only: the cursor is placed.
    expect(await backfillReports(app.testDb)).toBe(false);
    expect(await daily(query)).toEqual(live);
  });
});
