// Cashback payouts (issue 7, BN-12, API-56): once a week has ended, each player who lost in it
// gets the configured share back as a bonus of the linked definition, once; winners, players on
// a break and amounts under the minimum get nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { payCashback } from "../src/modules/bonus/cashback";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { GAME_TEST_ENV, gamePlayer } from "./game-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(GAME_TEST_ENV);
});
afterAll(async () => app?.close());

const ctxOf = () => ({ db: app.testDb, now: app.clock.now }) as unknown as AppContext;

async function cashbackBonuses(playerId: string) {
  return app.testDb.query<{ amount: string; source: string; status: number }>(
    `SELECT pb.amount::text AS amount, pb.source, pb.status
       FROM player_bonuses pb JOIN bonuses b ON b.id = pb.bonus_id
      WHERE pb.player_id = $1 AND b.slug = 'cashback'`,
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
});
