// Responsible-gambling limits (LM-01..LM-06, BE-24, BE-34; docs/adr/0008-limits.md): the
// /api/player/limits API, its cooling-period rules on the test clock, and enforcement where money
// moves (deposit invoices, deposit methods, crypto addresses, and assertCanBet for the games).
import { ErrorCode } from "@casino/contract/errors";
import { PlayerLimit } from "@casino/contract/limits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../src/infra/errors";
import { assertCanBet } from "../src/modules/risk/enforce-limits";
import { postInTransaction } from "../src/modules/wallet/ledger";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { walletRepository } from "../src/modules/wallet/repository";
import { expectErrorBody, expectErrorCode } from "./helpers";
import { referenceOf, sandboxDecision } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    SANDBOX_PAYMENTS: "true",
    COUNTRY_HEADER: "x-test-country",
    // The clock moves by days and months here (400 days once): sessions outlive it.
    SESSION_IDLE_TIMEOUT_SECONDS: "315360000",
    SESSION_MAX_AGE_SECONDS: "315360000",
  });
});
afterAll(async () => app?.close());

const HOUR = 3600;
const DAY = 24 * HOUR;

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A new EUR player signed in at the clock's current time, with helpers for the limits API. */
async function player() {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  let accessToken = tokens.accessToken;
  let sessionToken = tokens.sessionToken;
  const headers = () => ({ authorization: `Bearer ${accessToken}`, "x-test-country": "DE" });
  const api = (method: Method, url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  /** Moves the shared clock and renews the access token (it lives 15 minutes). */
  const advance = async (seconds: number) => {
    app.clock.advance(seconds);
    const renewed = await app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(renewed.statusCode).toBe(200);
    // Each refresh rotates the session token (ADR 0022).
    ({ accessToken, sessionToken } = renewed.json().data);
  };
  const accounts = await api("GET", "/api/wallet/accounts");
  const accountId = accounts.json().data[0].id as string;
  const limits = async () => {
    const response = await api("GET", "/api/player/limits");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    return PlayerLimit.array().parse(response.json().data);
  };
  const create = async (body: Record<string, unknown>) => {
    const response = await api("POST", "/api/player/limits", body);
    expect(response.statusCode, response.body).toBe(201);
    return PlayerLimit.parse(response.json().data);
  };
  const deposit = (amount: string, method = "sandbox-bank-transfer") =>
    api("POST", "/api/payment/invoices/deposit", {
      method,
      currency: "EUR",
      amount,
      accountId,
    });
  const deposited = async (amount: string) => {
    const response = await deposit(amount);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.invoiceId as string;
  };
  const methods = (direction: "deposit" | "withdrawal" = "deposit", currency = "EUR") =>
    api("GET", `/api/payment/methods/${direction}?currency=${currency}`);
  const audit = async () =>
    (
      await app.testDb.query<{ action: string }>(
        "SELECT action FROM player_limit_audit WHERE player_id = $1 ORDER BY id",
        [tokens.profileId],
      )
    ).map((row) => row.action);
  return {
    profileId: tokens.profileId,
    accountId,
    api,
    advance,
    limits,
    create,
    deposit,
    deposited,
    methods,
    audit,
  };
}

const depositLimit = (amount: string, period = "daily") => ({
  definition: 3,
  period,
  currency: "EUR",
  amount,
});

/** Puts the shared clock at an instant (each test starts its own players after it). */
function clockAt(iso: string): void {
  app.clock.current = new Date(iso);
}

describe("limits API (LM-01..LM-06, BE-34)", () => {
  it("API-30 API-31 LM-01 LM-02 LM-03 LM-04 BE-34 a player adds cash limits and lists them with currentAmount and the current period", async () => {
    clockAt("2026-11-22T12:00:00Z");
    const p = await player();
    expect(await p.limits()).toEqual([]);
    const deposit = await p.create(depositLimit("100"));
    expect(deposit).toEqual({
      limitId: expect.any(String),
      definition: 3,
      period: "daily",
      currency: "EUR",
      amount: "100.00",
      currentAmount: "0.00",
      periodStartsAt: "2026-11-22T00:00:00.000Z",
      periodEndsAt: "2026-11-23T00:00:00.000Z",
      expiresAt: null,
      createdAt: "2026-11-22T12:00:00.000Z",
      pending: null,
    });
    const bet = await p.create({
      definition: 1,
      period: "weekly",
      currency: "EUR",
      amount: "500.5",
    });
    expect(bet).toMatchObject({
      definition: 1,
      amount: "500.50",
      currentAmount: "0.00",
      periodStartsAt: "2026-11-16T00:00:00.000Z",
      periodEndsAt: "2026-11-23T00:00:00.000Z",
    });
    const loss = await p.create({
      definition: 2,
      period: "monthly",
      currency: "BTC",
      amount: "0.5",
    });
    expect(loss).toMatchObject({
      definition: 2,
      currency: "BTC",
      amount: "0.50000000",
      currentAmount: "0.00000000",
      periodStartsAt: "2026-11-01T00:00:00.000Z",
      periodEndsAt: "2026-12-01T00:00:00.000Z",
    });
    await p.deposited("60.5");
    const listed = await p.limits();
    // By definition, currency and period.
    expect(listed.map((limit) => [limit.definition, limit.currentAmount])).toEqual([
      [1, "0.00"],
      [2, "0.00000000"],
      [3, "60.50"],
    ]);
    // Another player sees none of these, and a guest gets 401.
    const other = await player();
    expect(await other.limits()).toEqual([]);
    const guest = await app.inject({ url: "/api/player/limits" });
    expectErrorCode(guest, 401, ErrorCode.Unauthorized);
  });

  it("LM-04 a second cash limit of the same definition, currency and period is 409; another period or currency is a new limit", async () => {
    clockAt("2026-11-22T12:00:00Z");
    const p = await player();
    await p.create(depositLimit("100"));
    const again = await p.api("POST", "/api/player/limits", depositLimit("50"));
    expectErrorCode(again, 409, ErrorCode.Conflict);
    await p.create(depositLimit("300", "weekly"));
    await p.create({ ...depositLimit("100"), currency: "USD" });
    await p.create({ ...depositLimit("100"), definition: 1 });
    expect(await p.limits()).toHaveLength(4);
  });

  it("LM-04 BE-34 bad input answers 422 with error.fields and never 500", async () => {
    clockAt("2026-11-22T12:00:00Z");
    const p = await player();
    const cases: [Record<string, unknown>, string][] = [
      [depositLimit("-5"), "amount"],
      [depositLimit("0"), "amount"],
      [depositLimit("0.00"), "amount"],
      [depositLimit("1e3"), "amount"],
      [depositLimit("10.001"), "amount"],
      [depositLimit(" 10"), "amount"],
      [depositLimit("1234567890123"), "amount"],
      [{ ...depositLimit("10"), amount: 10 }, "amount"],
      [{ ...depositLimit("10"), currency: "XXX" }, "currency"],
      [{ ...depositLimit("10"), currency: "eur" }, "currency"],
      [{ ...depositLimit("10"), period: "yearly" }, "period"],
      [{ definition: 3, currency: "EUR", amount: "10" }, "period"],
      [{ ...depositLimit("10"), months: 6 }, "months"],
      [{ definition: 4, months: 6, period: "daily" }, "period"],
      [{ definition: 4, months: 5 }, "months"],
      [{ definition: 4, months: 6.5 }, "months"],
      [{ definition: 4 }, "months"],
      [{ definition: 5, days: 0 }, "days"],
      [{ definition: 5, days: 43 }, "days"],
      [{ definition: 5, days: "7" }, "days"],
      [{ definition: 5, days: 7, currency: "EUR" }, "currency"],
      [{ definition: 6, days: 7 }, "definition"],
      [{}, "definition"],
    ];
    for (const [body, field] of cases) {
      const response = await p.api("POST", "/api/player/limits", body);
      expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBe(422);
      const error = expectErrorBody(response.json()).error;
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const limit = await p.create(depositLimit("100"));
    for (const [body, field] of [
      [{ period: "daily", amount: "0" }, "amount"],
      [{ period: "daily", amount: "5.555" }, "amount"],
      [{ amount: "5" }, "period"],
      [{ period: "daily", amount: "5", currency: "USD" }, "currency"],
    ] as const) {
      const response = await p.api("PUT", `/api/player/limits/${limit.limitId}`, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(expectErrorBody(response.json()).error.fields ?? {})).toContain(field);
    }
    const malformed = await p.api("PUT", "/api/player/limits/not-a-uuid/confirm");
    expect(malformed.statusCode).toBe(422);
    expect(await p.limits()).toHaveLength(1);
  });

  it("BE-34 someone else's limit, or an unknown one, is 404 on every route", async () => {
    clockAt("2026-11-22T12:00:00Z");
    const owner = await player();
    const limit = await owner.create(depositLimit("100"));
    const stranger = await player();
    const routes: [Method, string, Record<string, unknown>?][] = [
      ["PUT", `/api/player/limits/${limit.limitId}`, { period: "daily", amount: "10" }],
      ["DELETE", `/api/player/limits/${limit.limitId}`],
      ["PUT", `/api/player/limits/${limit.limitId}/confirm`],
      ["DELETE", `/api/player/limits/${limit.limitId}/pending`],
      ["DELETE", "/api/player/limits/00000000-0000-4000-8000-000000000000"],
    ];
    for (const [method, url, body] of routes) {
      expectErrorCode(await stranger.api(method, url, body), 404, ErrorCode.NotFound);
    }
    expect((await owner.limits())[0]).toMatchObject({ amount: "100.00", pending: null });
  });

  it("API-32 BE-34 LM-05 a decrease in the same period applies at once", async () => {
    clockAt("2026-11-22T12:00:00Z");
    const p = await player();
    const limit = await p.create(depositLimit("100"));
    const response = await p.api("PUT", `/api/player/limits/${limit.limitId}`, {
      period: "daily",
      amount: "40",
    });
    expect(response.statusCode).toBe(200);
    expect(PlayerLimit.parse(response.json().data)).toMatchObject({
      amount: "40.00",
      pending: null,
    });
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
    expect(await p.audit()).toEqual(["created", "decreased"]);
  });

  it("BE-34 LM-05 an increase waits 24 hours and the player's confirmation; until then the old amount holds", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const limit = await p.create(depositLimit("100"));
    const response = await p.api("PUT", `/api/player/limits/${limit.limitId}`, {
      period: "daily",
      amount: "500",
    });
    expect(response.statusCode).toBe(200);
    expect(PlayerLimit.parse(response.json().data)).toMatchObject({
      amount: "100.00",
      pending: {
        remove: false,
        period: "daily",
        amount: "500.00",
        requestedAt: "2026-11-22T10:00:00.000Z",
        effectiveAt: "2026-11-23T10:00:00.000Z",
        confirmable: false,
      },
    });
    // The old limit still holds for deposits.
    expectErrorCode(await p.deposit("150"), 400, ErrorCode.DepositLimitReached);
    const early = await p.api("PUT", `/api/player/limits/${limit.limitId}/confirm`);
    expectErrorCode(early, 400, ErrorCode.LimitLocked);
    expect(expectErrorBody(early.json()).error.message).toContain("2026-11-23T10:00:00.000Z");

    await p.advance(DAY - 1);
    expectErrorCode(
      await p.api("PUT", `/api/player/limits/${limit.limitId}/confirm`),
      400,
      ErrorCode.LimitLocked,
    );
    expect((await p.limits())[0]!.pending?.confirmable).toBe(false);
    await p.advance(1);
    expect((await p.limits())[0]).toMatchObject({
      amount: "100.00",
      pending: { confirmable: true },
    });
    // Not applied by itself: only the player's confirmation applies it.
    expectErrorCode(await p.deposit("150"), 400, ErrorCode.DepositLimitReached);
    const confirmed = await p.api("PUT", `/api/player/limits/${limit.limitId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(PlayerLimit.parse(confirmed.json().data)).toMatchObject({
      amount: "500.00",
      pending: null,
    });
    expect((await p.deposit("150")).statusCode).toBe(201);
    // Nothing left to confirm.
    expectErrorCode(
      await p.api("PUT", `/api/player/limits/${limit.limitId}/confirm`),
      400,
      ErrorCode.LimitLocked,
    );
    expect(await p.audit()).toEqual(["created", "increase_requested", "confirmed"]);
  });

  it("BE-34 LM-05 a period change is pending too, and cannot take the period of another limit (409)", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const daily = await p.create(depositLimit("100"));
    const changed = await p.api("PUT", `/api/player/limits/${daily.limitId}`, {
      period: "monthly",
      amount: "50",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      period: "daily",
      amount: "100.00",
      pending: { period: "monthly", amount: "50.00" },
    });
    await p.create(depositLimit("700", "weekly"));
    const taken = await p.api("PUT", `/api/player/limits/${daily.limitId}`, {
      period: "weekly",
      amount: "50",
    });
    expectErrorCode(taken, 409, ErrorCode.Conflict);
    // A monthly limit created meanwhile makes the pending change impossible to confirm.
    await p.advance(DAY);
    await p.create(depositLimit("900", "monthly"));
    expectErrorCode(
      await p.api("PUT", `/api/player/limits/${daily.limitId}/confirm`),
      409,
      ErrorCode.Conflict,
    );
    const dropped = await p.api("DELETE", `/api/player/limits/${daily.limitId}/pending`);
    expect(dropped.json().data).toMatchObject({ period: "daily", amount: "100.00", pending: null });
  });

  it("BE-34 LM-05 a new request replaces the pending one, a decrease or the current values drop it, and DELETE .../pending drops it", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const limit = await p.create(depositLimit("100"));
    const url = `/api/player/limits/${limit.limitId}`;
    await p.api("PUT", url, { period: "daily", amount: "200" });
    await p.advance(12 * HOUR);
    const replaced = await p.api("PUT", url, { period: "daily", amount: "300" });
    expect(replaced.json().data.pending).toMatchObject({
      amount: "300.00",
      requestedAt: "2026-11-22T22:00:00.000Z",
      effectiveAt: "2026-11-23T22:00:00.000Z",
    });
    // The first request's 24 hours have passed, but it was replaced: the new one is not due.
    await p.advance(12 * HOUR);
    expectErrorCode(await p.api("PUT", `${url}/confirm`), 400, ErrorCode.LimitLocked);
    const same = await p.api("PUT", url, { period: "daily", amount: "100" });
    expect(same.json().data).toMatchObject({ amount: "100.00", pending: null });
    await p.api("PUT", url, { period: "daily", amount: "250" });
    const lower = await p.api("PUT", url, { period: "daily", amount: "80" });
    expect(lower.json().data).toMatchObject({ amount: "80.00", pending: null });
    await p.api("PUT", url, { period: "weekly", amount: "400" });
    const dropped = await p.api("DELETE", `${url}/pending`);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data).toMatchObject({ period: "daily", amount: "80.00", pending: null });
    // Dropping again: nothing pending, the limit as it is.
    expect((await p.api("DELETE", `${url}/pending`)).json().data.pending).toBeNull();
    expect(await p.audit()).toEqual([
      "created",
      "increase_requested",
      "pending_dropped",
      "increase_requested",
      "pending_dropped",
      "increase_requested",
      "pending_dropped",
      "decreased",
      "change_requested",
      "pending_dropped",
    ]);
  });

  it("API-33 BE-34 LM-06 DELETE asks for removal: pending 24 hours, then the player's confirmation removes the limit", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const limit = await p.create(depositLimit("100"));
    const url = `/api/player/limits/${limit.limitId}`;
    const removal = await p.api("DELETE", url);
    expect(removal.statusCode).toBe(200);
    expect(removal.json().data).toMatchObject({
      amount: "100.00",
      pending: { remove: true, period: null, amount: null, confirmable: false },
    });
    expectErrorCode(await p.api("PUT", `${url}/confirm`), 400, ErrorCode.LimitLocked);
    expectErrorCode(await p.deposit("150"), 400, ErrorCode.DepositLimitReached);
    await p.advance(DAY);
    const confirmed = await p.api("PUT", `${url}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: null });
    expect(await p.limits()).toEqual([]);
    expect((await p.deposit("150")).statusCode).toBe(201);
    expectErrorCode(await p.api("PUT", `${url}/confirm`), 404, ErrorCode.NotFound);
    expect(await p.audit()).toEqual(["created", "removal_requested", "removed"]);
  });

  it("LM-02 BE-34 self-exclusion and cooling-off start at once; a second one extends but never shortens", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const cooling = await p.create({ definition: 5, days: 1 });
    expect(cooling).toEqual({
      limitId: expect.any(String),
      definition: 5,
      period: null,
      currency: null,
      amount: null,
      currentAmount: null,
      periodStartsAt: null,
      periodEndsAt: null,
      expiresAt: "2026-11-23T10:00:00.000Z",
      createdAt: "2026-11-22T10:00:00.000Z",
      pending: null,
    });
    const longer = await p.api("POST", "/api/player/limits", { definition: 5, days: 7 });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().data).toMatchObject({
      limitId: cooling.limitId,
      expiresAt: "2026-11-29T10:00:00.000Z",
    });
    await p.advance(2 * DAY);
    const shorter = await p.api("POST", "/api/player/limits", { definition: 5, days: 1 });
    expect(shorter.statusCode).toBe(200);
    expect(shorter.json().data.expiresAt).toBe("2026-11-29T10:00:00.000Z");

    const exclusion = await p.create({ definition: 4, months: 6 });
    expect(exclusion.expiresAt).toBe("2027-05-24T10:00:00.000Z");
    const indefinite = await p.api("POST", "/api/player/limits", { definition: 4, months: null });
    expect(indefinite.json().data).toMatchObject({ limitId: exclusion.limitId, expiresAt: null });
    const notShorter = await p.api("POST", "/api/player/limits", { definition: 4, months: 120 });
    expect(notShorter.statusCode).toBe(200);
    expect(notShorter.json().data.expiresAt).toBeNull();
    expect((await p.limits()).map((limit) => limit.definition)).toEqual([4, 5]);
    expect(await p.audit()).toEqual([
      "created",
      "extended",
      "unchanged",
      "created",
      "extended",
      "unchanged",
    ]);
  });

  it("LM-06 BE-34 a self-exclusion or cooling-off can be neither changed nor removed (400/13112); once ended it is not listed", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const cooling = await p.create({ definition: 5, days: 2 });
    const exclusion = await p.create({ definition: 4, months: null });
    for (const limit of [cooling, exclusion]) {
      const url = `/api/player/limits/${limit.limitId}`;
      for (const [method, path, body] of [
        ["PUT", url, { period: "daily", amount: "10" }],
        ["DELETE", url, undefined],
        ["PUT", `${url}/confirm`, undefined],
        ["DELETE", `${url}/pending`, undefined],
      ] as const) {
        expectErrorCode(await p.api(method, path, body), 400, ErrorCode.LimitLocked);
      }
    }
    await p.advance(2 * DAY);
    expect((await p.limits()).map((limit) => limit.definition)).toEqual([4]);
    expectErrorCode(
      await p.api("DELETE", `/api/player/limits/${cooling.limitId}`),
      404,
      ErrorCode.NotFound,
    );
    // A new cooling-off after the old one ended is a new limit; the old end is in the audit.
    const again = await p.create({ definition: 5, days: 3 });
    expect(again.limitId).not.toBe(cooling.limitId);
    expect(await p.audit()).toEqual(["created", "created", "expired", "created"]);
  });

  it("BE-34 the audit has a row for every change, with old and new values and times, and refuses UPDATE and DELETE", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const limit = await p.create(depositLimit("100"));
    await p.api("PUT", `/api/player/limits/${limit.limitId}`, { period: "daily", amount: "150" });
    const rows = await app.testDb.query<Record<string, unknown>>(
      `SELECT limit_id, definition, currency, action, old_period, old_amount, new_period, new_amount,
              requested_at, effective_at
         FROM player_limit_audit WHERE player_id = $1 ORDER BY id`,
      [p.profileId],
    );
    expect(rows).toEqual([
      {
        limit_id: limit.limitId,
        definition: 3,
        currency: "EUR",
        action: "created",
        old_period: null,
        old_amount: null,
        new_period: "daily",
        new_amount: "10000",
        requested_at: new Date("2026-11-22T10:00:00Z"),
        effective_at: new Date("2026-11-22T10:00:00Z"),
      },
      {
        limit_id: limit.limitId,
        definition: 3,
        currency: "EUR",
        action: "increase_requested",
        old_period: "daily",
        old_amount: "10000",
        new_period: "daily",
        new_amount: "15000",
        requested_at: new Date("2026-11-22T10:00:00Z"),
        effective_at: new Date("2026-11-23T10:00:00Z"),
      },
    ]);
    await expect(
      app.testDb.query("UPDATE player_limit_audit SET action = 'created' WHERE player_id = $1", [
        p.profileId,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      app.testDb.query("DELETE FROM player_limit_audit WHERE player_id = $1", [p.profileId]),
    ).rejects.toThrow(/append-only/);
    await expect(app.testDb.query("TRUNCATE player_limit_audit")).rejects.toThrow(/append-only/);
    // And the table itself refuses impossible limits.
    await expect(
      app.testDb.query(
        `INSERT INTO player_limits (player_id, definition, created_at, updated_at)
         VALUES ($1, 3, now(), now())`,
        [p.profileId],
      ),
    ).rejects.toThrow(/player_limits_cash/);
    await expect(
      app.testDb.query(
        `INSERT INTO player_limits (player_id, definition, period, expires_at, created_at, updated_at)
         VALUES ($1, 5, 'daily', now() + interval '1 day', now(), now())`,
        [p.profileId],
      ),
    ).rejects.toThrow(/player_limits_block/);
    await expect(
      app.testDb.query(
        `UPDATE player_limits SET pending_requested_at = now() WHERE player_id = $1`,
        [p.profileId],
      ),
    ).rejects.toThrow(/player_limits_pending/);
    expect(await p.audit()).toHaveLength(2);
  });
});

