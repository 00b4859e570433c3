// Cashback payouts (issue 7, BN-12, API-56): once a week has ended, each player who lost in it
// gets the configured share back as a bonus of the linked definition, once; winners, players on
// a break and amounts under the minimum get nothing. The operator's PUT of a configuration: a
// changed period or a new configuration pays every loss once (cashback windows, migration 0040).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { payCashback } from "../src/modules/bonus/cashback";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer } from "./game-helpers";
import { operatorRequest, operatorTestApp } from "./operator-helpers";
import { loginAs, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

const ctxOf = () => ({ db: app.testDb, now: app.clock.now }) as unknown as AppContext;

/** The operator's PUT of a currency's cashback (the seeded bonus `cashback` unless given). */
function putCashback(currency: string, body: Record<string, unknown>) {
  return operatorRequest(app, "PUT", `/api/operator/cashback/${currency}`, {
    percentage: "10",
    minAmount: "1.00",
    bonus: "cashback",
    ...body,
  });
}

/**
 * A player of `currency` who comes back over days: each `round` signs in again and launches a
 * new game session (the test clock moves past tokens' and sessions' lifetimes).
 */
async function returningPlayer(currency: string, funds: string) {
  const { tokens, email, password } = await registerByEmail(app, { currency });
  let player = await gamePlayer(app, { tokens, currency, funds });
  return {
    profileId: tokens.profileId,
    headers: () => player.headers,
    async round(stake: string) {
      const login = await loginAs(app, email, password);
      expect(login.statusCode, login.body).toBe(201);
      player = await gamePlayer(app, { tokens: login.json().data, currency, funds: "0" });
      await player.round(stake, "0");
    },
  };
}

async function cashbackBonuses(playerId: string) {
  return app.testDb.query<{ amount: string; source: string; status: number }>(
    `SELECT pb.amount::text AS amount, pb.source, pb.status
       FROM player_bonuses pb JOIN bonuses b ON b.id = pb.bonus_id
      WHERE pb.player_id = $1 AND b.slug = 'cashback' ORDER BY pb.id`,
    [playerId],
  );
}

describe("cashback payouts", () => {
  it("BN-12 API-56 a week's net loss pays 10 % back as a bonus once the week is over, once; winners, players on a break and small losses get none", async () => {
    // The test clock is Sunday 2026-11-22: the week runs Monday 16th to Monday 23rd (UTC).
    const loser = await gamePlayer(app, { funds: "200.00" });
    await loser.round("50.00", "0");
    await loser.round("30.00", "10.00");
    const winner = await gamePlayer(app, { funds: "50.00" });
    await winner.round("5.00", "20.00");
    const small = await gamePlayer(app, { funds: "50.00" });
    await small.round("5.00", "0");
    const resting = await gamePlayer(app, { funds: "100.00" });
    await resting.round("40.00", "0");
    const cooling = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: resting.headers,
      payload: { definition: 5, days: 7 },
    });
    expect(cooling.statusCode, cooling.body).toBe(201);

    // During the week it is only shown: 10 % of 70.00 so far.
    const shown = await app.inject({
      url: "/api/game/bonuses/cashback?currency=EUR",
      headers: loser.headers,
    });
    expect(shown.json().data).toMatchObject({ netLoss: "70.00", amount: "7.00" });
    expect(await payCashback(ctxOf())).toBe(0);

    app.clock.advance(13 * 3600); // Monday 01:00: the week has ended.
    const runs = await Promise.all([payCashback(ctxOf()), payCashback(ctxOf())]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await payCashback(ctxOf())).toBe(0);

    const paid = await cashbackBonuses(loser.tokens.profileId);
    expect(paid).toEqual([
      expect.objectContaining({ amount: "700", source: "cashback:EUR:2026-11-16T00:00:00.000Z" }),
    ]);
    expect(await cashbackBonuses(winner.tokens.profileId)).toEqual([]);
    // 10 % of 5.00 is under the 1.00 minimum.
    expect(await cashbackBonuses(small.tokens.profileId)).toEqual([]);
    expect(await cashbackBonuses(resting.tokens.profileId)).toEqual([]);
    // The bonus money is in the player's balance.
    expect((await loser.balance()).bonusBalance).toBe("7.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BN-12 a period changed mid-way (weekly to daily and back) pays every loss once: no overlap, no gap", async () => {
    // Monday 2026-11-23 01:00 (the test before): the week of the 16th is paid in USD too.
    const player = await returningPlayer("USD", "100.00");
    await player.round("20.00"); // Monday
    app.clock.advance(2 * 24 * 3600); // Wednesday 01:00
    expect(await payCashback(ctxOf())).toBe(0);

    const daily = await putCashback("USD", { period: "daily" });
    expect(daily.statusCode, daily.body).toBe(200);
    expect(daily.json().data).toMatchObject({
      period: "daily",
      bonus: "cashback",
      coveredUntil: "2026-11-23T00:00:00.000Z",
    });
    // The next daily payout covers Monday and Tuesday: from where the weekly one ended.
    expect(await payCashback(ctxOf())).toBe(1);
    await player.round("30.00"); // Wednesday
    const weekly = await putCashback("USD", { period: "weekly" });
    expect(weekly.json().data.coveredUntil).toBe("2026-11-25T00:00:00.000Z");
    // The player sees what the next payout covers: from Wednesday, not from Monday.
    const shown = await app.inject({
      url: "/api/game/bonuses/cashback?currency=USD",
      headers: player.headers(),
    });
    expect(shown.json().data).toMatchObject({
      periodStart: "2026-11-25T00:00:00.000Z",
      netLoss: "30.00",
      amount: "3.00",
    });
    app.clock.advance(5 * 24 * 3600); // Monday 30th 01:00: the week has ended
    expect(await payCashback(ctxOf())).toBe(1);
    expect(await payCashback(ctxOf())).toBe(0);
    const paid = await cashbackBonuses(player.profileId);
    expect(paid.map((bonus) => [bonus.amount, bonus.source])).toEqual([
      ["200", "cashback:USD:2026-11-23T00:00:00.000Z"],
      ["300", "cashback:USD:2026-11-25T00:00:00.000Z"],
    ]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BN-12 a new currency's cashback pays nothing for losses before it; switched off, its time is never paid", async () => {
    // Monday 2026-11-30 01:00.
    const player = await returningPlayer("GBP", "200.00");
    await player.round("40.00"); // before GBP has cashback
    app.clock.advance(3600);
    const created = await putCashback("GBP", { period: "weekly", maxAmount: "50.00" });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      currency: "GBP",
      percentage: "10",
      minAmount: "1.00",
      maxAmount: "50.00",
      isEnabled: true,
      coveredUntil: "2026-11-30T02:00:00.000Z",
    });
    await player.round("10.00");
    app.clock.advance(7 * 24 * 3600); // Monday 7 December 02:00
    expect(await payCashback(ctxOf())).toBe(1);
    expect((await cashbackBonuses(player.profileId)).map((b) => b.amount)).toEqual(["100"]);

    // Off for a week: that week is marked covered and never paid, even once back on.
    const off = await putCashback("GBP", { period: "weekly", isEnabled: false });
    expect(off.statusCode).toBe(200);
    await player.round("20.00");
    app.clock.advance(7 * 24 * 3600); // Monday 14th
    expect(await payCashback(ctxOf())).toBe(0);
    await putCashback("GBP", { period: "weekly" });
    await player.round("30.00");
    app.clock.advance(7 * 24 * 3600); // Monday 21st
    expect(await payCashback(ctxOf())).toBe(1);
    expect((await cashbackBonuses(player.profileId)).map((b) => b.amount)).toEqual(["100", "300"]);
    const audit = await app.testDb.query<{ action: string }>(
      "SELECT action FROM operator_changes WHERE kind = 'cashback' AND entity_id = 'GBP'",
    );
    expect(audit).toHaveLength(3);
  });

  it("422 for unknown currencies, non-cash bonuses and bad amounts; the list shows every currency's", async () => {
    const fields = async (currency: string, body: Record<string, unknown>) => {
      const response = await putCashback(currency, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().error.fields;
    };
    expect(await fields("XXX", { period: "weekly" })).toEqual({ currency: ["Unknown currency"] });
    expect(
      await fields("EUR", {
        period: "weekly",
        bonus: "welcome-3",
        minAmount: "1.234",
        maxAmount: "0.50",
      }),
    ).toMatchObject({ minAmount: expect.any(Array), bonus: expect.any(Array) });
    expect(await fields("EUR", { period: "weekly", minAmount: "5.00", maxAmount: "1.00" })).toEqual(
      { maxAmount: ["Must be at least minAmount"] },
    );
    expect(await fields("EUR", { period: "yearly", percentage: "0" })).toMatchObject({
      period: expect.any(Array),
      percentage: expect.any(Array),
    });
    const list = await operatorRequest(app, "GET", "/api/operator/cashback");
    expect((list.json().data as { currency: string }[]).map((item) => item.currency)).toEqual([
      "EUR",
      "GBP",
      "USD",
    ]);
  });
});
