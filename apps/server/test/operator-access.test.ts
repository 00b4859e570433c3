// Operator API keys and the audit trail (migration 0045): OPERATOR_API_TOKEN (root) issues named
// keys limited to scopes; a key works within them and gets 403 outside; a key with the access
// scope issues and revokes keys only within its own scopes; a revoked key is refused at once;
// keys are stored hashed and shown once; every write names the key that made it, and
// GET /api/operator/changes reads the trail. Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorCode } from "./helpers";
import {
  fieldsOf,
  OPERATOR_TEST_TOKEN,
  operatorRequest,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

/** A call with `token` as the bearer key (the root key by default). */
const as = (
  token: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

/** Issues a key as `issuer` (root by default); expects 201. */
async function issueKey(name: string, scopes: string[], issuer = OPERATOR_TEST_TOKEN) {
  const response = await as(issuer, "POST", "/api/operator/api-keys", { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Json;
}

async function changesOf(query: string): Promise<Json[]> {
  const response = await operatorRequest(app, "GET", `/api/operator/changes?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe("operator keys", () => {
  it("a named key works within its scopes, gets 403 outside them, and the audit trail names it", async () => {
    const alice = await issueKey("Alice, games desk", ["games"]);
    expect(alice).toEqual({
      id: expect.any(Number),
      name: "Alice, games desk",
      prefix: alice.token.slice(0, 11),
      scopes: ["games"],
      createdAt: app.clock.now().toISOString(),
      createdBy: "root",
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: null,
      userId: null,
      token: expect.stringMatching(/^op_[A-Za-z0-9_-]{43}$/),
    });

    expect((await as(alice.token, "GET", "/api/operator/games")).statusCode).toBe(200);
    for (const [method, url] of [
      ["GET", "/api/operator/bonuses"],
      ["PATCH", "/api/operator/currencies/EUR"],
      ["GET", "/api/operator/withdrawals"],
      ["GET", "/api/operator/documents"],
      ["POST", "/api/operator/notifications/broadcasts"],
      ["POST", "/api/operator/tournaments"],
      ["GET", "/api/operator/api-keys"],
      ["GET", "/api/operator/changes"],
    ] as const) {
      // Refused before the body is looked at: no 422 telling the contract.
      expectErrorCode(await as(alice.token, method, url, { nonsense: true }), 403, 403);
    }

    // Her write and root's are each named in the trail.
    const created = await as(alice.token, "POST", "/api/operator/game-providers", {
      slug: uniqueSlug("alice"),
      name: "Alice's studio",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const renamed = await operatorRequest(app, "PATCH", `/api/operator/game-providers/${id}`, {
      name: "Renamed by root",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const trail = await changesOf(`kind=game-provider&entityId=${id}`);
    expect(trail.map((change) => [change.action, change.actor, change.actorKeyId])).toEqual([
      ["update", "root", null],
      ["create", "Alice, games desk", alice.id],
    ]);
    expect(trail[1]!.changes).toMatchObject({ name: "Alice's studio" });

    // Stored hashed: the key is nowhere in its row; the list shows its use, never the key.
    const [row] = await app.testDb.query<{ row: string }>(
      "SELECT to_jsonb(k)::text AS row FROM operator_api_keys k WHERE id = $1",
      [alice.id],
    );
    expect(row!.row).not.toContain(alice.token);
    const listed = (await operatorRequest(app, "GET", "/api/operator/api-keys")).json()
      .data as Json[];
    const shown = listed.find((key) => key.id === alice.id)!;
    expect(shown).not.toHaveProperty("token");
    expect(shown.lastUsedAt).toBe(
      new Date(Math.floor(app.clock.now().getTime() / 60_000) * 60_000).toISOString(),
    );
  });

  it("a key with the access scope issues and revokes keys only within its own scopes; a revoked key is refused at once", async () => {
    const bob = await issueKey("Bob, team lead", ["access", "games"]);
    const payments = await issueKey("Payments robot", ["payments"]);
    const carol = await issueKey("Carol", ["games"], bob.token);
    expect(carol).toMatchObject({ createdBy: "Bob, team lead", scopes: ["games"] });

    const beyond = await as(bob.token, "POST", "/api/operator/api-keys", {
      name: "Too much",
      scopes: ["games", "payments", "promotions"],
    });
    expect(fieldsOf(beyond)).toEqual({
      "scopes.1": ["A key cannot grant a scope it does not hold"],
      "scopes.2": ["A key cannot grant a scope it does not hold"],
    });
    expectErrorCode(
      await as(bob.token, "DELETE", `/api/operator/api-keys/${payments.id}`),
      403,
      403,
    );

    expect((await as(carol.token, "GET", "/api/operator/games")).statusCode).toBe(200);
    app.clock.advance(30);
    const revoked = await as(bob.token, "DELETE", `/api/operator/api-keys/${carol.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).toBe(app.clock.now().toISOString());
    expectErrorCode(await as(carol.token, "GET", "/api/operator/games"), 401, 401);
    app.clock.advance(30);
    const again = await as(bob.token, "DELETE", `/api/operator/api-keys/${carol.id}`);
    expect(again.json().data.revokedAt).toBe(revoked.json().data.revokedAt);
    expectErrorCode(await as(bob.token, "DELETE", "/api/operator/api-keys/999999"), 404, 404);
    // The list of keys that still work, and of the others.
    const ids = async (active: string) =>
      (await operatorRequest(app, "GET", `/api/operator/api-keys?active=${active}`))
        .json()
        .data.map((key: { id: number }) => key.id);
    expect(await ids("true")).toContain(bob.id);
    expect(await ids("true")).not.toContain(carol.id);
    expect(await ids("false")).toContain(carol.id);
    expect(await ids("false")).not.toContain(bob.id);
    expect(
      fieldsOf(await operatorRequest(app, "GET", "/api/operator/api-keys?active=maybe")),
    ).toHaveProperty("active");

    const trail = await changesOf(`kind=operator-api-key&entityId=${carol.id}`);
    expect(trail.map((change) => [change.action, change.actor])).toEqual([
      ["delete", "Bob, team lead"],
      ["create", "Bob, team lead"],
    ]);
    expect(JSON.stringify(trail)).not.toContain(carol.token);
  });

  it("401 for malformed, unknown and near-miss keys; 422 for a bad key request", async () => {
    const real = await issueKey("Real", ["games"]);
    const wrongs = [
      `op_${randomBytes(32).toString("base64url")}`,
      `${real.token.slice(0, -1)}${real.token.endsWith("A") ? "B" : "A"}`,
      real.token.slice(3),
      `${OPERATOR_TEST_TOKEN}x`,
      "",
    ];
    for (const token of wrongs) {
      expectErrorCode(await as(token, "GET", "/api/operator/games"), 401, 401);
    }
    const bad = await operatorRequest(app, "POST", "/api/operator/api-keys", {
      name: " ",
      scopes: ["everything"],
    });
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(["name", "scopes.0"]);
    const none = await operatorRequest(app, "POST", "/api/operator/api-keys", {
      name: "No scopes",
      scopes: [],
    });
    expect(fieldsOf(none)).toHaveProperty("scopes");
  });
});

describe("who a key is", () => {
  it("GET /api/operator/me answers any valid key its name and scopes, and a revoked or wrong key 401", async () => {
    const root = await as(OPERATOR_TEST_TOKEN, "GET", "/api/operator/me");
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json().data).toEqual({
      name: "root",
      keyId: null,
      scopes: [
        "payments",
        "players",
        "games",
        "promotions",
        "messages",
        "content",
        "reports",
        "access",
        "support",
      ],
      user: null,
    });
    const copy = await issueKey("Kim, copy", ["content"]);
    expect((await as(copy.token, "GET", "/api/operator/me")).json().data).toEqual({
      name: "Kim, copy",
      keyId: copy.id,
      scopes: ["content"],
      user: null,
    });
    const revoked = await as(OPERATOR_TEST_TOKEN, "DELETE", `/api/operator/api-keys/${copy.id}`);
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    expect((await as(copy.token, "GET", "/api/operator/me")).statusCode).toBe(401);
    expect((await as("nope", "GET", "/api/operator/me")).statusCode).toBe(401);
  });
});

describe("the audit trail", () => {
  it("pages newest first and filters by kind, entity and key", async () => {
    const dana = await issueKey("Dana", ["games"]);
    const slugs: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const slug = uniqueSlug("trail");
      slugs.push(slug);
      const response = await as(dana.token, "POST", "/api/operator/game-collections", {
        slug,
        name: `Trail ${n}`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = await operatorRequest(
      app,
      "GET",
      `/api/operator/changes?actorKeyId=${dana.id}&perPage=2`,
    );
    expect(first.json().meta).toEqual({ page: 1, perPage: 2, total: 3 });
    expect(first.json().data.map((change: Json) => change.changes.slug)).toEqual([
      slugs[2],
      slugs[1],
    ]);
    const second = await changesOf(`actorKeyId=${dana.id}&perPage=2&page=2`);
    expect(second.map((change) => change.changes.slug)).toEqual([slugs[0]]);
    expect(await changesOf(`actorKeyId=${dana.id}&kind=bonus`)).toEqual([]);

    const bad = await operatorRequest(app, "GET", "/api/operator/changes?kind=DROP%20TABLE&page=0");
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(["kind", "page"]);
  });
});
