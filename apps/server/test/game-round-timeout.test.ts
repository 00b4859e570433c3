// Rounds a studio leaves open are closed by the platform after GAME_ROUND_TIMEOUT_HOURS: the
// bet settles as lost (game.bet.settled raised once), later calls on the round are refused.
import { ProviderWalletError } from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStaleRounds } from "../src/modules/game/close-stale-rounds";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { GAME_TEST_ENV, gamePlayer, providerCall, providerId } from "./game-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...GAME_TEST_ENV, GAME_ROUND_TIMEOUT_HOURS: "1" });
});
afterAll(async () => app?.close());

// The job takes the app's context; the test app exposes the same pieces.
const ctxOf = (target: PlayerTestApp) =>
  ({ db: target.testDb, now: target.clock.now, config: target.testConfig }) as Parameters<
    typeof closeStaleRounds
  >[0];

describe("round time-out", () => {
  it("BE-32 an open round older than the time-out is closed as lost, once; a late win is refused with 15007", async () => {
    const p = await gamePlayer(app, { funds: "20.00" });
    const stale = providerId("round");
    expect((await p.bet("2.00", { roundId: stale })).statusCode).toBe(200);
    app.clock.advance(50 * 60);
    const fresh = providerId("round");
    expect((await p.bet("1.00", { roundId: fresh })).statusCode).toBe(200);
    const settled = () =>
      app.testDb.query<{ payload: { providerRoundId: string; betAmount: string } }>(
        "SELECT payload FROM domain_events WHERE type = 'game.bet.settled' AND player_id = $1",
        [p.tokens.profileId],
      );

    expect(await closeStaleRounds(ctxOf(app))).toBe(0);
    app.clock.advance(20 * 60);
    const [first, second] = await Promise.all([
      closeStaleRounds(ctxOf(app)),
      closeStaleRounds(ctxOf(app)),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    const events = (await settled()).map((row) => row.payload);
    expect(events).toEqual([expect.objectContaining({ providerRoundId: stale, betAmount: "200" })]);

    const late = await providerCall(app, "win", {
      token: p.token,
      transactionId: providerId("win"),
      roundId: stale,
      amount: "4.00",
      currency: "EUR",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe(ProviderWalletError.RoundClosed);
    // The round still open within the time-out settles normally.
    const won = await providerCall(app, "win", {
      token: p.token,
      transactionId: providerId("win"),
      roundId: fresh,
      amount: "3.00",
      currency: "EUR",
    });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data.realBalance).toBe("20.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
