// The operator's player desk (migration 0046): find players, read their accounts and ledger,
// block them (refused at once: the API, sign-in, game bets), and adjust a balance through the
// ledger: idempotent by key under concurrent retries, never below zero, heard live by the
// player's wallet, audited with the key's name; the ledger stays balanced. PGlite and PostgreSQL.
import { ErrorCode } from "@casino/contract/errors";
import { ProviderWalletError } from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer } from "./game-helpers";
import { expectErrorCode } from "./helpers";
import { fieldsOf, operatorRequest, operatorTestApp, uniqueSlug } from "./operator-helpers";
import { loginAs, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  operatorRequest(app, method, url, payload);

/** A registered EUR player with 20.00 on the real balance and an open game session. */
async function player(overrides: Record<string, unknown> = {}) {
  const registered = await registerByEmail(app, { currency: "EUR", ...overrides });
  const game = await gamePlayer(app, { funds: "20.00", tokens: registered.tokens });
  return { ...game, email: registered.email, password: registered.password };
}

async function walletBalance(headers: Record<string, string>) {
  const response = await app.inject({ url: "/api/wallet/accounts", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as Json;
}

const adjust = (playerId: string, body: Json) =>
  call("POST", `/api/operator/players/${playerId}/adjustments`, body);

describe("a player's game rounds", () => {
  it("lists the player's rounds newest first, open ones too, with game, studio and money; filters by status; 404 for an unknown player", async () => {
    const p = await player();
    await p.round("2.00", "5.00");
    await p.round("1.50");
    const open = await p.bet("0.50");
    expect(open.statusCode, open.body).toBe(200);
    const rounds = async (query = "") => {
      const response = await call(
        "GET",
        `/api/operator/players/${p.tokens.profileId}/rounds?perPage=2${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Json[]; meta: Json };
    };
    const first = await rounds();
    expect(first.meta).toEqual({ page: 1, perPage: 2, total: 3 });
    expect(first.data[0]).toMatchObject({
      status: "open",
      bet: "0.50",
      win: "0.00",
      closedAt: null,
      currency: "EUR",
      game: { slug: "gold-rush", title: "Gold Rush" },
      provider: { slug: "sandbox-slots", name: "Sandbox Slots" },
    });
    expect(first.data[1]).toMatchObject({ status: "closed", bet: "1.50", win: "0.00" });
    const last = await rounds("&page=2");
    expect(last.data).toEqual([
      expect.objectContaining({ status: "closed", bet: "2.00", win: "5.00", refund: "0.00" }),
    ]);
    expect(last.data[0]?.closedAt).toEqual(expect.any(String));
    expect((await rounds("&status=open")).meta.total).toBe(1);
    expect((await rounds("&status=closed&currency=BTC")).meta.total).toBe(0);
    expect(
      fieldsOf(await call("GET", `/api/operator/players/${p.tokens.profileId}/rounds?status=won`)),
    ).toHaveProperty("status");
    const unknown = await call(
      "GET",
      "/api/operator/players/00000000-0000-4000-8000-000000000000/rounds",
    );
    expectErrorCode(unknown, 404, 404);
  });
});

describe("finding and reading players", () => {
  it("finds players by the start of an e-mail, a phone, a nickname or an id, newest first, and filters by status", async () => {
    const tag = uniqueSlug("desk");
    const first = await player({ email: `${tag}-a@example.com` });
    app.clock.advance(1);
    const second = await player({ email: `${tag}-b@example.com` });
    const search = async (query: string) => {
      const response = await call("GET", `/api/operator/players?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: Json[]; meta: Json };
    };
    const byPrefix = await search(`search=${tag.toUpperCase()}`);
    expect(byPrefix.data.map((p) => p.id)).toEqual([
      second.tokens.profileId,
      first.tokens.profileId,
    ]);
    expect(byPrefix.meta).toMatchObject({ page: 1, total: 2 });
    expect(byPrefix.data[0]).toMatchObject({
      email: `${tag}-b@example.com`,
      status: 1,
      currency: "EUR",
      country: "DE",
    });
    expect((await search(`search=${first.tokens.profileId}`)).data).toHaveLength(1);
    // LIKE's wildcards are plain characters in a search.
    expect((await search("search=%25")).data).toEqual([]);
    expect((await search(`search=${tag}&status=3`)).data).toEqual([]);

    const read = await call("GET", `/api/operator/players/${first.tokens.profileId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      id: first.tokens.profileId,
      emailConfirmed: false,
      accounts: [{ currency: "EUR", balance: "20.00", withdrawalBalance: "20.00" }],
    });
    expectErrorCode(
      await call("GET", "/api/operator/players/00000000-0000-4000-8000-000000000000"),
      404,
      404,
    );
    expect(fieldsOf(await call("GET", "/api/operator/players/someone"))).toHaveProperty("id");
    expect(fieldsOf(await call("GET", "/api/operator/players?status=7"))).toHaveProperty("status");
  });
});

describe("blocking a player", () => {
  it("a blocked player is refused at once (API 11040, sign-in, game bets 15004); unblocked, they play again; the trail keeps the reason", async () => {
    const p = await player();
    const id = p.tokens.profileId;
    const blocked = await call("PATCH", `/api/operator/players/${id}`, {
      status: 3,
      reason: "Chargeback fraud, ticket 4711",
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data.status).toBe(3);

    expectErrorCode(
      await app.inject({ url: "/api/wallet/accounts", headers: p.headers }),
      403,
      ErrorCode.AccountBlocked,
    );
    expectErrorCode(await loginAs(app, p.email, p.password), 403, ErrorCode.AccountBlocked);
    expectErrorCode(await p.bet("1.00"), 403, ProviderWalletError.AccountDisabled);

    const open = await call("PATCH", `/api/operator/players/${id}`, {
      status: 1,
      reason: "Cleared by the bank",
    });
    expect(open.statusCode, open.body).toBe(200);
    expect((await p.bet("1.00")).statusCode).toBe(200);
    expect((await walletBalance(p.headers)).balance).toBe("19.00");

    const trail = (await call("GET", `/api/operator/changes?kind=player&entityId=${id}`)).json()
      .data as Json[];
    expect(trail.map((change) => [change.changes.status, change.changes.reason])).toEqual([
      [1, "Cleared by the bank"],
      [3, "Chargeback fraud, ticket 4711"],
    ]);
    expect(trail[0]!.actor).toBe("root");
    expect(
      fieldsOf(await call("PATCH", `/api/operator/players/${id}`, { status: 3 })),
    ).toHaveProperty("reason");
  });
});

describe("signing a player out", () => {
  it("ends every session: the next request on each device is a 401, the desk counts them, and the trail keeps the reason", async () => {
    const p = await player();
    const id = p.tokens.profileId;
    const other = await loginAs(app, p.email, p.password);
    expect(other.statusCode, other.body).toBe(201);
    const otherDevice = { authorization: `Bearer ${other.json().data.accessToken}` };
    const before = (await call("GET", `/api/operator/players/${id}`)).json().data;
    expect(before).toMatchObject({ liveSessions: 2, lastSeenAt: expect.any(String) });

    const ended = await call("POST", `/api/operator/players/${id}/sign-out`, {
      reason: "Account takeover reported by the player",
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toEqual({ ended: 2 });
    for (const headers of [p.headers, otherDevice]) {
      expectErrorCode(
        await app.inject({ url: "/api/wallet/accounts", headers }),
        401,
        ErrorCode.Unauthorized,
      );
    }
    expect((await call("GET", `/api/operator/players/${id}`)).json().data.liveSessions).toBe(0);
    // They sign in again as before.
    expect((await loginAs(app, p.email, p.password)).statusCode).toBe(201);

    const trail = (
      await call("GET", `/api/operator/changes?kind=player-sessions&entityId=${id}`)
    ).json().data as Json[];
    expect(trail).toEqual([
      expect.objectContaining({
        action: "delete",
        actor: "root",
        changes: { ended: 2, reason: "Account takeover reported by the player" },
      }),
    ]);
    expect(fieldsOf(await call("POST", `/api/operator/players/${id}/sign-out`, {}))).toHaveProperty(
      "reason",
    );
    expectErrorCode(
      await call("POST", "/api/operator/players/00000000-0000-4000-8000-000000000000/sign-out", {
        reason: "x",
      }),
      404,
      404,
    );
  });
});

describe("balance adjustments", () => {
  it("a credit moves money once under concurrent retries of its key, is heard live, and shows in the ledger", async () => {
    const p = await player();
    const id = p.tokens.profileId;
    const body = {
      key: uniqueSlug("goodwill"),
      currency: "EUR",
      amount: "7.50",
      reason: "Goodwill",
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => adjust(id, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const created = answers.find((answer) => answer.statusCode === 201)!.json().data;
    expect(created).toMatchObject({
      currency: "EUR",
      amount: "7.50",
      reason: "Goodwill",
      account: { balance: "27.50", withdrawalBalance: "27.50" },
    });
    expect(new Set(answers.map((answer) => answer.json().data.transactionId)).size).toBe(1);
    expect((await walletBalance(p.headers)).balance).toBe("27.50");

    // The player's wallet channel heard the new balance.
    const [event] = await app.testDb.query<{ payload: string }>(
      `SELECT payload::text AS payload FROM event_outbox
        WHERE channel = $1 ORDER BY id DESC LIMIT 1`,
      [`wallet:accounts#${id}`],
    );
    expect(JSON.parse(event!.payload)).toMatchObject({
      type: "wallet.account.updated",
      account: { balance: "27.50" },
    });

    const ledger = await call("GET", `/api/operator/players/${id}/transactions?perPage=1`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json().data).toEqual([
      expect.objectContaining({
        transactionId: created.transactionId,
        kind: "operator.adjustment",
        balance: "real",
        currency: "EUR",
        amount: "7.50",
        metadata: expect.objectContaining({ reason: "Goodwill", operator: "root" }),
      }),
    ]);
    expect(ledger.json().meta.total).toBeGreaterThanOrEqual(2);
    const audit = (
      await call(
        "GET",
        `/api/operator/changes?kind=player-adjustment&entityId=${created.transactionId}`,
      )
    ).json().data as Json[];
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "root", changes: { playerId: id, amount: "7.50" } });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a debit never takes the balance below zero: refused whole, the same key answers the same, and nothing moves", async () => {
    const p = await player();
    const id = p.tokens.profileId;
    const tooMuch = {
      key: uniqueSlug("debit"),
      currency: "EUR",
      amount: "-25.00",
      reason: "Bonus abuse",
    };
    expect(fieldsOf(await adjust(id, tooMuch))).toHaveProperty("amount");
    expect(fieldsOf(await adjust(id, tooMuch))).toHaveProperty("amount");
    expect((await walletBalance(p.headers)).balance).toBe("20.00");

    // Two debits of 15.00 racing on 20.00: one goes through, one is refused.
    const race = await Promise.all(
      ["a", "b"].map((suffix) =>
        adjust(id, {
          key: uniqueSlug(`race-${suffix}`),
          currency: "EUR",
          amount: "-15.00",
          reason: "Reversal",
        }),
      ),
    );
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await walletBalance(p.headers)).balance).toBe("5.00");

    // The same key with another amount is not a replay.
    const key = uniqueSlug("reuse");
    expect(
      (await adjust(id, { key, currency: "EUR", amount: "1.00", reason: "x" })).statusCode,
    ).toBe(201);
    expect(
      fieldsOf(await adjust(id, { key, currency: "EUR", amount: "2.00", reason: "x" })),
    ).toEqual({
      key: ["This key was used for another adjustment"],
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("422 for bad amounts, unknown currencies or accounts; 404 for unknown players; the payments scope is needed", async () => {
    const p = await player();
    const id = p.tokens.profileId;
    const bad = (amount: string, currency = "EUR") =>
      adjust(id, { key: uniqueSlug("bad"), currency, amount, reason: "Test" });
    expect(fieldsOf(await bad("0"))).toHaveProperty("amount");
    expect(fieldsOf(await bad("1.234"))).toHaveProperty("amount");
    expect(fieldsOf(await bad("ten"))).toHaveProperty("amount");
    expect(fieldsOf(await bad("1.00", "XYZ"))).toHaveProperty("currency");
    expect(fieldsOf(await bad("1.00", "USD"))).toEqual({
      currency: ["The player has no USD account"],
    });
    expectErrorCode(
      await adjust("00000000-0000-4000-8000-000000000000", {
        key: uniqueSlug("nobody"),
        currency: "EUR",
        amount: "1.00",
        reason: "Test",
      }),
      404,
      404,
    );

    const issued = await call("POST", "/api/operator/api-keys", {
      name: "Support desk",
      scopes: ["players"],
    });
    const desk = issued.json().data.token as string;
    const asDesk = (method: "GET" | "POST", url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${desk}` },
        ...(payload === undefined ? {} : { payload: payload as Json }),
      });
    expect((await asDesk("GET", `/api/operator/players/${id}`)).statusCode).toBe(200);
    expect((await asDesk("GET", `/api/operator/players/${id}/transactions`)).statusCode).toBe(200);
    expectErrorCode(
      await asDesk("POST", `/api/operator/players/${id}/adjustments`, {
        key: uniqueSlug("desk"),
        currency: "EUR",
        amount: "1.00",
        reason: "Test",
      }),
      403,
      403,
    );
    expect((await walletBalance(p.headers)).balance).toBe("20.00");
  });
});
