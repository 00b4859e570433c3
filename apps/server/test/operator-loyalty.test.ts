// The operator API's loyalty programme (migration 0039): levels and earn rules created and changed
// as data, seen by players through the retention API and by the loyalty consumer at the next
// settled bet; 422 with error.fields, replays by key, the audit trail. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gamePlayer, TEST_PROVIDER } from "./game-helpers";
import { expectErrorCode } from "./helpers";
import { fieldsOf, operatorRequest, operatorTestApp } from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  operatorRequest(app, method, url, payload);

async function points(headers: Record<string, string>): Promise<Json> {
  const response = await app.inject({ url: "/api/retention/account", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe("the operator's loyalty levels", () => {
  it("LY-02 API-77 lists the seeded levels; a created level shows to players; points must rise with the order", async () => {
    const listed = await call("GET", "/api/operator/loyalty/levels");
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data as Json[]).map((level) => [level.levelOrder, level.points])).toEqual(
      [
        [1, 0],
        [2, 100],
        [3, 500],
        [4, 2000],
        [5, 10000],
      ],
    );

    const created = await call("POST", "/api/operator/loyalty/levels", {
      key: "obsidian",
      levelOrder: 6,
      name: "Obsidian",
      points: 50_000,
      description: "Beyond the top.",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      levelOrder: 6,
      players: 0,
      updatedAt: expect.any(String),
    });
    const replay = await call("POST", "/api/operator/loyalty/levels", {
      name: "Obsidian",
      key: "obsidian",
      levelOrder: 6,
      points: 50_000,
      description: "Beyond the top.",
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(created.json().data.id);

    const site = await app.inject({ url: "/api/retention/levels" });
    expect((site.json().data as Json[]).at(-1)).toMatchObject({
      order: 6,
      name: "Obsidian",
      points: 50_000,
    });

    // Out of order, taken, or between its neighbours the wrong way: 422, nothing written.
    expect(
      fieldsOf(
        await call("POST", "/api/operator/loyalty/levels", {
          levelOrder: 7,
          name: "Lower",
          points: 40_000,
        }),
      ),
    ).toEqual({ points: [expect.stringContaining("above 50000")] });
    expect(
      fieldsOf(
        await call("POST", "/api/operator/loyalty/levels", {
          levelOrder: 6,
          name: "Again",
          points: 100,
        }),
      ),
    ).toMatchObject({ levelOrder: ["Another level has this order"], points: expect.any(Array) });
    const silver = (listed.json().data as Json[])[1]!;
    expect(
      fieldsOf(await call("PATCH", `/api/operator/loyalty/levels/${silver.id}`, { points: 600 })),
    ).toEqual({ points: [expect.stringContaining("above 0 and below 500")] });
    expect(
      fieldsOf(await call("POST", "/api/operator/loyalty/levels", { levelOrder: 0 })),
    ).toMatchObject({
      levelOrder: expect.any(Array),
      name: expect.any(Array),
      points: expect.any(Array),
    });
    expectErrorCode(await call("PATCH", "/api/operator/loyalty/levels/999999", {}), 404, 404);
    const after = await call("GET", "/api/operator/loyalty/levels");
    expect(after.json().data).toHaveLength(6);
  });

  it("LY-01 BE-38 a lowered threshold shows in a player's account at once and is stored with their next points", async () => {
    const levels = (await call("GET", "/api/operator/loyalty/levels")).json().data as Json[];
    const silver = levels.find((level) => level.levelOrder === 2)!;
    const p = await gamePlayer(app, { funds: "100.00" });
    await p.round("30.00");
    await app.domainEvents.drain();
    expect(await points(p.headers)).toMatchObject({ points: 30, currentLevel: { order: 1 } });

    const lowered = await call("PATCH", `/api/operator/loyalty/levels/${silver.id}`, {
      points: 25,
      name: "Silver Star",
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await points(p.headers)).toMatchObject({
      currentLevel: { order: 2, name: "Silver Star", points: 25 },
    });
    await p.round("1.00");
    await app.domainEvents.drain();
    const now = (await call("GET", "/api/operator/loyalty/levels")).json().data as Json[];
    expect(now.find((level) => level.id === silver.id)?.players).toBe(1);
  });
});

describe("the operator's earn rules", () => {
  it("BE-38 a provider's rule earns from the next settled bet; changed and switched off, the next bets follow it", async () => {
    const p = await gamePlayer(app, { funds: "100.00" });
    const created = await call("POST", "/api/operator/loyalty/earn-rules", {
      currency: "EUR",
      provider: TEST_PROVIDER,
      wagerAmount: "2",
      points: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().data;
    expect(rule).toMatchObject({
      currency: "EUR",
      provider: TEST_PROVIDER,
      gameType: null,
      wagerAmount: "2.00",
      points: 5,
      isEnabled: true,
    });
    // The player API lists it with the others.
    const site = await app.inject({ url: "/api/retention/levels?currency=EUR" });
    expect(site.json().meta.earnRules).toContainEqual({
      currency: "EUR",
      provider: TEST_PROVIDER,
      gameType: null,
      wager: "2.00",
      points: 5,
    });

    await p.round("10.00");
    await app.domainEvents.drain();
    expect((await points(p.headers)).points).toBe(25);

    const doubled = await call("PATCH", `/api/operator/loyalty/earn-rules/${rule.id}`, {
      points: 10,
    });
    expect(doubled.json().data).toMatchObject({ points: 10, wagerAmount: "2.00" });
    await p.round("10.00");
    await app.domainEvents.drain();
    expect((await points(p.headers)).points).toBe(75);

    // Switched off: the currency's default (1 point per 1.00) applies again.
    await call("PATCH", `/api/operator/loyalty/earn-rules/${rule.id}`, { isEnabled: false });
    await p.round("10.00");
    await app.domainEvents.drain();
    expect((await points(p.headers)).points).toBe(85);

    const audit = await app.testDb.query<{ action: string; changes: Json }>(
      `SELECT action, changes FROM operator_changes
        WHERE kind = 'loyalty-earn-rule' AND entity_id = $1 ORDER BY id`,
      [rule.id],
    );
    expect(audit.map((row) => [row.action, row.changes])).toEqual([
      ["create", expect.objectContaining({ provider: TEST_PROVIDER, points: 5 })],
      ["update", { points: 10 }],
      ["update", { isEnabled: false }],
    ]);
  });

  it("422 for unknown currencies, providers and game types, bad amounts and a scope already ruled; 404 for an unknown id", async () => {
    expect(
      fieldsOf(
        await call("POST", "/api/operator/loyalty/earn-rules", {
          currency: "XXX",
          provider: "no-such-studio",
          gameType: "no-such-rail",
          wagerAmount: "1",
          points: 1,
        }),
      ),
    ).toEqual({
      currency: ["Unknown currency"],
      provider: ["Unknown provider"],
      gameType: ["Unknown game collection"],
    });
    expect(
      fieldsOf(
        await call("POST", "/api/operator/loyalty/earn-rules", {
          currency: "EUR",
          gameType: "live-casino",
          wagerAmount: "0.001",
          points: 1,
        }),
      ),
    ).toEqual({
      wagerAmount: ["Not a valid amount in EUR"],
      currency: [expect.stringContaining("already covers")],
    });
    expect(
      fieldsOf(
        await call("POST", "/api/operator/loyalty/earn-rules", {
          currency: "USD",
          gameType: "slots",
          wagerAmount: "0",
          points: -1,
        }),
      ),
    ).toMatchObject({ points: expect.any(Array) });
    const rules = (await call("GET", "/api/operator/loyalty/earn-rules")).json().data as Json[];
    const btc = rules.find((rule) => rule.currency === "BTC")!;
    expect(btc.wagerAmount).toBe("0.00001000");
    expect(
      fieldsOf(
        await call("PATCH", `/api/operator/loyalty/earn-rules/${btc.id}`, { wagerAmount: "0" }),
      ),
    ).toEqual({ wagerAmount: ["Must be above zero"] });
    expect(
      fieldsOf(
        await call("PATCH", `/api/operator/loyalty/earn-rules/${btc.id}`, { currency: "EUR" }),
      ),
    ).toMatchObject({ currency: expect.any(Array) });
    expectErrorCode(await call("PATCH", "/api/operator/loyalty/earn-rules/999999", {}), 404, 404);
  });
});