describe("limits in the API document (BE-34)", () => {
  it("BE-34 the OpenAPI document lists every limits route with its PlayerLimit schema", async () => {
    const response = await app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(document.paths["/api/player/limits"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/player/limits/{limitId}"] ?? {}).sort()).toEqual([
      "delete",
      "put",
    ]);
    expect(document.paths["/api/player/limits/{limitId}/confirm"]).toHaveProperty("put");
    expect(document.paths["/api/player/limits/{limitId}/pending"]).toHaveProperty("delete");
    expect(Object.keys(document.components.schemas)).toContain("PlayerLimit");
  });
});

describe("deposit limits where money moves (BE-24, BE-34)", () => {
  it("API-39 BE-24 deposits are refused over and at the limit, deposit methods answer 13100, and the next period has room again", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    await p.create(depositLimit("150"));
    await p.deposited("60");
    const over = await p.deposit("100");
    expectErrorCode(over, 400, ErrorCode.DepositLimitReached);
    expect(expectErrorBody(over.json()).error.message).toContain("90.00 EUR left");
    expect((await p.methods()).statusCode).toBe(200);
    await p.deposited("90");
    expect((await p.limits())[0]).toMatchObject({ amount: "150.00", currentAmount: "150.00" });
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
    expectErrorCode(await p.methods(), 400, ErrorCode.DepositLimitReached);
    // Other currencies and withdrawals are not limited by it.
    expect((await p.methods("deposit", "USD")).statusCode).toBe(200);
    expect((await p.methods("withdrawal")).statusCode).toBe(200);
    // The refused attempts left no invoice.
    const [count] = await app.testDb.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM payment_invoices WHERE player_id = $1",
      [p.profileId],
    );
    expect(count!.n).toBe("2");

    await p.advance(14 * HOUR - 1);
    expectErrorCode(await p.methods(), 400, ErrorCode.DepositLimitReached);
    await p.advance(1);
    expect((await p.methods()).statusCode).toBe(200);
    expect((await p.limits())[0]).toMatchObject({
      currentAmount: "0.00",
      periodStartsAt: "2026-11-23T00:00:00.000Z",
    });
    expect((await p.deposit("150")).statusCode).toBe(201);
  });

  it("BE-24 where several limits apply the one with the least room decides", async () => {
    clockAt("2026-11-22T10:00:00Z"); // a Sunday
    const p = await player();
    await p.create(depositLimit("200"));
    await p.create(depositLimit("120", "weekly"));
    await p.deposited("100");
    const refused = await p.deposit("50");
    expectErrorCode(refused, 400, ErrorCode.DepositLimitReached);
    expect(expectErrorBody(refused.json()).error.message).toContain("weekly");
    // Monday: a new day and a new week.
    await p.advance(14 * HOUR);
    expect((await p.deposit("120")).statusCode).toBe(201);
    await p.advance(DAY);
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
    expectErrorCode(await p.methods(), 400, ErrorCode.DepositLimitReached);
  });

  it("BE-24 failed and declined deposits free their room; withdrawals do not", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    await p.create(depositLimit("200"));
    const failed = await p.deposited("100");
    await sandboxDecision(app, await referenceOf(app, failed), "fail");
    const declined = await p.deposited("100");
    const decline = await p.api("PUT", `/api/payment/invoices/${declined}/decline`);
    expect(decline.statusCode, decline.body).toBe(200);
    expect((await p.limits())[0]!.currentAmount).toBe("0.00");

    const paid = await p.deposited("150");
    await sandboxDecision(app, await referenceOf(app, paid), "approve");
    const withdrawal = await p.api("POST", "/api/payment/invoices/withdrawal", {
      method: "sandbox-bank-payout",
      currency: "EUR",
      amount: "100",
      accountId: p.accountId,
      fields: { iban: "DE89370400440532013000", accountHolder: "Ada Lovelace" },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect((await p.limits())[0]!.currentAmount).toBe("150.00");
    expectErrorCode(await p.deposit("100"), 400, ErrorCode.DepositLimitReached);
    expect((await p.deposit("50")).statusCode).toBe(201);
  });

  it("BE-24 LM-08 a cooling-off blocks deposit methods and invoices but not withdrawals, until it ends", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const paid = await p.deposited("100");
    await sandboxDecision(app, await referenceOf(app, paid), "approve");
    await p.create({ definition: 5, days: 1 });
    const methods = await p.methods();
    expectErrorCode(methods, 400, ErrorCode.DepositLimitReached);
    expect(expectErrorBody(methods.json()).error.message).toContain("cooling-off");
    expectErrorCode(await p.methods("deposit", "BTC"), 400, ErrorCode.DepositLimitReached);
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
    expect((await p.methods("withdrawal")).statusCode).toBe(200);
    const withdrawal = await p.api("POST", "/api/payment/invoices/withdrawal", {
      method: "sandbox-bank-payout",
      currency: "EUR",
      amount: "40",
      accountId: p.accountId,
      fields: { iban: "DE89370400440532013000", accountHolder: "Ada Lovelace" },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    await p.advance(DAY);
    expect((await p.methods()).statusCode).toBe(200);
    expect((await p.deposit("50")).statusCode).toBe(201);
  });

  it("BE-24 BE-34 a self-exclusion blocks deposits, indefinitely when it has no end", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    await p.create({ definition: 4, months: null });
    expectErrorCode(await p.methods(), 400, ErrorCode.DepositLimitReached);
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
    await p.advance(400 * DAY);
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
  });

  it("BE-24 20 concurrent deposit invoices against a limit that fits exactly 7 of them: exactly 7 are accepted", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    await p.create(depositLimit("350"));
    const answers = await Promise.all(Array.from({ length: 20 }, () => p.deposit("50")));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    for (const answer of answers.filter((item) => item.statusCode !== 201)) {
      expectErrorCode(answer, 400, ErrorCode.DepositLimitReached);
    }
    const [row] = await app.testDb.query<{ n: string; total: string }>(
      `SELECT count(*)::text AS n, sum(amount)::text AS total FROM payment_invoices
        WHERE player_id = $1 AND type = 1`,
      [p.profileId],
    );
    expect(row).toEqual({ n: "7", total: "35000" });
    expect((await p.limits())[0]!.currentAmount).toBe("350.00");
  });

  it("BE-34 periods are calendar periods in the player's time zone; an invalid zone counts as UTC", async () => {
    clockAt("2026-11-23T03:00:00Z"); // still 22 November in New York (UTC-5)
    const p = await player();
    await app.testDb.query("UPDATE players SET time_zone = 'America/New_York' WHERE id = $1", [
      p.profileId,
    ]);
    await p.create(depositLimit("100"));
    await p.deposited("100");
    expect((await p.limits())[0]).toMatchObject({
      currentAmount: "100.00",
      periodStartsAt: "2026-11-22T05:00:00.000Z",
      periodEndsAt: "2026-11-23T05:00:00.000Z",
    });
    expectErrorCode(await p.deposit("50"), 400, ErrorCode.DepositLimitReached);
    await p.advance(2 * HOUR); // midnight in New York
    expect((await p.limits())[0]!.currentAmount).toBe("0.00");
    expect((await p.deposit("50")).statusCode).toBe(201);

    await app.testDb.query("UPDATE players SET time_zone = 'Nowhere/Atlantis' WHERE id = $1", [
      p.profileId,
    ]);
    expect((await p.limits())[0]).toMatchObject({
      periodStartsAt: "2026-11-23T00:00:00.000Z",
      periodEndsAt: "2026-11-24T00:00:00.000Z",
      currentAmount: "150.00",
    });
  });

  it("BE-24 a crypto address is refused once the deposit limit of its currency is used up, and during a cooling-off", async () => {
    clockAt("2026-11-22T10:00:00Z");
    const p = await player();
    const opened = await p.api("POST", "/api/wallet/accounts", { currency: "BTC" });
    expect(opened.statusCode).toBe(201);
    const btcAccount = opened.json().data.id as string;
    const address = () =>
      p.api("POST", "/api/payment/invoices/deposit", {
        method: "crypto-btc",
        currency: "BTC",
        accountId: btcAccount,
        amount: "",
        fields: { crypto_network: "bitcoin" },
      });
    await p.create({ ...depositLimit("0.002"), currency: "BTC" });
    const first = await address();
    expect(first.statusCode, first.body).toBe(201);
    const sent = first.json().data.address as string;
    // Asking again reuses the open invoice: it is not counted against itself.
    expect((await address()).statusCode).toBe(201);
    await app.crypto.sandbox!.send({ network: "bitcoin", address: sent, amount: "0.002" });
    await app.crypto.sandbox!.mine("bitcoin", 2);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ credited: 1 });
    expect((await p.limits())[0]!.currentAmount).toBe("0.00200000");
    expectErrorCode(await address(), 400, ErrorCode.DepositLimitReached);
    expectErrorCode(await p.methods("deposit", "BTC"), 400, ErrorCode.DepositLimitReached);
    await p.advance(DAY);
    expect((await address()).statusCode).toBe(201);
    await p.create({ definition: 5, days: 1 });
    expectErrorCode(await address(), 400, ErrorCode.DepositLimitReached);
  });
});

