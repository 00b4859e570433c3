// Issue 24: what each operator scope lets a key do, route by route. Every operator route of the
// OpenAPI document is called with a key of each scope alone (and with none), and the answer is
// checked against the table below: the scopes that get past the key check, every other one 403.
// A route missing from the table (a new route) or an entry without a route fails the test; the
// app itself refuses to start with an operator route that declares no scopes
// (lib/operator-api.ts requireDeclaredOperatorScopes). Calls that get past the key check never
// reach a handler that writes: writes are sent with a body of an unknown media type (415 after
// the key check), so the test moves nothing. Runs on PGlite and PostgreSQL.
import { OPERATOR_SCOPES, type OperatorScope } from "@casino/contract/operator-access";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireDeclaredOperatorScopes } from "../src/lib/operator-api";
import { OPERATOR_TEST_TOKEN, operatorTestApp } from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp({ SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

type Who = readonly OperatorScope[] | "any key" | "no key";
const EVERY = OPERATOR_SCOPES;

/**
 * Who may call each operator route. Money moves with payments (withdrawals, methods and their
 * limits, currencies, balance adjustments), promotions (bonus money, cashback, quests, loyalty,
 * tournaments; a zero-wager grant also needs payments), games (providers and their wallet keys:
 * a studio's signed wins credit players, so only games issues a wallet key) and access (keys and
 * users, within the issuer's own scopes). players, messages, content and reports move none.
 */
const TABLE: Record<string, Who> = {
  "GET /api/operator/currencies": EVERY,
  "POST /api/operator/currencies": ["payments"],
  "GET /api/operator/currencies/{code}": EVERY,
  "PATCH /api/operator/currencies/{code}": ["payments"],
  "GET /api/operator/countries": EVERY,
  "GET /api/operator/countries/{code}": EVERY,
  "PATCH /api/operator/countries/{code}": ["players"],
  "GET /api/operator/locales": EVERY,
  "POST /api/operator/locales": ["content"],
  "PATCH /api/operator/locales/{code}": ["content"],
  "GET /api/operator/players": ["players"],
  "GET /api/operator/players/{id}": ["players"],
  "PATCH /api/operator/players/{id}": ["players"],
  "POST /api/operator/players/{id}/sign-out": ["players"],
  "GET /api/operator/game-providers": ["games", "promotions"],
  "POST /api/operator/game-providers": ["games"],
  "GET /api/operator/game-providers/{id}": ["games", "promotions"],
  "PATCH /api/operator/game-providers/{id}": ["games"],
  "GET /api/operator/wallet-keys": ["games", "access"],
  "GET /api/operator/game-providers/{id}/wallet-keys": ["games", "access"],
  "POST /api/operator/game-providers/{id}/wallet-keys": ["games"],
  "DELETE /api/operator/game-providers/{id}/wallet-keys/{keyId}": ["games", "access"],
  "GET /api/operator/games": ["games", "promotions"],
  "POST /api/operator/games": ["games"],
  "GET /api/operator/games/{id}": ["games", "promotions"],
  "PATCH /api/operator/games/{id}": ["games"],
  "GET /api/operator/game-collections": ["games", "promotions"],
  "POST /api/operator/game-collections": ["games"],
  "GET /api/operator/game-collections/{id}": ["games", "promotions"],
  "PATCH /api/operator/game-collections/{id}": ["games"],
  "PUT /api/operator/game-collections/{id}/games": ["games"],
  "GET /api/operator/bonuses": ["promotions"],
  "POST /api/operator/bonuses": ["promotions"],
  "GET /api/operator/bonuses/{id}": ["promotions"],
  "PATCH /api/operator/bonuses/{id}": ["promotions"],
  "PUT /api/operator/bonuses/{id}/game-rules/{game}": ["promotions"],
  "DELETE /api/operator/bonuses/{id}/game-rules/{game}": ["promotions"],
  "GET /api/operator/bonus-codes": ["promotions"],
  "POST /api/operator/bonus-codes": ["promotions"],
  "PATCH /api/operator/bonus-codes/{id}": ["promotions"],
  "GET /api/operator/bonus-packages": ["promotions"],
  "POST /api/operator/bonus-packages": ["promotions"],
  "GET /api/operator/bonus-packages/{id}": ["promotions"],
  "PATCH /api/operator/bonus-packages/{id}": ["promotions"],
  "PUT /api/operator/bonus-packages/{id}/steps": ["promotions"],
  "GET /api/operator/cashback": ["promotions"],
  "PUT /api/operator/cashback/{currency}": ["promotions"],
  "GET /api/operator/players/{id}/bonuses": ["players"],
  "POST /api/operator/players/{id}/bonuses": ["promotions"],
  "POST /api/operator/players/{id}/bonuses/{bonusId}/cancel": ["promotions"],
  "GET /api/operator/grant-requests": ["promotions"],
  "POST /api/operator/grant-requests/{id}/approve": ["promotions"],
  "POST /api/operator/grant-requests/{id}/reject": ["promotions"],
  "GET /api/operator/quests": ["promotions"],
  "POST /api/operator/quests": ["promotions"],
  "GET /api/operator/quests/{id}": ["promotions"],
  "PATCH /api/operator/quests/{id}": ["promotions"],
  "GET /api/operator/loyalty/levels": ["promotions"],
  "POST /api/operator/loyalty/levels": ["promotions"],
  "PATCH /api/operator/loyalty/levels/{id}": ["promotions"],
  "GET /api/operator/loyalty/earn-rules": ["promotions"],
  "POST /api/operator/loyalty/earn-rules": ["promotions"],
  "PATCH /api/operator/loyalty/earn-rules/{id}": ["promotions"],
  "GET /api/operator/content/{locale}/groups/{group}": ["content"],
  "PUT /api/operator/content/{locale}/groups/{group}": ["content"],
  "PATCH /api/operator/content/{locale}/groups/{group}": ["content"],
  "GET /api/operator/content/{locale}/pages/{kind}": ["content"],
  "GET /api/operator/content/{locale}/pages/{kind}/{identity}": ["content"],
  "PUT /api/operator/content/{locale}/pages/{kind}/{identity}": ["content"],
  "DELETE /api/operator/content/{locale}/pages/{kind}/{identity}": ["content"],
  "GET /api/operator/players/{id}/transactions": ["players"],
  "GET /api/operator/players/{id}/rounds": ["players"],
  "POST /api/operator/players/{id}/adjustments": ["payments"],
  "GET /api/operator/players/{id}/limits": ["players"],
  "GET /api/operator/documents": ["players"],
  "GET /api/operator/documents/{id}/file": ["players"],
  "POST /api/operator/documents/{id}/review": ["players"],
  "GET /api/operator/withdrawals": ["payments"],
  "POST /api/operator/withdrawals/{id}/approve": ["payments"],
  "POST /api/operator/withdrawals/{id}/reject": ["payments"],
  "GET /api/operator/payment-methods": ["payments"],
  "GET /api/operator/payment-methods/{id}": ["payments"],
  "PATCH /api/operator/payment-methods/{id}": ["payments"],
  "PUT /api/operator/payment-methods/{id}/currencies/{currency}": ["payments"],
  "DELETE /api/operator/payment-methods/{id}/currencies/{currency}": ["payments"],
  "POST /api/operator/notifications/broadcasts": ["messages"],
  "POST /api/operator/tournaments": ["promotions"],
  "GET /api/operator/tournaments": ["promotions"],
  "GET /api/operator/tournaments/{id}": ["promotions"],
  "PATCH /api/operator/tournaments/{id}": ["promotions"],
  "GET /api/operator/reports/daily": ["reports"],
  "GET /api/operator/reports/games": ["reports"],
  "GET /api/operator/sport-bets": ["players"],
  "GET /api/operator/sport-bets/liability": ["players", "reports"],
  "GET /api/operator/me": "any key",
  "POST /api/operator/me/second-factor": "any key",
  "POST /api/operator/me/second-factor/confirm": "any key",
  "GET /api/operator/api-keys": ["access"],
  "POST /api/operator/api-keys": ["access"],
  "DELETE /api/operator/api-keys/{id}": ["access"],
  "GET /api/operator/changes": ["access"],
  "GET /api/operator/users": ["access"],
  "POST /api/operator/users": ["access"],
  "PATCH /api/operator/users/{id}": ["access"],
  "POST /api/operator/users/{id}/invite": ["access"],
  "POST /api/operator/users/password": "no key",
  "POST /api/operator/sessions": "no key",
  "DELETE /api/operator/sessions/current": "any key",
  "GET /api/operator/chat/conversations": ["support"],
  "GET /api/operator/chat/conversations/{id}": ["support"],
  "GET /api/operator/chat/conversations/{id}/messages": ["support"],
  "POST /api/operator/chat/conversations/{id}/messages": ["support"],
  "POST /api/operator/chat/conversations/{id}/notes": ["support"],
  "POST /api/operator/chat/conversations/{id}/assign": ["support"],
  "POST /api/operator/chat/conversations/{id}/close": ["support"],
  "POST /api/operator/chat/conversations/{id}/reopen": ["support"],
  "POST /api/operator/chat/conversations/{id}/read": ["support"],
  "POST /api/operator/chat/conversations/{id}/typing": ["support"],
  "GET /api/operator/chat/conversations/{id}/context": ["support"],
  "GET /api/operator/chat/unread": ["support"],
  "POST /api/operator/chat/presence": ["support"],
  "POST /api/operator/chat/realtime-token": ["support"],
  "GET /api/operator/chat/staff": ["support"],
  "GET /api/operator/chat/canned-replies": ["support"],
  "POST /api/operator/chat/canned-replies": ["support"],
  "PATCH /api/operator/chat/canned-replies/{id}": ["support"],
  "DELETE /api/operator/chat/canned-replies/{id}": ["support"],
};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A call that stops right after the key check for writes: an unknown media type is a 415. */
function call(method: Method, url: string, token: string | null) {
  const write = method !== "GET";
  return app.inject({
    method,
    url,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(write ? { "content-type": "application/x-scope-check" } : {}),
    },
    ...(write ? { payload: "x" } : {}),
  });
}

describe("operator scopes, route by route (issue 24)", () => {
  it("every operator route answers each scope's key as the table says; a route missing from the table fails", async () => {
    const document = (await app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/operator"))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(routes.length).toBeGreaterThan(100);
    // Every route is in the table, and the table names no route that is gone.
    expect([...routes].sort()).toEqual(Object.keys(TABLE).sort());

    const keys = new Map<OperatorScope, string>();
    for (const scope of OPERATOR_SCOPES) {
      const response = await app.inject({
        method: "POST",
        url: "/api/operator/api-keys",
        headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
        payload: { name: `Only ${scope}`, scopes: [scope] },
      });
      expect(response.statusCode, response.body).toBe(201);
      keys.set(scope, response.json().data.token);
    }

    const wrong: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(" ") as [Method, string];
      const url = path.replace(/\{[^}]+\}/g, "1");
      const who = TABLE[route]!;
      const anonymous = (await call(method, url, null)).statusCode;
      if (who === "no key" ? anonymous === 401 || anonymous === 403 : anonymous !== 401) {
        wrong.push(`${route} without a key: ${anonymous}`);
      }
      for (const scope of OPERATOR_SCOPES) {
        const status = (await call(method, url, keys.get(scope)!)).statusCode;
        const allowed = who === "any key" || who === "no key" || who.includes(scope);
        if (allowed ? status === 401 || status === 403 : status !== 403) {
          wrong.push(`${route} with a ${scope} key: ${status}`);
        }
        if (allowed && method !== "GET" && status !== 415) {
          wrong.push(`${route} with a ${scope} key reached its handler: ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("an access-only key cannot issue a game provider's wallet key (a games power); a games key can", async () => {
    const keyOf = async (scopes: OperatorScope[]) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/operator/api-keys",
        headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
        payload: { name: `Keys ${scopes.join(" ")}`, scopes },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.token as string;
    };
    const [provider] = await app.testDb.query<{ id: number }>(
      "SELECT id FROM game_providers WHERE slug = 'sandbox-slots'",
    );
    const issue = (token: string, key: string) =>
      app.inject({
        method: "POST",
        url: `/api/operator/game-providers/${provider!.id}/wallet-keys`,
        headers: { authorization: `Bearer ${token}` },
        payload: { key },
      });
    const access = await keyOf(["access"]);
    const refused = await issue(access, "access-try");
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.body).not.toContain("secret");
    // The keys desk still lists them (names and fingerprints, never a key).
    const listed = await app.inject({
      url: `/api/operator/game-providers/${provider!.id}/wallet-keys`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(Array.isArray(listed.json().data)).toBe(true);
    const issued = await issue(await keyOf(["games"]), "games-try");
    expect(issued.statusCode, issued.body).toBe(201);
  });

  it("an operator route that declares no scopes stops the app at start", async () => {
    const bare = Fastify();
    requireDeclaredOperatorScopes(bare);
    expect(() => bare.get("/api/operator/forgotten", async () => ({}))).toThrow(
      /must declare its scopes/,
    );
    bare.get(
      "/api/operator/declared",
      { config: { operatorScopes: ["reports"] } },
      async () => ({}),
    );
    bare.get("/api/elsewhere", async () => ({}));
    await bare.ready();
    await bare.close();
  });
});
