// Issue 24: bonus money an operator grants follows the rules of money. A money bonus without
// wagering (multiplier 0) is a balance adjustment in disguise: granting it, or creating such a
// definition, needs the payments scope as an adjustment does (403 for a promotions-only key),
// and promotions needs a second factor by default like payments. A grant worth more than
// OPERATOR_GRANT_APPROVAL_ABOVE (base currency) waits for a second operator: another key
// approves (the grant is issued once) or rejects it; the requester cannot. PGlite and PostgreSQL.
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorCode } from "./helpers";
import {
  type Json,
  OPERATOR_TEST_TOKEN,
  operatorCreated,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import { bearer, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  // 100 USD (the base currency): a grant worth more waits for a second operator.
  app = await operatorTestApp({ OPERATOR_GRANT_APPROVAL_ABOVE: "100" });
});
afterAll(async () => app?.close());

const as = (token: string, method: "GET" | "POST", url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

async function keyWith(scopes: string[]): Promise<string> {
  const response = await as(OPERATOR_TEST_TOKEN, "POST", "/api/operator/api-keys", {
    name: `${scopes.join("+")} ${uniqueSlug("k")}`,
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.token;
}

async function eurPlayer() {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  return { id: tokens.profileId as string, headers: bearer(tokens.accessToken) ?? {} };
}

async function playerBonuses(player: { headers: Record<string, unknown> }): Promise<Json[]> {
  const response = await app.inject({
    url: "/api/game/player-bonuses",
    headers: player.headers as never,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A money bonus definition (made by the root key) of `amount` EUR with `wager`. */
async function cashBonus(wager: string, amount = "25.00"): Promise<string> {
  const slug = uniqueSlug("cash");
  await operatorCreated(app, "/api/operator/bonuses", {
    key: slug,
    slug,
    type: 1,
    kind: "reward",
    name: `Cash ${amount} x${wager}`,
    assignConditions: { amountItems: [{ currency: "EUR", amount }] },
    wagerMultiplier: wager,
  });
  return slug;
}

const grant = (token: string, playerId: string, body: Json) =>
  as(token, "POST", `/api/operator/players/${playerId}/bonuses`, {
    key: uniqueSlug("grant"),
    reason: "Goodwill",
    ...body,
  });

describe("bonus money without wagering (issue 24)", () => {
  it("a promotions-only key cannot grant a zero-wager bonus (403, nothing granted); with payments too it can", async () => {
    const bonus = await cashBonus("0");
    const player = await eurPlayer();
    const promotions = await keyWith(["promotions"]);
    const refused = await grant(promotions, player.id, { bonus });
    expectErrorCode(refused, 403, 403);
    expect(refused.json().error.message).toMatch(/payments/);
    // Nor with an amount of its own, nor in another currency.
    expectErrorCode(await grant(promotions, player.id, { bonus, amount: "1000.00" }), 403, 403);
    expect(await playerBonuses(player)).toEqual([]);

    // The same grant with wagering is the promotions desk's own.
    const wagered = await grant(promotions, player.id, { bonus: await cashBonus("30") });
    expect(wagered.statusCode, wagered.body).toBe(201);

    const both = await keyWith(["promotions", "payments"]);
    const allowed = await grant(both, player.id, { bonus });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await playerBonuses(player)).map((b) => b.amount).sort()).toEqual(["25.00", "25.00"]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a promotions-only key cannot create or switch a money bonus to zero wagering (bonus codes would hand it out)", async () => {
    const promotions = await keyWith(["promotions"]);
    const slug = uniqueSlug("nowager");
    const body = {
      key: slug,
      slug,
      type: 1,
      kind: "reward",
      name: "No wagering",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "10.00" }] },
    };
    // No multiplier given is 0: refused as well.
    expectErrorCode(await as(promotions, "POST", "/api/operator/bonuses", body), 403, 403);
    expectErrorCode(
      await as(promotions, "POST", "/api/operator/bonuses", { ...body, wagerMultiplier: "0" }),
      403,
      403,
    );
    const created = await as(promotions, "POST", "/api/operator/bonuses", {
      ...body,
      wagerMultiplier: "20",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const patched = await app.inject({
      method: "PATCH",
      url: `/api/operator/bonuses/${id}`,
      headers: { authorization: `Bearer ${promotions}` },
      payload: { wagerMultiplier: "0" },
    });
    expectErrorCode(patched, 403, 403);
    const read = await as(promotions, "GET", `/api/operator/bonuses/${id}`);
    expect(read.json().data.wagerMultiplier).toBe("20");

    // A zero-wager definition (made with payments) may be switched off by promotions alone, not
    // switched on or changed.
    const zero = await cashBonus("0");
    const zeroId = (await as(promotions, "GET", "/api/operator/bonuses"))
      .json()
      .data.find((item: Json) => item.slug === zero).id;
    const patch = (payload: Json) =>
      app.inject({
        method: "PATCH",
        url: `/api/operator/bonuses/${zeroId}`,
        headers: { authorization: `Bearer ${promotions}` },
        payload,
      });
    expect((await patch({ isEnabled: false })).statusCode).toBe(200);
    expectErrorCode(await patch({ isEnabled: true }), 403, 403);
    expectErrorCode(await patch({ name: "Renamed" }), 403, 403);
  });

  it("a tournament with a cash prize (real money to the winner) needs payments too; bonus prizes do not", async () => {
    const promotions = await keyWith(["promotions"]);
    const tournament = (prize: Json) => ({
      identity: uniqueSlug("cup"),
      title: "Cup",
      scoring: "bet_sum",
      currency: "EUR",
      minBet: "0.10",
      games: ["gold-rush"],
      startsAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString(),
      endsAt: new Date(app.clock.now().getTime() + 7_200_000).toISOString(),
      prizes: [{ placeFrom: 1, placeTo: 1, ...prize }],
    });
    const cash = tournament({ type: "cash", amount: "5000.00" });
    expectErrorCode(await as(promotions, "POST", "/api/operator/tournaments", cash), 403, 403);
    const listed = await as(promotions, "GET", "/api/operator/tournaments");
    expect(JSON.stringify(listed.json())).not.toContain(cash.identity);
    const bonusPrize = tournament({
      type: "bonus",
      title: "A bonus",
      reward: { bonus: await cashBonus("30") },
    });
    const created = await as(promotions, "POST", "/api/operator/tournaments", bonusPrize);
    expect(created.statusCode, created.body).toBe(201);
    const both = await keyWith(["promotions", "payments"]);
    const paid = await as(both, "POST", "/api/operator/tournaments", cash);
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it("operator users with promotions need a second factor by default: without one their session has no scopes", async () => {
    const invited = await as(OPERATOR_TEST_TOKEN, "POST", "/api/operator/users", {
      email: `${uniqueSlug("promo")}@example.com`,
      name: "Promo Desk",
      scopes: ["promotions"],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.user).toMatchObject({ secondFactorRequired: true });
  });
});

describe("grants above OPERATOR_GRANT_APPROVAL_ABOVE need a second operator (issue 24)", () => {
  it("a grant of 150.00 EUR waits (202) until another key approves it; the requester cannot; a replay answers the same", async () => {
    const bonus = await cashBonus("30");
    const player = await eurPlayer();
    const alice = await keyWith(["promotions"]);
    const bob = await keyWith(["promotions"]);
    const body = { key: uniqueSlug("big"), bonus, amount: "150.00", reason: "VIP" };

    const asked = await grant(alice, player.id, body);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().data;
    expect(request).toMatchObject({
      playerId: player.id,
      amount: "150.00",
      currency: "EUR",
      status: "pending",
      withoutWagering: false,
    });
    expect(await playerBonuses(player)).toEqual([]);
    // A replay of the key answers the same request; another body under it is refused.
    const again = await grant(alice, player.id, body);
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).toBe(request.id);
    expect((await grant(alice, player.id, { ...body, amount: "170.00" })).statusCode).toBe(422);

    const listed = await as(bob, "GET", "/api/operator/grant-requests?status=pending");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((item: Json) => item.id)).toContain(request.id);

    const approve = (token: string) =>
      as(token, "POST", `/api/operator/grant-requests/${request.id}/approve`, {});
    expectErrorCode(await approve(alice), 403, 403);
    const [first, second] = await Promise.all([approve(bob), approve(OPERATOR_TEST_TOKEN)]);
    const statuses = [first!.statusCode, second!.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const approved = [first!, second!].find((answer) => answer.statusCode === 200)!.json().data;
    expect(approved.request).toMatchObject({ status: "approved" });
    expect(approved.grant.bonus).toMatchObject({ amount: "150.00", currency: "EUR" });
    expect((await playerBonuses(player)).map((b) => b.amount)).toEqual(["150.00"]);

    // The requester's replay now answers the issued grant, once.
    const replay = await grant(alice, player.id, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.bonus.id).toBe(approved.grant.bonus.id);
    expect(await playerBonuses(player)).toHaveLength(1);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a rejected request grants nothing and cannot be approved afterwards; a grant under the threshold is issued at once", async () => {
    const bonus = await cashBonus("30");
    const player = await eurPlayer();
    const alice = await keyWith(["promotions"]);
    const asked = await grant(alice, player.id, { bonus, amount: "500.00" });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().data.id;
    expectErrorCode(
      await as(alice, "POST", `/api/operator/grant-requests/${id}/reject`, {}),
      403,
      403,
    );
    const rejected = await as(
      OPERATOR_TEST_TOKEN,
      "POST",
      `/api/operator/grant-requests/${id}/reject`,
      {
        reason: "Too much",
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      request: { status: "rejected", decidedBy: "root", decisionReason: "Too much" },
      grant: null,
    });
    const late = await as(
      await keyWith(["promotions"]),
      "POST",
      `/api/operator/grant-requests/${id}/approve`,
      {},
    );
    expectErrorCode(late, 409, 409);
    expect(await playerBonuses(player)).toEqual([]);

    const small = await grant(alice, player.id, { bonus, amount: "50.00" });
    expect(small.statusCode, small.body).toBe(201);
    expect((await playerBonuses(player)).map((b) => b.amount)).toEqual(["50.00"]);
  });

  it("a zero-wager grant above the threshold needs payments from its approver too", async () => {
    const bonus = await cashBonus("0");
    const player = await eurPlayer();
    const requester = await keyWith(["promotions", "payments"]);
    const asked = await grant(requester, player.id, { bonus, amount: "300.00" });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().data.withoutWagering).toBe(true);
    const id = asked.json().data.id;
    const promotionsOnly = await keyWith(["promotions"]);
    expectErrorCode(
      await as(promotionsOnly, "POST", `/api/operator/grant-requests/${id}/approve`, {}),
      403,
      403,
    );
    const approved = await as(
      await keyWith(["promotions", "payments"]),
      "POST",
      `/api/operator/grant-requests/${id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await playerBonuses(player)).map((b) => b.amount)).toEqual(["300.00"]);
  });

  it("two sessions of one operator user cannot approve each other's requests; another user can", async () => {
    /** A promotions user with a second factor, signed in twice (two session keys). */
    async function promotionsUser() {
      const login = `${uniqueSlug("desk")}@operator.example`;
      const invited = await as(OPERATOR_TEST_TOKEN, "POST", "/api/operator/users", {
        email: login,
        name: `Desk ${login}`,
        scopes: ["promotions"],
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const url: string = invited.json().data.inviteUrl;
      const password = "correct horse battery";
      const set = await app.inject({
        method: "POST",
        url: "/api/operator/users/password",
        payload: { token: url.slice(url.indexOf("#") + 1), password },
      });
      expect(set.statusCode, set.body).toBe(204);
      const signIn = (code?: string) =>
        app.inject({
          method: "POST",
          url: "/api/operator/sessions",
          payload: { email: login, password, ...(code ? { code } : {}) },
          remoteAddress: `203.0.113.${Math.floor(Math.random() * 200) + 1}`,
        });
      const first = (await signIn()).json().data;
      // Promotions needs the second factor: the first session has no scopes until it is set up.
      expect(first).toMatchObject({ scopes: [], secondFactorSetupRequired: true });
      const { secret } = (await as(first.token, "POST", "/api/operator/me/second-factor")).json()
        .data;
      const totp = new TOTP({ secret, label: login, issuer: "Back office" });
      const code = () => totp.generate({ timestamp: app.clock.now().getTime() });
      const confirmed = await as(first.token, "POST", "/api/operator/me/second-factor/confirm", {
        code: code(),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      app.clock.advance(60);
      const second = (await signIn(code())).json().data;
      expect(second).toMatchObject({ scopes: ["promotions"] });
      return [first.token as string, second.token as string] as const;
    }
    const [morning, evening] = await promotionsUser();
    const bonus = await cashBonus("30");
    const player = await eurPlayer();
    const asked = await grant(morning, player.id, { bonus, amount: "400.00" });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().data.id;
    const approve = (token: string) =>
      as(token, "POST", `/api/operator/grant-requests/${id}/approve`, {});
    expectErrorCode(await approve(evening), 403, 403);
    const [colleague] = await promotionsUser();
    const approved = await approve(colleague);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.request.decidedBy).not.toBe(asked.json().data.requestedBy);
    expect((await playerBonuses(player)).map((b) => b.amount)).toEqual(["400.00"]);
  });
});
