// Deposit limits per currency and, as the operator's DEPOSIT_LIMITS_ALL_CURRENCIES, across every
// currency at the site's rates (issue 31 item 2; docs/adr/0008-limits.md): what the deposit
// check refuses, what GET /api/player/limits counts, and GET /api/player/limits/deposit-room,
// which the wallet shows. Seed rates: USD 1 (base), EUR 1.08.
import { ErrorCode } from "@casino/contract/errors";
import { DepositRoom, PlayerLimit } from "@casino/contract/limits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorCode } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let perCurrency: PlayerTestApp;
let allCurrencies: PlayerTestApp;
beforeAll(async () => {
  const env = { SANDBOX_PAYMENTS: "true", COUNTRY_HEADER: "x-test-country" };
  perCurrency = await createPlayerTestApp(env);
  allCurrencies = await createPlayerTestApp({ ...env, DEPOSIT_LIMITS_ALL_CURRENCIES: "true" });
});
afterAll(async () => {
  await perCurrency?.close();
  await allCurrencies?.close();
});

/** An EUR player with a USD account too and a daily EUR deposit limit of 30. */
async function player(app: PlayerTestApp) {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  const headers = { authorization: `Bearer ${tokens.accessToken}`, "x-test-country": "DE" };
  const api = (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const eur = (await api("GET", "/api/wallet/accounts")).json().data[0];
  const usd = await api("POST", "/api/wallet/accounts", { currency: "USD" });
  expect(usd.statusCode, usd.body).toBeLessThan(300);
  const accountIds: Record<string, string> = { EUR: eur.id, USD: usd.json().data.id };
  const limit = await api("POST", "/api/player/limits", {
    definition: 3,
    period: "daily",
    currency: "EUR",
    amount: "30",
  });
  expect(limit.statusCode, limit.body).toBe(201);
  const deposit = (currency: string, amount: string) =>
    api("POST", "/api/payment/invoices/deposit", {
      method: "sandbox-card",
      currency,
      amount,
      accountId: accountIds[currency],
    });
  const room = async (currency: string) => {
    const response = await api("GET", `/api/player/limits/deposit-room?currency=${currency}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    return DepositRoom.parse(response.json().data);
  };
  const limits = async () =>
    PlayerLimit.array().parse((await api("GET", "/api/player/limits")).json().data);
  return { api, deposit, room, limits };
}

describe("deposit limits per currency and across currencies (issue 31, LM-01, BE-24)", () => {
  it("BE-24 LM-07 per currency (the default): a used-up EUR limit stops EUR deposits only; the room says which limit applies", async () => {
    const p = await player(perCurrency);
    expect(await p.room("EUR")).toMatchObject({
      currency: "EUR",
      allCurrencies: false,
      blocked: false,
      room: "30.00",
      limit: { period: "daily", currency: "EUR", amount: "30.00", currentAmount: "0.00" },
    });
    expect((await p.deposit("EUR", "20")).statusCode).toBe(201);
    expect((await p.room("EUR")).room).toBe("10.00");
    expectErrorCode(await p.deposit("EUR", "10.01"), 400, ErrorCode.DepositLimitReached);
    expect((await p.deposit("EUR", "10")).statusCode).toBe(201);
    expect(await p.room("EUR")).toMatchObject({ room: "0.00", limit: { currentAmount: "30.00" } });
    expectErrorCode(
      await p.api("GET", "/api/payment/methods/deposit?currency=EUR"),
      400,
      ErrorCode.DepositLimitReached,
    );
    // USD has no limit of its own: the EUR limit does not count it and does not stop it.
    expect(await p.room("USD")).toEqual({
      currency: "USD",
      allCurrencies: false,
      blocked: false,
      room: null,
      limit: null,
    });
    expect((await p.deposit("USD", "100")).statusCode).toBe(201);
    expect((await p.limits())[0]).toMatchObject({ currentAmount: "30.00" });
  });

  it("BE-24 LM-01 across currencies: USD deposits count against the EUR limit at the site's rates, to the cent", async () => {
    const p = await player(allCurrencies);
    expect((await p.deposit("EUR", "20")).statusCode).toBe(201);
    // 10.00 EUR left = 10.80 USD at 1.08 USD per EUR.
    expect(await p.room("USD")).toMatchObject({
      currency: "USD",
      allCurrencies: true,
      room: "10.80",
      limit: { currency: "EUR", amount: "30.00", currentAmount: "20.00" },
    });
    expect((await p.room("EUR")).room).toBe("10.00");
    // 10.81 USD is 10.0093 EUR (rounded up to 10.01): past the limit.
    const refused = await p.deposit("USD", "10.81");
    expectErrorCode(refused, 400, ErrorCode.DepositLimitReached);
    expect(refused.json().error.message).toContain("deposits in every currency count");
    expect((await p.deposit("USD", "10.80")).statusCode).toBe(201);
    expect((await p.limits())[0]).toMatchObject({ amount: "30.00", currentAmount: "30.00" });
    expect((await p.room("USD")).room).toBe("0.00");
    expectErrorCode(
      await p.api("GET", "/api/payment/methods/deposit?currency=USD"),
      400,
      ErrorCode.DepositLimitReached,
    );
    expectErrorCode(await p.deposit("EUR", "10"), 400, ErrorCode.DepositLimitReached);
  });

  it("BE-24 across currencies, concurrent deposits in two currencies never pass the limit together", async () => {
    const p = await player(allCurrencies);
    // Each is 10.00 EUR (10.80 USD); the limit fits three.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => p.deposit(i % 2 ? "USD" : "EUR", i % 2 ? "10.80" : "10")),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const answer of answers.filter((item) => item.statusCode !== 201)) {
      expectErrorCode(answer, 400, ErrorCode.DepositLimitReached);
    }
    expect((await p.limits())[0]).toMatchObject({ currentAmount: "30.00" });
  });

  it("a self-exclusion blocks: no room in any currency; an unknown currency is a 422", async () => {
    const p = await player(perCurrency);
    const block = await p.api("POST", "/api/player/limits", { definition: 5, days: 1 });
    expect(block.statusCode, block.body).toBe(201);
    expect(await p.room("USD")).toMatchObject({ blocked: true, room: "0.00", limit: null });
    const unknown = await p.api("GET", "/api/player/limits/deposit-room?currency=XXX");
    expectErrorCode(unknown, 422, ErrorCode.UnprocessableEntity);
    const malformed = await p.api("GET", "/api/player/limits/deposit-room?currency=eur");
    expectErrorCode(malformed, 422, ErrorCode.UnprocessableEntity);
    const guest = await perCurrency.inject({ url: "/api/player/limits/deposit-room?currency=EUR" });
    expectErrorCode(guest, 401, ErrorCode.Unauthorized);
  });
});
