import { ErrorCode } from "@casino/contract/errors";
import { TurnOverWager } from "@casino/contract/risk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owedOf, toTurnOverWager } from "../src/modules/risk/turn-over-wager";
import { walletRepository } from "../src/modules/wallet/repository";
import { fundAccount } from "./game-helpers";
import { expectErrorCode } from "./helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp();
});
afterAll(async () => app?.close());

describe("turn-over wager (BE-28, API-46)", () => {
  it("API-46 WD-05 a new player owes nothing: total, progress and amount owed are zero in the currency", async () => {
    const { tokens } = await registerByEmail(app, { currency: "EUR" });
    const response = await app.inject({
      url: "/api/risk/reasons/turn-over-wager?currency=EUR",
      headers: bearer(tokens.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(TurnOverWager.parse(response.json().data)).toEqual({
      total: "0.00",
      turnOverWager: "0.00",
      turnOverWagerAmount: "0.00",
      currency: "EUR",
      withdrawable: "0.00",
      bonus: null,
    });
    const btc = await app.inject({
      url: "/api/risk/reasons/turn-over-wager?currency=BTC",
      headers: bearer(tokens.accessToken),
    });
    expect(btc.json().data.total).toBe("0.00000000");
  });

  it("API-46 an unknown or malformed currency gets 422; a guest gets 401", async () => {
    const { tokens } = await registerByEmail(app, { currency: "EUR" });
    for (const currency of ["XXX", "eur", ""]) {
      const response = await app.inject({
        url: `/api/risk/reasons/turn-over-wager?currency=${currency}`,
        headers: bearer(tokens.accessToken),
      });
      expectErrorCode(response, 422, ErrorCode.UnprocessableEntity);
    }
    const guest = await app.inject({ url: "/api/risk/reasons/turn-over-wager?currency=EUR" });
    expectErrorCode(guest, 401, ErrorCode.Unauthorized);
  });

  it("BE-28 what is owed is the requirement minus what was wagered, never negative", () => {
    const state = { currency: "EUR", subunitToUnit: 100n, required: 5000n, wagered: 1234n };
    expect(owedOf(state)).toBe(3766n);
    expect(toTurnOverWager(state)).toEqual({
      total: "50.00",
      turnOverWager: "12.34",
      turnOverWagerAmount: "37.66",
      currency: "EUR",
      withdrawable: "0.00",
      bonus: null,
    });
    expect(toTurnOverWager({ ...state, wagered: 9000n })).toMatchObject({
      turnOverWager: "50.00",
      turnOverWagerAmount: "0.00",
    });
  });

  it("BE-28 WD-06 one definition of withdrawable: nothing while a bonus owes wagering; cancelling it forfeits its money, keeps the real balance and makes that withdrawable", async () => {
    const { tokens } = await registerByEmail(app, { currency: "EUR" });
    const headers = bearer(tokens.accessToken);
    await app.inject({ url: "/api/wallet/accounts", headers });
    const account = (await walletRepository(app.testDb).findByCurrency(tokens.profileId, "EUR"))!;
    await fundAccount(app, account, "EUR", 10_000n);
    const turnOver = async () => {
      const response = await app.inject({
        url: "/api/risk/reasons/turn-over-wager?currency=EUR",
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return TurnOverWager.parse(response.json().data);
    };
    expect(await turnOver()).toMatchObject({ withdrawable: "100.00", bonus: null });
    // WELCOME5: 5.00 of bonus money at once, to wager 40 times.
    const code = await app.inject({
      method: "POST",
      url: "/api/game/bonuses/bonuscodes",
      headers,
      payload: { bonusCode: "WELCOME5", trigger: 1 },
    });
    expect(code.statusCode, code.body).toBe(200);
    const owed = await turnOver();
    expect(owed).toMatchObject({
      total: "200.00",
      turnOverWagerAmount: "200.00",
      withdrawable: "0.00",
      bonus: { forfeits: "5.00", keeps: "100.00" },
    });
    const cancel = await app.inject({
      method: "PUT",
      url: `/api/game/player-bonuses/${owed.bonus!.playerBonusId}/cancel`,
      headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await turnOver()).toMatchObject({
      turnOverWagerAmount: "0.00",
      withdrawable: "100.00",
      bonus: null,
    });
    const wallet = await app.inject({ url: "/api/wallet/accounts", headers });
    expect(wallet.json().data[0]).toMatchObject({
      balance: "100.00",
      withdrawalBalance: "100.00",
      bonusBalance: "0.00",
    });
  });
});
