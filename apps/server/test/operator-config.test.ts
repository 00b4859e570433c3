// The operator API for bonuses, bonus codes, bonus game rules and quests (configuration as data,
// migration 0030): the bearer guard, creates a player then sees through the player API, 422
// with error.fields, idempotent replays and disabling. Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { GAME_TEST_ENV } from "./game-helpers";
import { expectErrorBody, expectErrorCode } from "./helpers";
import { fieldsOf } from "./operator-helpers";
import { eurPlayer, sandboxDeposit } from "./payment-helpers";
import {
  createPlayerTestApp,
  freshIp,
  type PlayerTestApp,
  registrationBody,
} from "./player-helpers";

const OPERATOR_TOKEN = randomBytes(24).toString("hex");
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    ...GAME_TEST_ENV,
    SANDBOX_PAYMENTS: "true",
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
  });
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;
const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

const call = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = operator,
) =>
  app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const player = () => eurPlayer(app);
type Player = Awaited<ReturnType<typeof player>>;

const deposit = (p: Player, amount: string, bonusId: number) =>
  sandboxDeposit(app, p, amount, { bonusId: String(bonusId) });

const bonusesOf = async (p: Player) =>
  (await app.inject({ url: "/api/game/player-bonuses", headers: p.headers })).json().data as Json[];

const cashBonus = (overrides: Json = {}) => ({
  slug: unique("op-cash"),
  type: 1,
  kind: "code",
  name: "Operator cash",
  assignConditions: { amountItems: [{ currency: "EUR", amount: "7.50" }] },
  wagerMultiplier: "10",
  expiresInDays: 5,
  ...overrides,
});