describe("bet and loss limits for the games (BE-34)", () => {
  it("BE-34 bets count game.bet stakes less rolled-back ones, losses stakes minus game.win winnings; assertCanBet answers 13110 and, while excluded, 13111", async () => {
    // Ledger transactions take the database's time, so the test clock starts there.
    const [{ now }] = (await app.testDb.query<{ now: Date }>("SELECT now() AS now")) as [
      { now: Date },
    ];
    app.clock.current = new Date(now.getTime());
    const p = await player();
    const usd = await p.api("POST", "/api/wallet/accounts", { currency: "USD" });
    expect(usd.statusCode).toBe(201);
    await p.create({ definition: 1, period: "daily", currency: "EUR", amount: "100" });
    await p.create({ definition: 2, period: "daily", currency: "EUR", amount: "50" });
    await p.create({ definition: 1, period: "daily", currency: "USD", amount: "100" });
    await p.create({ definition: 2, period: "daily", currency: "USD", amount: "50" });

    const wallets = walletRepository(app.testDb);
    const eur = (await wallets.findByCurrency(p.profileId, "EUR"))!.ledger.real;
    const usdReal = (await wallets.findByCurrency(p.profileId, "USD"))!.ledger.real;
    const house = {
      EUR: { adjustments: await wallets.houseAccount("adjustments", "EUR") },
      USD: { adjustments: await wallets.houseAccount("adjustments", "USD") },
    };
    const games = {
      EUR: await wallets.houseAccount("games", "EUR"),
      USD: await wallets.houseAccount("games", "USD"),
    };
    const move = (
      key: string,
      kind: string,
      currency: "EUR" | "USD",
      from: bigint,
      to: bigint,
      amount: bigint,
    ) => ({
      key: `${p.profileId}:${key}`,
      kind,
      legs: [
        { account: from, currency, amount: -amount },
        { account: to, currency, amount },
      ],
    });
    // One call, one database transaction: every posting has the same time.
    const results = await postInTransaction(app.testDb, [
      move("fund-eur", "adjustment.credit", "EUR", house.EUR.adjustments, eur, 100_000n),
      move("fund-usd", "adjustment.credit", "USD", house.USD.adjustments, usdReal, 100_000n),
      move("bet-1", "game.bet", "EUR", eur, games.EUR, 4_000n),
      move("win-1", "game.win", "EUR", games.EUR, eur, 2_500n),
      move("bet-2", "game.bet", "EUR", eur, games.EUR, 2_000n),
      // A bet the studio rolled back was never staked: it counts toward neither limit.
      move("bet-4", "game.bet", "EUR", eur, games.EUR, 3_000n),
      move("rollback-4", "game.rollback", "EUR", games.EUR, eur, 3_000n),
      move("bet-3", "game.bet", "USD", usdReal, games.USD, 6_000n),
      move("win-3", "game.win", "USD", games.USD, usdReal, 12_500n),
    ]);
    expect(results.map((result) => result.status)).toEqual(Array(9).fill("applied"));
    const [posted] = await app.testDb.query<{ at: Date }>(
      "SELECT max(created_at) AS at FROM ledger_transactions WHERE idempotency_key LIKE $1",
      [`${p.profileId}:%`],
    );
    app.clock.current = new Date(posted!.at.getTime());

    const byKey = (await p.limits()).map((limit) => [
      limit.definition,
      limit.currency,
      limit.currentAmount,
    ]);
    expect(byKey).toEqual([
      [1, "EUR", "60.00"],
      [1, "USD", "60.00"],
      [2, "EUR", "35.00"],
      // Won more than staked: the loss is zero, never negative.
      [2, "USD", "0.00"],
    ]);

    const bet = (currency: string, stake: bigint, at = app.clock.now()) =>
      app.testDb.transaction((tx) =>
        assertCanBet(tx, { playerId: p.profileId, currency, stake, now: at }),
      );
    const refusal = async (promise: Promise<unknown>) => {
      const error = (await promise.then(
        () => null,
        (caught: unknown) => caught,
      )) as AppError | null;
      return error ? [error.status, error.code] : null;
    };
    // Play sums (migration 0036): none until a bet is checked against a limit of the account;
    // the first check starts them from the ledger, and the checks after it read them.
    const sums = async () =>
      (
        await app.testDb.query<{ currency: string; stakes: string; winnings: string }>(
          `SELECT w.currency, sum(q.stakes)::text AS stakes, sum(q.winnings)::text AS winnings
             FROM player_play_quarters q JOIN wallet_accounts w ON w.id = q.wallet_account_id
            WHERE w.player_id = $1 GROUP BY w.currency ORDER BY w.currency`,
          [p.profileId],
        )
      ).map((row) => [row.currency, row.stakes, row.winnings]);
    expect(await sums()).toEqual([]);
    // EUR: loss 35 of 50 leaves 15, bets 60 of 100 leave 40.
    expect(await refusal(bet("EUR", 1_500n))).toBeNull();
    expect(await sums()).toEqual([["EUR", "6000", "2500"]]);
    expect(await refusal(bet("EUR", 1_501n))).toEqual([400, ErrorCode.GameLimitReached]);
    // USD: no loss yet, so the bet limit's 40 left decides.
    expect(await refusal(bet("USD", 4_000n))).toBeNull();
    expect(await refusal(bet("USD", 4_001n))).toEqual([400, ErrorCode.GameLimitReached]);
    expect(await sums()).toEqual([
      ["EUR", "6000", "2500"],
      ["USD", "6000", "12500"],
    ]);
    expect(await checkLedger(app.testDb)).toEqual([]);
    // Other currencies have no limit (and no sums); the next day has room again.
    expect(await refusal(bet("GBP", 1_000_000n))).toBeNull();
    const tomorrow = new Date(app.clock.now().getTime() + DAY * 1000);
    expect(await refusal(bet("EUR", 5_000n, tomorrow))).toBeNull();

    await p.create({ definition: 5, days: 2 });
    expect(await refusal(bet("GBP", 1n))).toEqual([400, ErrorCode.PlayerExcluded]);
    expect(await refusal(bet("EUR", 1n, tomorrow))).toEqual([400, ErrorCode.PlayerExcluded]);
  });
});
