import { ErrorCode } from "@casino/contract/errors";
import { TurnOverWager } from "@casino/contract/risk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { owedOf, toTurnOverWager } from "../src/modules/risk/turn-over-wager";
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
    });
    expect(toTurnOverWager({ ...state, wagered: 9000n })).toMatchObject({
      turnOverWager: "50.00",
      turnOverWagerAmount: "0.00",
    });
  });
});
