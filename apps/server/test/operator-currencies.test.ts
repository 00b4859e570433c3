// A currency's life as operator data (/api/operator/currencies, migration 0041): added switched
// off, given payment methods' limits, switched on for players, switched off again (no new
// accounts or deposits; what players hold can still leave), and the reads any operator key may
// make. Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorCode } from "./helpers";
import { fieldsOf, type Json, operatorRequest, operatorTestApp } from "./operator-helpers";
import { IBAN, referenceOf, sandboxDecision } from "./payment-helpers";
import { bearer, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp({ SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

const call = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) => operatorRequest(app, method, url, payload);

/** A currency code no other test uses: Q and six hex digits. */
const freshCode = () => `Q${randomBytes(3).toString("hex").toUpperCase()}`;

const newCurrency = async (overrides: Json = {}) => {
  const response = await call("POST", "/api/operator/currencies", {
    code: freshCode(),
    type: "fiat",
    symbol: "S/",
    subunitToUnit: "100",
    rate: "0.27",
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Json;
};

const methodOf = async (direction: "deposit" | "withdrawal", name: string) =>
  ((await call("GET", "/api/operator/payment-methods")).json().data as Json[]).find(
    (method) => method.direction === direction && method.method === name,
  )!;

/** A registered EUR player and a helper for their player API calls. */
async function newPlayer() {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  const headers = bearer(tokens.accessToken) as Record<string, string>;
  const api = (method: "GET" | "POST", url: string, payload?: Json) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { api, headers };
}
type Player = Awaited<ReturnType<typeof newPlayer>>;

const depositOf = (p: Player, accountId: string, currency: string, amount: string) =>
  p.api("POST", "/api/payment/invoices/deposit", {
    method: "sandbox-bank-transfer",
    currency,
    amount,
    accountId,
  });

const settingsCurrency = async (code: string) =>
  ((await app.inject({ url: "/api/settings/currencies" })).json().data as Json[]).find(
    (item) => item.code === code,
  );

describe("a new currency", () => {
  it("API-01 BE-05 is added switched off, gets its methods' limits, opens to players when switched on, and switched off takes no new accounts or deposits while what players hold can still be withdrawn", async () => {
    const currency = await newCurrency({
      subCurrencies: [{ code: "mQ", subunitToUnit: "10" }],
      position: 7,
    });
    const code = currency.code as string;
    expect(currency).toMatchObject({
      type: "fiat",
      symbol: "S/",
      subunitToUnit: "100",
      rate: "0.27",
      isBase: false,
      isEnabled: false,
      isVisible: true,
      position: 7,
      subCurrencies: [{ code: "mQ", subunitToUnit: "10" }],
    });
    expect(await settingsCurrency(code)).toMatchObject({
      isEnabled: false,
      subunitToUnit: 100,
      rate: { rate: "0.27" },
      subCurrencies: [{ code: "mQ", subunitToUnit: 10 }],
    });

    // Off: no account opens in it.
    const p = await newPlayer();
    await p.api("GET", "/api/wallet/accounts");
    const refused = await p.api("POST", "/api/wallet/accounts", { currency: code });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.fields).toEqual({ currency: ["This currency is not available"] });

    // Limits for the new currency on a deposit and a withdrawal method (the sandbox takes it).
    const bank = await methodOf("deposit", "sandbox-bank-transfer");
    const payout = await methodOf("withdrawal", "sandbox-bank-payout");
    const added = await call("PUT", `/api/operator/payment-methods/${bank.id}/currencies/${code}`, {
      amountMin: "10",
      amountMax: "1000",
      presets: [{ amount: "50", default: true }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.currencies.find((item: Json) => item.currency === code)).toEqual({
      currency: code,
      amountMin: "10.00",
      amountMax: "1000.00",
      presets: [{ amount: "50.00", default: true }],
    });
    const payoutAdded = await call(
      "PUT",
      `/api/operator/payment-methods/${payout.id}/currencies/${code}`,
      { amountMin: "5", amountMax: "500" },
    );
    expect(payoutAdded.statusCode, payoutAdded.body).toBe(200);

    // On: the account opens, the method is offered with the limits, a deposit lands.
    const on = await call("PATCH", `/api/operator/currencies/${code}`, { isEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.isEnabled).toBe(true);
    const opened = await p.api("POST", "/api/wallet/accounts", { currency: code });
    expect(opened.statusCode, opened.body).toBe(201);
    const account = opened.json().data as Json;
    const offered = await p.api("GET", `/api/payment/methods/deposit?currency=${code}`);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(
      (offered.json().data as Json[]).find((item) => item.method === "sandbox-bank-transfer"),
    ).toMatchObject({ amountMin: "10.00", amountMax: "1000.00" });
    const invoice = await depositOf(p, account.id, code, "120.00");
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json().data.invoiceId as string;
    await sandboxDecision(app, await referenceOf(app, invoiceId), "approve");
    // A second deposit waits on the processor's page while the currency is switched off.
    const waiting = await depositOf(p, account.id, code, "30.00");
    expect(waiting.statusCode, waiting.body).toBe(201);
    const waitingId = waiting.json().data.invoiceId as string;

    // Off again: no deposits, no new accounts; the player's account, withdrawals and the
    // deposit already made go on.
    const off = await call("PATCH", `/api/operator/currencies/${code}`, { isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (await p.api("GET", `/api/payment/methods/deposit?currency=${code}`)).json().error.fields,
    ).toEqual({ currency: ["This currency is not available"] });
    const lateDeposit = await depositOf(p, account.id, code, "20.00");
    expect(lateDeposit.statusCode).toBe(422);
    const other = await newPlayer();
    await other.api("GET", "/api/wallet/accounts");
    expect((await other.api("POST", "/api/wallet/accounts", { currency: code })).statusCode).toBe(
      422,
    );
    // The cashback view of it still answers (play goes on, and its cashback is still paid).
    const cashback = await p.api("GET", `/api/game/bonuses/cashback?currency=${code}`);
    expect(cashback.statusCode, cashback.body).toBe(200);
    // The player's own account can still be shown again.
    expect((await p.api("POST", "/api/wallet/accounts", { currency: code })).statusCode).toBe(200);
    await sandboxDecision(app, await referenceOf(app, waitingId), "approve");
    const balance = async () =>
      ((await p.api("GET", "/api/wallet/accounts")).json().data as Json[]).find(
        (item) => item.currency === code,
      )!.balance;
    expect(await balance()).toBe("150.00");

    const withdrawals = await p.api("GET", `/api/payment/methods/withdrawal?currency=${code}`);
    expect(withdrawals.statusCode, withdrawals.body).toBe(200);
    expect((withdrawals.json().data as Json[]).map((item) => item.method)).toContain(
      "sandbox-bank-payout",
    );
    const withdrawal = await p.api("POST", "/api/payment/invoices/withdrawal", {
      method: "sandbox-bank-payout",
      currency: code,
      amount: "40",
      accountId: account.id,
      fields: IBAN,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect(await balance()).toBe("110.00");
    expect(await checkLedger(app.testDb)).toEqual([]);

    const audit = await app.testDb.query<{ action: string }>(
      "SELECT action FROM operator_changes WHERE kind = 'currency' AND entity_id = $1 ORDER BY id",
      [code],
    );
    expect(audit.map((row) => row.action)).toEqual(["create", "update", "update"]);
  });

  it("a method stops taking a currency: no longer offered in it, and an invoice already made in it still completes", async () => {
    const code = (await newCurrency()).code as string;
    const bank = await methodOf("deposit", "sandbox-bank-transfer");
    await call("PUT", `/api/operator/payment-methods/${bank.id}/currencies/${code}`, {
      amountMin: "1",
      amountMax: "100",
    });
    await call("PATCH", `/api/operator/currencies/${code}`, { isEnabled: true });
    const p = await newPlayer();
    await p.api("GET", "/api/wallet/accounts");
    const account = (await p.api("POST", "/api/wallet/accounts", { currency: code })).json()
      .data as Json;
    const invoice = await depositOf(p, account.id, code, "60");
    expect(invoice.statusCode, invoice.body).toBe(201);

    const removed = await call(
      "DELETE",
      `/api/operator/payment-methods/${bank.id}/currencies/${code}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().data.currencies as Json[]).map((item) => item.currency)).not.toContain(
      code,
    );
    const offered = await p.api("GET", `/api/payment/methods/deposit?currency=${code}`);
    expect((offered.json().data as Json[]).map((item) => item.method)).not.toContain(
      "sandbox-bank-transfer",
    );
    expect((await depositOf(p, account.id, code, "10")).statusCode).toBe(422);
    await sandboxDecision(app, await referenceOf(app, invoice.json().data.invoiceId), "approve");
    const held = ((await p.api("GET", "/api/wallet/accounts")).json().data as Json[]).find(
      (item) => item.currency === code,
    )!;
    expect(held.balance).toBe("60.00");
    expectErrorCode(
      await call("DELETE", `/api/operator/payment-methods/${bank.id}/currencies/${code}`),
      404,
      404,
    );
    // Taken again with new limits.
    const again = await call("PUT", `/api/operator/payment-methods/${bank.id}/currencies/${code}`, {
      amountMin: "2",
      amountMax: "20",
    });
    expect(again.statusCode, again.body).toBe(200);
    const actions = await app.testDb.query<{ action: string }>(
      "SELECT action FROM operator_changes WHERE kind = 'payment-method-currency' AND entity_id = $1 ORDER BY id",
      [`${bank.id}:${code}`],
    );
    expect(actions.map((row) => row.action)).toEqual(["create", "delete", "create"]);
  });
});

describe("currency rules", () => {
  it("422 with error.fields for bad currencies and taken codes; the base and a country's default stay on; sub-units replace", async () => {
    const bad = await call("POST", "/api/operator/currencies", {
      code: "pen",
      type: "paper",
      symbol: "",
      subunitToUnit: "250",
      rate: "0",
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual([
      "code",
      "rate",
      "subunitToUnit",
      "symbol",
      "type",
    ]);
    const finer = await call("POST", "/api/operator/currencies", {
      code: freshCode(),
      type: "crypto",
      symbol: "Q",
      subunitToUnit: "1000",
      rate: "3",
      subCurrencies: [
        { code: "uQ", subunitToUnit: "1000000" },
        { code: "mQ", subunitToUnit: "1000" },
        { code: "mQ", subunitToUnit: "100" },
      ],
    });
    expect(fieldsOf(finer)).toEqual({
      "subCurrencies.0.subunitToUnit": ["Must be at most the currency's subunitToUnit (1000)"],
      "subCurrencies.2.code": ["Appears twice"],
    });
    expect(
      fieldsOf(
        await call("POST", "/api/operator/currencies", {
          code: "EUR",
          type: "fiat",
          symbol: "€",
          subunitToUnit: "100",
          rate: "1",
        }),
      ),
    ).toEqual({ code: ["Already taken"] });

    const base = ((await call("GET", "/api/operator/currencies")).json().data as Json[]).find(
      (item) => item.isBase,
    )!;
    expect(
      fieldsOf(await call("PATCH", `/api/operator/currencies/${base.code}`, { isEnabled: false }))
        .isEnabled,
    ).toContain("The base currency stays switched on");
    const eur = fieldsOf(await call("PATCH", "/api/operator/currencies/EUR", { isEnabled: false }));
    expect(eur.isEnabled).toHaveLength(1);
    expect(eur.isEnabled![0]).toMatch(
      /^The default currency of .*\bAT\b.*\bDE\b.*: give them another default first$/,
    );
    expect((await call("GET", "/api/operator/currencies/EUR")).json().data.isEnabled).toBe(true);

    // Sub-units are replaced as a whole.
    const created = await newCurrency({ subunitToUnit: "100000000", type: "crypto" });
    const subs = await call("PATCH", `/api/operator/currencies/${created.code}`, {
      subCurrencies: [
        { code: "mQ", subunitToUnit: "1000" },
        { code: "uQ", subunitToUnit: "1000000" },
      ],
    });
    expect(subs.json().data.subCurrencies).toEqual([
      { code: "mQ", subunitToUnit: "1000" },
      { code: "uQ", subunitToUnit: "1000000" },
    ]);
    const fewer = await call("PATCH", `/api/operator/currencies/${created.code}`, {
      subCurrencies: [],
    });
    expect(fewer.json().data.subCurrencies).toEqual([]);
    expect(
      fieldsOf(
        await call("PATCH", `/api/operator/currencies/${created.code}`, { subunitToUnit: "10" }),
      ),
    ).toHaveProperty("subunitToUnit");
  });

  it("the same code created at once: one 201, the others 422, never a 500", async () => {
    const code = freshCode();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", "/api/operator/currencies", {
          code,
          type: "fiat",
          symbol: "Q",
          subunitToUnit: "100",
          rate: "1.5",
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const answer of answers.filter((item) => item.statusCode === 422)) {
      expect(answer.json().error.fields).toEqual({ code: ["Already taken"] });
    }
  });

  it("switching a currency off and making it a country's default at once never leave the country on a switched-off currency", async () => {
    for (let round = 0; round < 4; round++) {
      const code = (await newCurrency()).code as string;
      await call("PATCH", `/api/operator/currencies/${code}`, { isEnabled: true });
      const country = (await call("GET", "/api/operator/countries/LU")).json().data as Json;
      const [toCountry, off] = await Promise.all([
        call("PATCH", "/api/operator/countries/LU", { currency: code }),
        call("PATCH", `/api/operator/currencies/${code}`, { isEnabled: false }),
      ]);
      expect([toCountry.statusCode, off.statusCode].sort()).toEqual([200, 422]);
      const [row] = await app.testDb.query<{ currency: string | null; is_enabled: boolean }>(
        `SELECT k.currency, c.is_enabled FROM countries k JOIN currencies c ON c.code = $2
          WHERE k.code = $1`,
        ["LU", code],
      );
      expect(row!.currency === code && !row!.is_enabled).toBe(false);
      await call("PATCH", "/api/operator/countries/LU", { currency: country.currency });
    }
  });
});

describe("reference reads", () => {
  it("any operator key reads the currencies, countries and locales; writing needs the scope; unknown codes 404, malformed 422", async () => {
    const issued = await call("POST", "/api/operator/api-keys", {
      name: `content-${randomBytes(3).toString("hex")}`,
      scopes: ["content"],
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const headers = { authorization: `Bearer ${issued.json().data.token}` };
    const as = (method: "GET" | "POST" | "PATCH", url: string, payload?: Json) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    const all = await call("GET", "/api/operator/currencies");
    const eur = (all.json().data as Json[]).find((item) => item.code === "EUR");
    const one = await as("GET", "/api/operator/currencies/EUR");
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual(eur);
    expect((await as("GET", "/api/operator/currencies")).statusCode).toBe(200);
    const de = await as("GET", "/api/operator/countries/DE");
    expect(de.json().data).toMatchObject({ code: "DE", name: "Germany", currency: "EUR" });
    expect((await as("GET", "/api/operator/countries")).statusCode).toBe(200);
    expect((await as("GET", "/api/operator/locales")).statusCode).toBe(200);

    expectErrorCode(await as("PATCH", "/api/operator/currencies/EUR", { position: 3 }), 403, 403);
    expectErrorCode(
      await as("POST", "/api/operator/currencies", {
        code: freshCode(),
        type: "fiat",
        symbol: "Q",
        subunitToUnit: "100",
        rate: "1",
      }),
      403,
      403,
    );
    expectErrorCode(await as("PATCH", "/api/operator/countries/DE", { isListed: true }), 403, 403);
    expectErrorCode(await call("GET", "/api/operator/currencies/XYZ"), 404, 404);
    expectErrorCode(await call("GET", "/api/operator/countries/ZZ"), 404, 404);
    expect(fieldsOf(await call("GET", "/api/operator/currencies/eur"))).toHaveProperty("code");
    expect(fieldsOf(await call("GET", "/api/operator/countries/deu"))).toHaveProperty("code");
    const bank = await methodOf("deposit", "sandbox-bank-transfer");
    const method = await call("GET", `/api/operator/payment-methods/${bank.id}`);
    expect(method.json().data).toEqual(bank);
    expectErrorCode(await call("GET", "/api/operator/payment-methods/999999"), 404, 404);
    expect(fieldsOf(await call("GET", "/api/operator/payment-methods/x1"))).toHaveProperty("id");
    expectErrorCode(await as("GET", `/api/operator/payment-methods/${bank.id}`), 403, 403);
    expectErrorCode(
      await app.inject({
        url: "/api/operator/currencies/EUR",
        headers: { authorization: "Bearer x" },
      }),
      401,
      401,
    );
  });
});