describe("the operator's bearer token", () => {
  it("401 without a token or with a wrong one on every operator endpoint, before the body is read", async () => {
    const wrong = { authorization: `Bearer ${"x".repeat(OPERATOR_TOKEN.length)}` };
    for (const [method, url] of [
      ["GET", "/api/operator/bonuses"],
      ["POST", "/api/operator/bonuses"],
      ["PATCH", "/api/operator/bonuses/1"],
      ["PUT", "/api/operator/bonuses/1/game-rules/gold-rush"],
      ["DELETE", "/api/operator/bonuses/1/game-rules/gold-rush"],
      ["GET", "/api/operator/bonus-codes"],
      ["POST", "/api/operator/bonus-codes"],
      ["PATCH", "/api/operator/bonus-codes/1"],
      ["GET", "/api/operator/bonus-packages"],
      ["POST", "/api/operator/bonus-packages"],
      ["PATCH", "/api/operator/bonus-packages/1"],
      ["PUT", "/api/operator/bonus-packages/1/steps"],
      ["GET", "/api/operator/quests"],
      ["POST", "/api/operator/quests"],
      ["PATCH", "/api/operator/quests/1"],
      ["GET", "/api/operator/withdrawals"],
      ["POST", "/api/operator/withdrawals/1/approve"],
      ["POST", "/api/operator/withdrawals/1/reject"],
      ["GET", "/api/operator/documents"],
      ["GET", "/api/operator/documents/1/file"],
      ["POST", "/api/operator/documents/1/review"],
      ["POST", "/api/operator/notifications/broadcasts"],
      ["POST", "/api/operator/tournaments"],
      ["GET", "/api/operator/tournaments"],
      ["PATCH", "/api/operator/tournaments/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/operator/game-providers"],
      ["POST", "/api/operator/game-providers"],
      ["PATCH", "/api/operator/game-providers/1"],
      ["GET", "/api/operator/game-providers/1/wallet-keys"],
      ["POST", "/api/operator/game-providers/1/wallet-keys"],
      ["DELETE", "/api/operator/game-providers/1/wallet-keys/1"],
      ["GET", "/api/operator/games"],
      ["POST", "/api/operator/games"],
      ["PATCH", "/api/operator/games/1"],
      ["GET", "/api/operator/game-collections"],
      ["POST", "/api/operator/game-collections"],
      ["PATCH", "/api/operator/game-collections/1"],
      ["PUT", "/api/operator/game-collections/1/games"],
      ["GET", "/api/operator/loyalty/levels"],
      ["POST", "/api/operator/loyalty/levels"],
      ["PATCH", "/api/operator/loyalty/levels/1"],
      ["GET", "/api/operator/loyalty/earn-rules"],
      ["POST", "/api/operator/loyalty/earn-rules"],
      ["PATCH", "/api/operator/loyalty/earn-rules/1"],
      ["GET", "/api/operator/cashback"],
      ["PUT", "/api/operator/cashback/EUR"],
      ["GET", "/api/operator/currencies"],
      ["PATCH", "/api/operator/currencies/EUR"],
      ["GET", "/api/operator/payment-methods"],
      ["PATCH", "/api/operator/payment-methods/1"],
      ["PUT", "/api/operator/payment-methods/1/currencies/EUR"],
      ["GET", "/api/operator/api-keys"],
      ["POST", "/api/operator/api-keys"],
      ["DELETE", "/api/operator/api-keys/1"],
      ["GET", "/api/operator/changes"],
      ["GET", "/api/operator/countries"],
      ["PATCH", "/api/operator/countries/DE"],
      ["GET", "/api/operator/players"],
      ["GET", "/api/operator/players/00000000-0000-4000-8000-000000000000"],
      ["PATCH", "/api/operator/players/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/operator/players/00000000-0000-4000-8000-000000000000/transactions"],
      ["POST", "/api/operator/players/00000000-0000-4000-8000-000000000000/adjustments"],
      ["POST", "/api/operator/players/00000000-0000-4000-8000-000000000000/sign-out"],
    ] as const) {
      expectErrorCode(await call(method, url, undefined, {}), 401, 401);
      expectErrorCode(await call(method, url, undefined, wrong), 401, 401);
      // A stranger learns nothing of the contract: no 422 listing the fields.
      if (method !== "GET" && method !== "DELETE") {
        expectErrorCode(await call(method, url, { nonsense: true }, wrong), 401, 401);
      }
    }
  });

  it("404 when OPERATOR_API_TOKEN is unset: the operator API and the back office are off", async () => {
    const off = await createPlayerTestApp({ ...GAME_TEST_ENV });
    try {
      for (const url of [
        "/api/operator/bonuses",
        "/api/operator/bonus-codes",
        "/api/operator/bonus-packages",
        "/api/operator/quests",
        "/api/operator/game-providers",
        "/api/operator/games",
        "/api/operator/game-collections",
        "/api/operator/loyalty/levels",
        "/api/operator/loyalty/earn-rules",
        "/api/operator/cashback",
        "/api/operator/currencies",
        "/api/operator/payment-methods",
        "/api/operator/api-keys",
        "/api/operator/changes",
        "/api/operator/players",
        "/api/operator/me",
        "/api/operator/users",
        "/api/operator/locales",
        "/api/operator/content/en/groups/alerts",
        "/backoffice",
        "/backoffice/players",
      ]) {
        const response = await off.inject({ url, headers: operator });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

describe("the back office page", () => {
  it("has a stricter Content-Security-Policy than the site: no inline scripts, only its own origin, never framed", async () => {
    for (const url of ["/backoffice", "/backoffice/players/1"]) {
      const response = await app.inject({ url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(response.headers["x-frame-options"]).toBe("DENY");
    }
    // The player site keeps its own policy.
    const site = await app.inject({ url: "/api/settings/currencies" });
    expect(String(site.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
  });
});

describe("the OpenAPI document", () => {
  it("lists every operator configuration route with its contract", async () => {
    const response = await app.inject({ url: "/api/docs/json" });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const paths = Object.keys(response.json().paths as Json);
    for (const path of [
      "/api/operator/bonuses",
      "/api/operator/bonuses/{id}",
      "/api/operator/bonuses/{id}/game-rules/{game}",
      "/api/operator/bonus-codes",
      "/api/operator/bonus-codes/{id}",
      "/api/operator/bonus-packages",
      "/api/operator/bonus-packages/{id}",
      "/api/operator/bonus-packages/{id}/steps",
      "/api/operator/quests",
      "/api/operator/quests/{id}",
      "/api/operator/game-providers",
      "/api/operator/game-providers/{id}",
      "/api/operator/game-providers/{id}/wallet-keys",
      "/api/operator/game-providers/{id}/wallet-keys/{keyId}",
      "/api/operator/games",
      "/api/operator/games/{id}",
      "/api/operator/game-collections",
      "/api/operator/game-collections/{id}",
      "/api/operator/game-collections/{id}/games",
      "/api/operator/loyalty/levels",
      "/api/operator/loyalty/levels/{id}",
      "/api/operator/loyalty/earn-rules",
      "/api/operator/loyalty/earn-rules/{id}",
      "/api/operator/cashback",
      "/api/operator/cashback/{currency}",
      "/api/operator/currencies",
      "/api/operator/currencies/{code}",
      "/api/operator/payment-methods",
      "/api/operator/payment-methods/{id}",
      "/api/operator/payment-methods/{id}/currencies/{currency}",
      "/api/operator/api-keys",
      "/api/operator/api-keys/{id}",
      "/api/operator/changes",
      "/api/operator/countries",
      "/api/operator/countries/{code}",
      "/api/operator/tournaments",
      "/api/operator/tournaments/{id}",
      "/api/operator/players",
      "/api/operator/players/{id}",
      "/api/operator/players/{id}/transactions",
      "/api/operator/players/{id}/adjustments",
      "/api/operator/players/{id}/sign-out",
      "/api/operator/players/{id}/bonuses",
      "/api/operator/players/{id}/bonuses/{bonusId}/cancel",
      "/api/operator/players/{id}/limits",
      "/api/operator/me",
      "/api/operator/users",
      "/api/operator/users/{id}",
      "/api/operator/users/{id}/invite",
      "/api/operator/users/password",
      "/api/operator/sessions",
      "/api/operator/sessions/current",
      "/api/operator/me/second-factor",
      "/api/operator/me/second-factor/confirm",
      "/api/operator/locales",
      "/api/operator/locales/{code}",
      "/api/operator/content/{locale}/groups/{group}",
      "/api/operator/content/{locale}/pages/{kind}",
      "/api/operator/content/{locale}/pages/{kind}/{identity}",
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe("bonuses", () => {
  it("BE-29 API-57 lists the seeded bonuses with their conditions and game rules", async () => {
    const response = await call("GET", "/api/operator/bonuses");
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data as Json[];
    const welcome = list.find((bonus) => bonus.slug === "welcome-1");
    expect(welcome).toMatchObject({
      type: 2,
      kind: "deposit",
      packagePosition: 1,
      assignConditions: { depositPercentage: "100", baseCurrencyMaxAmount: "200" },
      triggerConditions: { invoiceAmountItems: [{ currency: "EUR", amountFrom: "10" }] },
      wagerMultiplier: "35",
      isEnabled: true,
    });
    expect(welcome!.gameRules).toContainEqual(
      expect.objectContaining({
        game: "european-roulette",
        contribution: "10",
        isRestricted: false,
      }),
    );
  });

  it("every seeded bonus passes the operator's checks: an empty change keeps it as it was", async () => {
    const list = (await call("GET", "/api/operator/bonuses")).json().data as Json[];
    for (const bonus of list.filter((item) => !item.slug.startsWith("op-"))) {
      const response = await call("PATCH", `/api/operator/bonuses/${bonus.id}`, {});
      expect(response.statusCode, `${bonus.slug}: ${response.body}`).toBe(200);
      const { updatedAt, ...after } = response.json().data as Json;
      expect(updatedAt).toBe(app.clock.now().toISOString());
      expect(after.wagerMultiplier).toBe(bonus.wagerMultiplier);
      expect(after.gameRules).toEqual(bonus.gameRules);
      expect(after.isEnabled).toBe(bonus.isEnabled);
    }
  });

  it("BE-29 API-57 a created deposit bonus is offered at deposit and issued by one; switched off, it is no longer offered", async () => {
    const created = await call("POST", "/api/operator/bonuses", {
      slug: unique("op-deposit"),
      type: 2,
      name: "Operator reload 40%",
      assignConditions: {
        depositPercentage: "40",
        maxAmountItems: [{ currency: "EUR", amount: "30" }],
      },
      triggerConditions: {
        invoiceAmountItems: [{ currency: "EUR", amountFrom: "15", amountTo: "1000" }],
      },
      wagerMultiplier: "20",
      maxBet: { items: [{ currency: "EUR", amount: "4" }] },
      position: -100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const bonus = created.json().data as Json;
    expect(bonus).toMatchObject({
      type: 2,
      kind: "deposit",
      isEnabled: true,
      // Amounts are stored in the currency's own precision.
      assignConditions: { maxAmountItems: [{ currency: "EUR", amount: "30.00" }] },
      triggerConditions: {
        invoiceAmountItems: [{ currency: "EUR", amountFrom: "15.00", amountTo: "1000.00" }],
      },
    });
    expect(bonus.updatedAt).toBe(app.clock.now().toISOString());

    const p = await player();
    const offered = await app.inject({
      url: "/api/game/bonuses?currency=EUR&amount=50",
      headers: p.headers,
    });
    const mine = (offered.json().data as Json[]).find((item) => item.id === bonus.id);
    expect(mine).toMatchObject({
      name: "Operator reload 40%",
      minDeposit: "15.00",
      maxBetAmount: "4.00",
    });

    await deposit(p, "50.00", bonus.id);
    const issued = (await bonusesOf(p)).find((item) => item.bonusId === bonus.id);
    expect(issued).toMatchObject({ amount: "20.00", wagerTotal: "400.00" });

    // Switched off: gone from the offer; the issued bonus stays as it was.
    const off = await call("PATCH", `/api/operator/bonuses/${bonus.id}`, { isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.isEnabled).toBe(false);
    const other = await player();
    const after = await app.inject({
      url: "/api/game/bonuses?currency=EUR&amount=50",
      headers: other.headers,
    });
    expect((after.json().data as Json[]).map((item) => item.id)).not.toContain(bonus.id);
    expect((await bonusesOf(p)).find((item) => item.bonusId === bonus.id)).toMatchObject({
      amount: "20.00",
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a change applies to bonuses issued from then on; issued ones keep what they copied", async () => {
    const created = (await call("POST", "/api/operator/bonuses", cashBonus())).json().data as Json;
    const code = unique("OPCHG").toUpperCase();
    expect(
      (await call("POST", "/api/operator/bonus-codes", { code, bonusId: created.id, trigger: 1 }))
        .statusCode,
    ).toBe(201);
    const first = await player();
    await applyCode(first, code);
    const changed = await call("PATCH", `/api/operator/bonuses/${created.id}`, {
      assignConditions: { amountItems: [{ currency: "EUR", amount: "9" }] },
      wagerMultiplier: "2",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      wagerMultiplier: "2",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "9.00" }] },
      name: "Operator cash",
    });
    const second = await player();
    await applyCode(second, code);
    const of = async (p: Player) =>
      (await bonusesOf(p)).find((item) => item.bonusId === created.id);
    expect(await of(first)).toMatchObject({ amount: "7.50", wagerTotal: "75.00" });
    expect(await of(second)).toMatchObject({ amount: "9.00", wagerTotal: "18.00" });
    // The audit trail: what each write asked for, in order.
    const trail = await app.testDb.query<{ action: string; changes: unknown }>(
      "SELECT action, changes FROM operator_changes WHERE kind = 'bonus' AND entity_id = $1 ORDER BY id",
      [String(created.id)],
    );
    expect(
      trail.map((row) => [
        row.action,
        typeof row.changes === "string" ? JSON.parse(row.changes) : row.changes,
      ]),
    ).toMatchObject([
      ["create", { slug: created.slug, wagerMultiplier: "10" }],
      ["update", { wagerMultiplier: "2" }],
    ]);
  });

  it("422 with error.fields for bad definitions; 404 for an unknown id", async () => {
    const bad = await call("POST", "/api/operator/bonuses", {
      slug: "welcome-1",
      type: 3,
      name: "Broken",
      assignConditions: {
        amountItems: [
          { currency: "XXX", amount: "5" },
          { currency: "EUR", amount: "1.234" },
        ],
      },
      triggerConditions: {
        invoiceAmountItems: [{ currency: "EUR", amountFrom: "50", amountTo: "10" }],
      },
      defaultContribution: "150",
      freespinGame: "no-such-game",
      freespinWinningsBonusId: 999999,
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(expectErrorBody(bad.json()).error.fields ?? {}).sort()).toEqual([
      "assignConditions.amountItems.0.currency",
      "assignConditions.amountItems.1.amount",
      "assignConditions.presets.quantity",
      "defaultContribution",
      "freespinBet",
      "freespinGame",
      "freespinWinningsBonusId",
      "slug",
      "triggerConditions.invoiceAmountItems.0.amountTo",
    ]);
    // The contract's own checks answer the same way.
    const shape = await call("POST", "/api/operator/bonuses", { ...cashBonus(), type: 7 });
    expect(shape.statusCode).toBe(422);
    expect(expectErrorBody(shape.json()).error.fields).toHaveProperty("type");
    const cash = await call("POST", "/api/operator/bonuses", cashBonus({ assignConditions: {} }));
    expect(Object.keys(expectErrorBody(cash.json()).error.fields ?? {})).toEqual([
      "assignConditions.amountItems",
    ]);

    expectErrorCode(await call("PATCH", "/api/operator/bonuses/999999", { name: "x" }), 404, 404);
    const patch = await call("PATCH", "/api/operator/bonuses/1", {
      maxBet: { items: [{ currency: "BTC", amount: "0.000000001" }] },
    });
    expect(patch.statusCode, patch.body).toBe(422);
    expect(Object.keys(expectErrorBody(patch.json()).error.fields ?? {})).toEqual([
      "maxBet.items.0.amount",
    ]);
  });

  it("a replay of a create with the same key answers the first result and writes nothing; the key with another body is a 422", async () => {
    const key = unique("key");
    const body = { ...cashBonus(), key };
    const first = await call("POST", "/api/operator/bonuses", body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call("POST", "/api/operator/bonuses", body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const other = await call("POST", "/api/operator/bonuses", { ...body, slug: unique("other") });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.fields).toEqual({ key: ["This key was used for another request"] });
    const concurrentBody = { ...cashBonus(), key: `${key}-c` };
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => call("POST", "/api/operator/bonuses", concurrentBody)),
    );
    expect(concurrent.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(concurrent.map((response) => response.json().data.id)).size).toBe(1);
  });
});

describe("concurrent creates", () => {
  it("the same slug or code created at once: one 201, the others 422 naming the field, never a 500", async () => {
    const slug = unique("op-race");
    const bonuses = await Promise.all(
      [1, 2, 3].map(() => call("POST", "/api/operator/bonuses", cashBonus({ slug }))),
    );
    expect(bonuses.map((response) => response.statusCode).sort()).toEqual([201, 422, 422]);
    for (const refused of bonuses.filter((response) => response.statusCode === 422)) {
      expect(expectErrorBody(refused.json()).error.fields).toHaveProperty("slug");
    }
    const bonusId = bonuses.find((response) => response.statusCode === 201)!.json().data.id;
    const code = unique("RACE").toUpperCase();
    const codes = await Promise.all(
      [1, 2, 3].map(() => call("POST", "/api/operator/bonus-codes", { code, bonusId, trigger: 1 })),
    );
    expect(codes.map((response) => response.statusCode).sort()).toEqual([201, 422, 422]);
    for (const refused of codes.filter((response) => response.statusCode === 422)) {
      expect(expectErrorBody(refused.json()).error.fields).toHaveProperty("code");
    }
  });
});

describe("bonus game rules", () => {
  it("put and delete a game's contribution and restriction; unknown games 422, unknown bonuses 404", async () => {
    const bonus = (await call("POST", "/api/operator/bonuses", cashBonus())).json().data as Json;
    const url = `/api/operator/bonuses/${bonus.id}/game-rules/gold-rush`;
    const put = await call("PUT", url, { contribution: "25.5", isRestricted: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.gameRules).toEqual([
      expect.objectContaining({ game: "gold-rush", contribution: "25.5", isRestricted: true }),
    ]);
    const changed = await call("PUT", url, { contribution: "50" });
    expect(changed.json().data.gameRules).toEqual([
      expect.objectContaining({ game: "gold-rush", contribution: "50", isRestricted: false }),
    ]);
    const deleted = await call("DELETE", url);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.gameRules).toEqual([]);
    expectErrorCode(await call("DELETE", url), 404, 404);

    const unknownGame = await call(
      "PUT",
      `/api/operator/bonuses/${bonus.id}/game-rules/no-such-game`,
      { contribution: "10" },
    );
    expect(unknownGame.statusCode).toBe(422);
    expect(expectErrorBody(unknownGame.json()).error.fields).toHaveProperty("game");
    const tooMuch = await call("PUT", url, { contribution: "101" });
    expect(tooMuch.statusCode).toBe(422);
    expect(expectErrorBody(tooMuch.json()).error.fields).toHaveProperty("contribution");
    expectErrorCode(
      await call("PUT", "/api/operator/bonuses/999999/game-rules/gold-rush", { contribution: "1" }),
      404,
      404,
    );
  });
});

async function applyCode(p: Player, bonusCode: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/game/bonuses/bonuscodes",
    headers: p.headers,
    payload: { bonusCode, trigger: 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Json;
}

describe("bonus codes", () => {
  it("BE-30 BN-10 a created code is applied by a player and issues its bonus; disabled, it is refused with status 4", async () => {
    const bonus = (await call("POST", "/api/operator/bonuses", cashBonus())).json().data as Json;
    const code = unique("opcode");
    const created = await call("POST", "/api/operator/bonus-codes", {
      code,
      bonusId: bonus.id,
      trigger: 1,
      maxUses: 10,
      endsAt: new Date(app.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json().data as Json;
    expect(view).toMatchObject({
      code: code.toUpperCase(),
      bonusId: bonus.id,
      bonusSlug: bonus.slug,
      trigger: 1,
      maxUses: 10,
      uses: 0,
      isEnabled: true,
    });

    const p = await player();
    expect(await applyCode(p, code)).toMatchObject({ status: 2, bonusCode: code.toUpperCase() });
    expect((await bonusesOf(p)).find((item) => item.bonusId === bonus.id)).toMatchObject({
      amount: "7.50",
    });
    const listed = (await call("GET", "/api/operator/bonus-codes")).json().data as Json[];
    expect(listed.find((item) => item.id === view.id)).toMatchObject({ uses: 1 });

    const disabled = await call("PATCH", `/api/operator/bonus-codes/${view.id}`, {
      isEnabled: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ isEnabled: false, uses: 1 });
    const late = await player();
    expect(await applyCode(late, code)).toMatchObject({ status: 4 });
    expect((await bonusesOf(late)).some((item) => item.bonusId === bonus.id)).toBe(false);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-30 DP-19 a created trigger-3 code is stored by the player and applied at the next deposit", async () => {
    const bonus = (
      await call(
        "POST",
        "/api/operator/bonuses",
        cashBonus({
          type: 2,
          assignConditions: { depositPercentage: "25", baseCurrencyMaxAmount: "50" },
          triggerConditions: { baseCurrencyInvoiceAmountFrom: "10" },
        }),
      )
    ).json().data as Json;
    const code = unique("NEXTDEP").toUpperCase();
    const created = await call("POST", "/api/operator/bonus-codes", {
      code,
      bonusId: bonus.id,
      trigger: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = await player();
    const stored = await app.inject({
      method: "POST",
      url: "/api/game/bonuses/bonuscodes",
      headers: p.headers,
      payload: { bonusCode: code, trigger: 3 },
    });
    expect(stored.json().data).toMatchObject({ status: 1, trigger: 3 });
    // No deposit bonus picked: the stored code applies (25 % of 80.00).
    await sandboxDeposit(app, p, "80.00", { isBonusDecline: true });
    expect((await bonusesOf(p)).find((item) => item.bonusId === bonus.id)).toMatchObject({
      amount: "20.00",
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a free-spins bonus needs its game, count and stake; created, it lists them", async () => {
    const spins = await call(
      "POST",
      "/api/operator/bonuses",
      cashBonus({
        type: 3,
        kind: "deposit",
        assignConditions: { presets: { quantity: 20 } },
        freespinGame: "fruit-lines",
        freespinBet: { items: [{ currency: "EUR", amount: "0.1" }], baseCurrencyAmount: "0.1" },
        freespinWinningsBonusId: null,
      }),
    );
    expect(spins.statusCode, spins.body).toBe(201);
    expect(spins.json().data).toMatchObject({
      type: 3,
      freespinGame: "fruit-lines",
      assignConditions: { presets: { quantity: 20 } },
      freespinBet: { items: [{ currency: "EUR", amount: "0.10" }], baseCurrencyAmount: "0.10" },
    });
  });

  it("BE-30 a code of a switched-off bonus is not available either", async () => {
    const bonus = (await call("POST", "/api/operator/bonuses", cashBonus())).json().data as Json;
    const code = unique("OFFBONUS").toUpperCase();
    await call("POST", "/api/operator/bonus-codes", { code, bonusId: bonus.id, trigger: 1 });
    await call("PATCH", `/api/operator/bonuses/${bonus.id}`, { isEnabled: false });
    expect(await applyCode(await player(), code)).toMatchObject({ status: 4 });
  });

  it("422 for unknown bonuses, taken codes and bad windows; 404 for an unknown id; replays by key", async () => {
    const bad = await call("POST", "/api/operator/bonus-codes", {
      code: "welcome5",
      bonusId: 999999,
      trigger: 1,
      startsAt: "2026-12-01T00:00:00Z",
      endsAt: "2026-11-01T00:00:00Z",
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(expectErrorBody(bad.json()).error.fields ?? {}).sort()).toEqual([
      "bonusId",
      "code",
      "endsAt",
    ]);
    const shape = await call("POST", "/api/operator/bonus-codes", {
      code: "no spaces",
      bonusId: 1,
      trigger: 2,
    });
    expect(Object.keys(expectErrorBody(shape.json()).error.fields ?? {}).sort()).toEqual([
      "code",
      "trigger",
    ]);
    expectErrorCode(
      await call("PATCH", "/api/operator/bonus-codes/999999", { isEnabled: false }),
      404,
      404,
    );

    const bonus = (await call("POST", "/api/operator/bonuses", cashBonus())).json().data as Json;
    const body = { key: unique("code-key"), code: unique("REPLAY"), bonusId: bonus.id, trigger: 3 };
    const first = await call("POST", "/api/operator/bonus-codes", body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call("POST", "/api/operator/bonus-codes", body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
  });
});

describe("quests", () => {
  const questBody = (overrides: Json = {}) => ({
    slug: unique("op-quest"),
    name: "Operator quest",
    description: "Wager 20.00 and place 3 bets.",
    currency: "EUR",
    durationSeconds: 86_400,
    tasks: [
      { name: "Wager 20.00", type: "betAmount", quantity: "20", games: ["gold-rush"] },
      { name: "Place 3 bets", type: "betCount", quantity: "3", minBet: "0.5" },
    ],
    rewards: [
      { type: "points", name: "25 points", points: 25 },
      { type: "bonus", name: "10.00 bonus", bonus: "cash-10" },
    ],
    ...overrides,
  });

  it("BE-37 QS-01 a created quest shows in the player's quest list with its tasks and rewards", async () => {
    const created = await call("POST", "/api/operator/quests", questBody());
    expect(created.statusCode, created.body).toBe(201);
    const quest = created.json().data as Json;
    expect(quest).toMatchObject({
      currency: "EUR",
      isEnabled: true,
      runs: 0,
      tasks: [
        { type: "betAmount", quantity: "20.00", minBet: "0.00", games: ["gold-rush"] },
        { type: "betCount", quantity: "3", minBet: "0.50" },
      ],
      rewards: [
        { type: "points", points: 25, bonus: null },
        { type: "bonus", bonus: "cash-10", points: null },
      ],
    });
    // Stored as the quests module reads it: minor units.
    const [task] = await app.testDb.query<{ quantity: string }>(
      "SELECT quantity::text AS quantity FROM quest_tasks WHERE quest_id = $1 ORDER BY position LIMIT 1",
      [quest.id],
    );
    expect(task!.quantity).toBe("2000");

    const p = await player();
    const listed = await app.inject({
      url: "/api/retention/quests?currency=EUR",
      headers: p.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const seen = (listed.json().data as Json[]).find((item) => item.id === quest.id);
    expect(seen).toMatchObject({ name: "Operator quest", state: 1, durationSeconds: 86_400 });
    expect(seen!.tasks).toHaveLength(2);
    expect(seen!.rewards).toHaveLength(2);

    // Changed and then switched off: the player sees the change, then no longer the quest.
    const renamed = await call("PATCH", `/api/operator/quests/${quest.id}`, { name: "Renamed" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = await app.inject({ url: "/api/retention/quests", headers: p.headers });
    expect((again.json().data as Json[]).find((item) => item.id === quest.id)?.name).toBe(
      "Renamed",
    );
    await call("PATCH", `/api/operator/quests/${quest.id}`, { isEnabled: false });
    const hidden = await app.inject({ url: "/api/retention/quests", headers: p.headers });
    expect((hidden.json().data as Json[]).map((item) => item.id)).not.toContain(quest.id);
    const all = (await call("GET", "/api/operator/quests")).json().data as Json[];
    expect(all.find((item) => item.id === quest.id)).toMatchObject({ isEnabled: false });
  });

  it("every seeded quest passes the operator's checks: an empty change keeps it as it was", async () => {
    const list = (await call("GET", "/api/operator/quests")).json().data as Json[];
    expect(list.find((quest) => quest.slug === "warm-up")).toMatchObject({
      tasks: [
        { type: "betCount", quantity: "5", minBet: "0.10" },
        { type: "winAmount", quantity: "5.00" },
      ],
      rewards: [{ type: "points", points: 50 }],
    });
    for (const quest of list) {
      const response = await call("PATCH", `/api/operator/quests/${quest.id}`, {});
      expect(response.statusCode, `${quest.slug}: ${response.body}`).toBe(200);
      const { updatedAt: _before, ...before } = quest;
      const { updatedAt, ...after } = response.json().data as Json;
      expect(after).toEqual(before);
      expect(updatedAt).toBe(app.clock.now().toISOString());
    }
  });

  it("tasks and rewards change before anyone started the quest; after, 409", async () => {
    const quest = (await call("POST", "/api/operator/quests", questBody())).json().data as Json;
    const replaced = await call("PATCH", `/api/operator/quests/${quest.id}`, {
      tasks: [{ name: "Deposit 10.00", type: "deposit", quantity: "10" }],
      rewards: [],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({
      tasks: [{ type: "deposit", quantity: "10.00" }],
      rewards: [],
    });
    const p = await player();
    const activated = await app.inject({
      method: "PUT",
      url: `/api/retention/quests/${quest.id}/activate`,
      headers: p.headers,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const refused = await call("PATCH", `/api/operator/quests/${quest.id}`, {
      tasks: [{ name: "Deposit 5.00", type: "deposit", quantity: "5" }],
    });
    expectErrorCode(refused, 409, 17001);
    // Other fields still change.
    const later = await call("PATCH", `/api/operator/quests/${quest.id}`, { position: 5 });
    expect(later.json().data).toMatchObject({ position: 5, runs: 1 });
  });

  it("422 with error.fields for bad quests; 404 for an unknown id; replays by key", async () => {
    const bad = await call(
      "POST",
      "/api/operator/quests",
      questBody({
        slug: "warm-up",
        currency: "XXX",
        availableFrom: "2026-12-01T00:00:00Z",
        availableUntil: "2026-11-01T00:00:00Z",
        tasks: [
          { name: "Count", type: "betCount", quantity: "2.5", games: ["no-such-game"] },
          { name: "Zero", type: "winAmount", quantity: "0", providers: ["nobody"] },
        ],
        rewards: [
          { type: "points", name: "No points" },
          { type: "bonus", name: "Unknown", bonus: "no-such-bonus" },
          { type: "freespins", name: "Not spins", bonus: "cash-10" },
        ],
      }),
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(expectErrorBody(bad.json()).error.fields ?? {}).sort()).toEqual([
      "availableUntil",
      "currency",
      "rewards.0.points",
      "rewards.1.bonus",
      "rewards.2.bonus",
      "slug",
      "tasks.0.games",
      "tasks.0.quantity",
      "tasks.1.providers",
      "tasks.1.quantity",
    ]);
    const cents = await call(
      "POST",
      "/api/operator/quests",
      questBody({ tasks: [{ name: "Wager", type: "betAmount", quantity: "1.001" }] }),
    );
    expect(Object.keys(expectErrorBody(cents.json()).error.fields ?? {})).toEqual([
      "tasks.0.quantity",
    ]);
    const shape = await call("POST", "/api/operator/quests", questBody({ tasks: [] }));
    expect(expectErrorBody(shape.json()).error.fields).toHaveProperty("tasks");
    expectErrorCode(await call("PATCH", "/api/operator/quests/999999", { name: "x" }), 404, 404);

    const body = questBody({ key: unique("quest-key") });
    const first = await call("POST", "/api/operator/quests", body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call("POST", "/api/operator/quests", body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const other = await call("POST", "/api/operator/quests", { ...body, slug: unique("other") });
    expect(fieldsOf(other)).toEqual({ key: ["This key was used for another request"] });
  });
});

describe("currencies", () => {
  it("API-01 a changed rate shows in the settings and converts the next base-currency bonus; the base stays at 1", async () => {
    const listed = await call("GET", "/api/operator/currencies");
    expect(listed.statusCode, listed.body).toBe(200);
    const eur = (listed.json().data as Json[]).find((item) => item.code === "EUR")!;
    expect(eur).toMatchObject({ rate: "1.08", isBase: false, subunitToUnit: "100" });
    const usd = (listed.json().data as Json[]).find((item) => item.isBase)!;

    const bonus = (
      await call(
        "POST",
        "/api/operator/bonuses",
        cashBonus({ assignConditions: { baseCurrencyAmount: "10" } }),
      )
    ).json().data as Json;
    const code = unique("ratecode");
    await call("POST", "/api/operator/bonus-codes", { code, bonusId: bonus.id, trigger: 1 });
    const amountFor = async () => {
      const p = await player();
      await applyCode(p, code);
      return (await bonusesOf(p)).find((item) => item.bonusId === bonus.id)?.amount;
    };
    // 10 USD at 1.08 USD per EUR, rounded down.
    expect(await amountFor()).toBe("9.25");
    try {
      const changed = await call("PATCH", "/api/operator/currencies/EUR", {
        rate: "0.8",
        symbol: "EUR",
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ rate: "0.8", symbol: "EUR" });
      const settings = await app.inject({ url: "/api/settings/currencies" });
      expect((settings.json().data as Json[]).find((item) => item.code === "EUR")).toMatchObject({
        rate: { rate: "0.8" },
        symbol: "EUR",
      });
      expect(await amountFor()).toBe("12.50");
    } finally {
      await call("PATCH", "/api/operator/currencies/EUR", { rate: "1.08", symbol: "€" });
    }

    const base = await call("PATCH", `/api/operator/currencies/${usd.code}`, { rate: "2" });
    expect(base.statusCode, base.body).toBe(422);
    expect(base.json().error.fields).toEqual({ rate: ["The base currency's rate is 1"] });
    for (const rate of ["0", "-1", "1e3", "abc"]) {
      const bad = await call("PATCH", "/api/operator/currencies/EUR", { rate });
      expect(bad.statusCode, rate).toBe(422);
    }
    const unknown = await call("PATCH", "/api/operator/currencies/XYZ", { position: 1 });
    expectErrorCode(unknown, 404, 404);
    const audit = await app.testDb.query(
      "SELECT 1 FROM operator_changes WHERE kind = 'currency' AND entity_id = 'EUR'",
    );
    expect(audit).toHaveLength(2);
  });
});

describe("countries", () => {
  it("BE-13 a country restricted with type 2 refuses sign-up and sign-in from it at once; lifted, it lets them in", async () => {
    const signUp = () =>
      app.inject({
        method: "POST",
        url: "/api/player/register",
        payload: registrationBody(),
        headers: { "x-test-country": "AT" },
        remoteAddress: freshIp(),
      });
    const listed = await call("GET", "/api/operator/countries");
    expect((listed.json().data as Json[]).find((item) => item.code === "AT")).toMatchObject({
      name: "Austria",
      restrict: false,
      restrictType: null,
      currency: "EUR",
    });
    expect((await signUp()).statusCode).toBe(201);
    try {
      const restricted = await call("PATCH", "/api/operator/countries/AT", {
        restrict: true,
        restrictType: 2,
      });
      expect(restricted.statusCode, restricted.body).toBe(200);
      expect(restricted.json().data).toMatchObject({ restrict: true, restrictType: 2 });
      expectErrorCode(await signUp(), 403, 11010);
      const init = await app.inject({
        url: "/api/player/init",
        headers: { "x-test-country": "AT" },
      });
      expect(init.json().countryRestriction).toEqual({ restrict: true, restrictType: 2 });
    } finally {
      // Lifting the restriction lifts its type.
      const lifted = await call("PATCH", "/api/operator/countries/AT", { restrict: false });
      expect(lifted.json().data).toMatchObject({ restrict: false, restrictType: null });
    }
    expect((await signUp()).statusCode).toBe(201);

    const bad = await call("PATCH", "/api/operator/countries/AT", {
      restrictType: 1,
      currency: "XYZ",
      locale: "xx",
    });
    expect(bad.json().error?.fields).toEqual({
      restrictType: ["Only a restricted country has a restriction type"],
      currency: ["Unknown or switched-off currency"],
      locale: ["Unknown locale"],
    });
    expectErrorCode(
      await call("PATCH", "/api/operator/countries/ZZ", { isListed: false }),
      404,
      404,
    );
    const audit = await app.testDb.query(
      "SELECT 1 FROM operator_changes WHERE kind = 'country' AND entity_id = 'AT'",
    );
    expect(audit).toHaveLength(2);
  });
});

describe("payment methods", () => {
  const methods = async (query: string, country = "DE") => {
    const viewer = await player();
    const response = await app.inject({
      url: `/api/payment/methods/deposit?${query}`,
      headers: { ...viewer.headers, "x-test-country": country },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Json[];
  };
  const bankTransfer = async () =>
    ((await call("GET", "/api/operator/payment-methods")).json().data as Json[]).find(
      (method) => method.method === "sandbox-bank-transfer" && method.direction === "deposit",
    )!;

  it("BE-22 DP-01 a method's limits and presets change for the next deposit; switched off or out of a country, it is not offered", async () => {
    const method = await bankTransfer();
    expect(method.currencies.find((item: Json) => item.currency === "EUR")).toBeDefined();
    expect(method.fields).toEqual(expect.any(Array));

    const put = await call("PUT", `/api/operator/payment-methods/${method.id}/currencies/EUR`, {
      amountMin: "25",
      amountMax: "300",
      presets: [{ amount: "25" }, { amount: "75", default: true }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.currencies.find((item: Json) => item.currency === "EUR")).toEqual({
      currency: "EUR",
      amountMin: "25.00",
      amountMax: "300.00",
      presets: [
        { amount: "25.00", default: false },
        { amount: "75.00", default: true },
      ],
    });
    expect((await methods("currency=EUR")).find((m) => m.method === method.method)).toMatchObject({
      amountMin: "25.00",
      amountMax: "300.00",
    });
    const p = await player();
    const invoice = (amount: string) =>
      app.inject({
        method: "POST",
        url: "/api/payment/invoices/deposit",
        headers: p.headers,
        payload: { method: method.method, currency: "EUR", amount, accountId: p.account.id },
      });
    const small = await invoice("20.00");
    expect(small.statusCode, small.body).toBe(422);
    const inRange = await invoice("30.00");
    expect(inRange.statusCode, inRange.body).toBe(201);

    const hidden = await call("PATCH", `/api/operator/payment-methods/${method.id}`, {
      excludedCountries: ["DE"],
      title: "Bank transfer (SEPA)",
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await methods("currency=EUR", "DE")).map((m) => m.method)).not.toContain(method.method);
    expect(
      (await methods("currency=EUR", "FR")).find((m) => m.method === method.method)?.title,
    ).toBe("Bank transfer (SEPA)");
    await call("PATCH", `/api/operator/payment-methods/${method.id}`, { isEnabled: false });
    expect((await methods("currency=EUR", "FR")).map((m) => m.method)).not.toContain(method.method);
    // Back as seeded for the tests after this one.
    await call("PATCH", `/api/operator/payment-methods/${method.id}`, {
      excludedCountries: [],
      isEnabled: true,
    });
  });

  it("422 for limits the wrong way, presets outside them, two defaults, unknown countries and a coin for an address method; 404 for an unknown currency", async () => {
    const method = await bankTransfer();
    const bad = await call("PUT", `/api/operator/payment-methods/${method.id}/currencies/EUR`, {
      amountMin: "50",
      amountMax: "10",
      presets: [
        { amount: "5", default: true },
        { amount: "0.001", default: true },
      ],
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "amountMax",
      "presets",
      "presets.0.amount",
      "presets.1.amount",
    ]);
    const outside = await call("PUT", `/api/operator/payment-methods/${method.id}/currencies/EUR`, {
      amountMin: "10",
      amountMax: "100",
      presets: [{ amount: "500" }],
    });
    expect(outside.json().error.fields).toEqual({
      "presets.0.amount": ["Must be within amountMin and amountMax"],
    });
    const countries = await call("PATCH", `/api/operator/payment-methods/${method.id}`, {
      countries: ["DE", "QQ"],
    });
    expect(countries.json().error.fields).toEqual({ "countries.1": ["Unknown country"] });
    expectErrorCode(
      await call("PUT", `/api/operator/payment-methods/${method.id}/currencies/XYZ`, {
        amountMin: "1",
        amountMax: "2",
      }),
      404,
      404,
    );
    const bitcoin = (
      (await call("GET", "/api/operator/payment-methods")).json().data as Json[]
    ).find((item) => item.type === "address" && item.direction === "deposit")!;
    const coin = bitcoin.currencies[0].currency === "ETH" ? "BTC" : "ETH";
    expect(
      (
        await call("PUT", `/api/operator/payment-methods/${bitcoin.id}/currencies/${coin}`, {
          amountMin: "1",
          amountMax: "2",
        })
      ).json().error.fields,
    ).toEqual({
      currency: ["An address method takes its networks' coins; they are deployment data"],
    });
    expectErrorCode(await call("PATCH", "/api/operator/payment-methods/999999", {}), 404, 404);
  });
});
