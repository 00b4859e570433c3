// A player's bonuses and limits on the operator's player desk: read every bonus, free-spins grant
// and limit; grant a bonus definition (idempotent by key per player under concurrent retries,
// with the definition's amount or the operator's, posted to the ledger and shown to the player);
// cancel a bonus (its bonus money goes back to the house). Audited with the reason and the key.
// The ledger stays balanced. PGlite and PostgreSQL.
import { BonusErrorCode } from "@casino/contract/bonus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorCode } from "./helpers";
import {
  fieldsOf,
  type Json,
  operatorRequest,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import { bearer, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

const NO_PLAYER = "00000000-0000-4000-8000-000000000000";

async function eurPlayer() {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  return { id: tokens.profileId as string, headers: bearer(tokens.accessToken) ?? {} };
}

const grant = (playerId: string, body: Json) =>
  operatorRequest(app, "POST", `/api/operator/players/${playerId}/bonuses`, body);

async function wallet(headers: Record<string, unknown>) {
  const response = await app.inject({ url: "/api/wallet/accounts", headers: headers as never });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as Json;
}

describe("operator player desk: bonuses", () => {
  it("grants a bonus once under 5 concurrent retries of one key: the player sees it and its money, and the audit has the reason", async () => {
    const player = await eurPlayer();
    const key = uniqueSlug("goodwill");
    const body = { key, bonus: "no-deposit-5", reason: "Sorry for the outage" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => grant(player.id, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const grants = answers.map((a) => a.json().data);
    expect(new Set(grants.map((g) => g.bonus.id)).size).toBe(1);
    expect(grants[0]).toMatchObject({
      kind: "bonus",
      freespins: null,
      bonus: {
        amount: "5.00",
        balance: "5.00",
        currency: "EUR",
        issueSessionId: `operator:${key}`,
      },
    });

    const mine = await app.inject({
      url: "/api/game/player-bonuses",
      headers: player.headers as never,
    });
    expect(mine.json().data.map((b: Json) => b.id)).toEqual([grants[0].bonus.id]);
    expect(await wallet(player.headers)).toMatchObject({ bonusBalance: "5.00", balance: "5.00" });

    const changes = await operatorRequest(
      app,
      "GET",
      `/api/operator/changes?kind=player-bonus&entityId=${player.id}`,
    );
    expect(changes.json().data).toEqual([
      expect.objectContaining({
        action: "create",
        actor: "root",
        changes: expect.objectContaining({
          bonus: "no-deposit-5",
          reason: "Sorry for the outage",
          playerBonusId: grants[0].bonus.id,
        }),
      }),
    ]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("grants the operator's amount instead of the definition's; free spins by their count; bad grants are a 422 by field", async () => {
    const player = await eurPlayer();
    // A percent bonus has nothing to compute from without a deposit: it needs an amount.
    const noAmount = await grant(player.id, {
      key: uniqueSlug("g"),
      bonus: "reload-25",
      reason: "r",
    });
    expect(fieldsOf(noAmount)).toEqual({ currency: [expect.stringMatching(/amount/)] });
    const withAmount = await grant(player.id, {
      key: uniqueSlug("g"),
      bonus: "reload-25",
      amount: "7.50",
      reason: "Compensation",
    });
    expect(withAmount.statusCode, withAmount.body).toBe(201);
    expect(withAmount.json().data.bonus).toMatchObject({
      amount: "7.50",
      wagerTotal: expect.any(String),
    });

    const spins = await grant(player.id, {
      key: uniqueSlug("g"),
      bonus: "welcome-3",
      reason: "VIP",
    });
    expect(spins.statusCode, spins.body).toBe(201);
    expect(spins.json().data).toMatchObject({
      kind: "freespins",
      bonus: null,
      freespins: { count: 50 },
    });

    const bad = await grant(player.id, {
      key: uniqueSlug("g"),
      bonus: "no-such-bonus",
      currency: "XYZ",
      amount: "1.00",
      reason: "r",
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(["bonus", "currency"]);
    const cents = await grant(player.id, {
      key: uniqueSlug("g"),
      bonus: "reload-25",
      amount: "1.234",
      reason: "r",
    });
    expect(Object.keys(fieldsOf(cents))).toEqual(["amount"]);
    const spinAmount = await grant(player.id, {
      key: uniqueSlug("g"),
      bonus: "welcome-3",
      amount: "3",
      reason: "r",
    });
    expect(Object.keys(fieldsOf(spinAmount))).toEqual(["amount"]);
    expect((await grant(player.id, { key: "k", bonus: "cash-10" })).statusCode).toBe(422);
    expectErrorCode(await grant(NO_PLAYER, { key: "k", bonus: "cash-10", reason: "r" }), 404, 404);

    const read = await operatorRequest(app, "GET", `/api/operator/players/${player.id}/bonuses`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.bonuses.map((b: Json) => b.amount)).toEqual(["7.50"]);
    expect(read.json().data.freespins.map((f: Json) => f.count)).toEqual([50]);
  });

  it("cancels a bonus: its bonus money goes back to the house, once; the player's other bonuses and other players' ids are untouched", async () => {
    const player = await eurPlayer();
    const granted = (
      await grant(player.id, { key: uniqueSlug("g"), bonus: "no-deposit-5", reason: "r" })
    ).json().data.bonus;
    const other = await eurPlayer();
    const cancel = (playerId: string, bonusId: number) =>
      operatorRequest(app, "POST", `/api/operator/players/${playerId}/bonuses/${bonusId}/cancel`, {
        reason: "Bonus abuse",
      });
    expectErrorCode(await cancel(other.id, granted.id), 404, 404);

    const canceled = await cancel(player.id, granted.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data).toMatchObject({
      id: granted.id,
      status: 3,
      result: 3,
      balance: "0.00",
    });
    expect(await wallet(player.headers)).toMatchObject({ bonusBalance: "0.00", balance: "0.00" });
    expectErrorCode(await cancel(player.id, granted.id), 409, BonusErrorCode.InvalidBonusState);

    const changes = await operatorRequest(
      app,
      "GET",
      `/api/operator/changes?kind=player-bonus&entityId=${player.id}`,
    );
    expect(changes.json().data[0]).toMatchObject({
      action: "update",
      changes: { bonusId: granted.id, reason: "Bonus abuse", balance: "5.00" },
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a key with the players scope reads bonuses and limits but cannot grant; the limits are the player's own", async () => {
    const player = await eurPlayer();
    const set = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: player.headers as never,
      payload: { definition: 1, period: "daily", currency: "EUR", amount: "50" },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const issued = await operatorRequest(app, "POST", "/api/operator/api-keys", {
      name: "Support desk",
      scopes: ["players"],
    });
    const token = issued.json().data.token as string;
    const as = (method: "GET" | "POST", url: string, payload?: Json) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    const limits = await as("GET", `/api/operator/players/${player.id}/limits`);
    expect(limits.statusCode, limits.body).toBe(200);
    expect(limits.json().data).toEqual([
      expect.objectContaining({ definition: 1, period: "daily", currency: "EUR", amount: "50.00" }),
    ]);
    expect((await as("GET", `/api/operator/players/${player.id}/bonuses`)).statusCode).toBe(200);
    expectErrorCode(
      await as("POST", `/api/operator/players/${player.id}/bonuses`, {
        key: "k",
        bonus: "cash-10",
        reason: "r",
      }),
      403,
      403,
    );
    expectErrorCode(await as("GET", `/api/operator/players/${NO_PLAYER}/limits`), 404, 404);
  });
});
