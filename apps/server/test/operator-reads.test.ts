// Single-item reads of the operator API (GET /api/operator/<list>/{id}) for bonuses, bonus
// packages, quests, game collections and game providers: each answers exactly the list's item of
// that id, 404 for an unknown id, 422 for a malformed one and 403 outside the list's scope. Also
// the tournament create's idempotency key (migration 0054): the same request again answers the
// first result, the key with another body is refused. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorCode } from "./helpers";
import {
  fieldsOf,
  type Json,
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

const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
  operatorRequest(app, method, url, payload);

/** A call with `token` as the bearer key. */
const as = (token: string, url: string) =>
  app.inject({ url, headers: { authorization: `Bearer ${token}` } });

/** A named key of these scopes, issued by the root key. */
async function keyOf(scopes: string[]): Promise<string> {
  const response = await call("POST", "/api/operator/api-keys", {
    name: uniqueSlug("reader"),
    scopes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.token;
}

async function listOf(url: string): Promise<Json[]> {
  const response = await call("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** The catalogue's reads serve the promotions desks too. */
const CATALOGUE = ["games", "promotions"];
const READS = [
  { list: "/api/operator/bonuses", scopes: ["promotions"], tooLong: "1234567890" },
  { list: "/api/operator/bonus-packages", scopes: ["promotions"], tooLong: "1234567890" },
  { list: "/api/operator/quests", scopes: ["promotions"], tooLong: "1234567890123456789" },
  { list: "/api/operator/game-collections", scopes: CATALOGUE, tooLong: "1234567890" },
  { list: "/api/operator/game-providers", scopes: CATALOGUE, tooLong: "1234567890" },
] as const;
const LISTS = READS.map((read) => read.list);

describe("single-item reads", () => {
  it.each(LISTS)(
    "GET %s/{id} answers the list's item of that id, switched off too",
    async (list) => {
      const before = await listOf(list);
      expect(before.length).toBeGreaterThan(0);
      // One switched off, so the read is not limited to what players see.
      const off = before[0]!;
      const patched = await call("PATCH", `${list}/${off.id}`, { isEnabled: false });
      expect(patched.statusCode, patched.body).toBe(200);
      const items = await listOf(list);
      expect(items.find((item) => item.id === off.id)).toMatchObject({ isEnabled: false });
      for (const item of items) {
        const one = await call("GET", `${list}/${item.id}`);
        expect(one.statusCode, one.body).toBe(200);
        expect(one.headers["cache-control"]).toBe("no-store");
        expect(one.json().data).toEqual(item);
      }
      // The PATCH answered the same read.
      expect(patched.json().data).toEqual(items.find((item) => item.id === off.id));
      const on = await call("PATCH", `${list}/${off.id}`, { isEnabled: true });
      expect(on.statusCode, on.body).toBe(200);
    },
  );

  it.each(LISTS)("GET %s/{id}: 404 for an unknown id, 422 for a malformed one", async (list) => {
    const { tooLong } = READS.find((read) => read.list === list)!;
    expectErrorCode(await call("GET", `${list}/999999999`), 404, 404);
    for (const bad of ["abc", "-1", "1.5", tooLong]) {
      expect(Object.keys(fieldsOf(await call("GET", `${list}/${bad}`)))).toEqual(["id"]);
    }
  });

  it("each read needs the list's scope (the catalogue's: games or promotions): 403 without it, 200 with it, 401 with a wrong key", async () => {
    const scopes = ["promotions", "games", "messages"];
    const keys = Object.fromEntries(
      await Promise.all(scopes.map(async (scope) => [scope, await keyOf([scope])] as const)),
    );
    for (const { list, scopes: allowedScopes } of READS) {
      const [item] = await listOf(list);
      const url = `${list}/${item!.id}`;
      for (const scope of scopes) {
        const answer = await as(keys[scope]!, url);
        if ((allowedScopes as readonly string[]).includes(scope)) {
          expect(answer.statusCode, `${scope} ${url}`).toBe(200);
          expect(answer.json().data).toEqual(item);
          expect((await as(keys[scope]!, list)).statusCode).toBe(200);
        } else {
          expectErrorCode(answer, 403, 403);
        }
      }
      expect((await as("x".repeat(OPERATOR_TEST_TOKEN.length), url)).statusCode).toBe(401);
    }
    // The games too; a promotions key changes nothing in the catalogue.
    const [game] = (await as(keys.promotions!, "/api/operator/games?perPage=1")).json().data;
    expect((await as(keys.promotions!, `/api/operator/games/${game.id}`)).json().data).toEqual(
      game,
    );
    expectErrorCode(await as(keys.messages!, "/api/operator/games"), 403, 403);
    const write = await app.inject({
      method: "PATCH",
      url: `/api/operator/games/${game.id}`,
      headers: { authorization: `Bearer ${keys.promotions}` },
      payload: { title: "Not mine to change" },
    });
    expectErrorCode(write, 403, 403);
  });
});

describe("tournament create's idempotency key", () => {
  const create = (payload: Json) => call("POST", "/api/operator/tournaments", payload);
  const definition = () => ({
    identity: uniqueSlug("cup"),
    title: "Keyed cup",
    scoring: "bet_sum",
    currency: "EUR",
    minBet: "0.50",
    games: ["gold-rush"],
    startsAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString(),
    endsAt: new Date(app.clock.now().getTime() + 7_200_000).toISOString(),
    prizes: [{ placeFrom: 1, placeTo: 1, type: "cash", amount: "10.00" }],
  });
  const stored = async (identity: string) =>
    (
      await app.testDb.query<{ id: string }>("SELECT id FROM tournaments WHERE slug = $1", [
        identity,
      ])
    ).map((row) => row.id);
  const audited = async (id: string) =>
    (
      await app.testDb.query<{ changes: Json }>(
        "SELECT changes FROM operator_changes WHERE kind = 'tournament' AND entity_id = $1",
        [id],
      )
    ).map((row) => row.changes);

  it("the same key and body again answers the first tournament (200) and writes nothing", async () => {
    const key = uniqueSlug("key");
    const body = { ...definition(), key };
    const first = await create(body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ identity: body.identity, prizePool: "10.00" });
    // The same request, its fields in another order.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await create(reordered);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await stored(body.identity)).toEqual([first.json().data.id]);
    // One audit row, without the key.
    const [changes, ...more] = await audited(first.json().data.id);
    expect(more).toEqual([]);
    expect(changes).toMatchObject({ identity: body.identity, title: "Keyed cup" });
    expect(changes).not.toHaveProperty("key");
  });

  it("the same key with another body is a 422 on key, and nothing is written", async () => {
    const key = uniqueSlug("key");
    const body = { ...definition(), key };
    expect((await create(body)).statusCode).toBe(201);
    const retitled = await create({ ...body, title: "Another cup" });
    expect(fieldsOf(retitled)).toEqual({ key: ["This key was used for another request"] });
    const other = { ...definition(), key };
    expect(fieldsOf(await create(other))).toEqual({
      key: ["This key was used for another request"],
    });
    expect(await stored(other.identity)).toEqual([]);
    // The key of another kind of create is another key.
    const bonus = await call("POST", "/api/operator/bonuses", {
      key,
      slug: uniqueSlug("keyed"),
      type: 1,
      kind: "code",
      name: "Keyed bonus",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "5.00" }] },
    });
    expect(bonus.statusCode, bonus.body).toBe(201);
  });

  it("a refused create leaves its key unused; without a key a taken identity is a 422", async () => {
    const key = uniqueSlug("key");
    const body = { ...definition(), key };
    const refused = await create({ ...body, games: ["no-such-game"] });
    expect(Object.keys(fieldsOf(refused))).toEqual(["games"]);
    const created = await create(body);
    expect(created.statusCode, created.body).toBe(201);

    const { key: _key, ...plain } = body;
    expect(fieldsOf(await create(plain))).toEqual({ identity: ["Already taken"] });
  });

  it("the same key sent at once: one 201, the others 200 with the same tournament", async () => {
    const body = { ...definition(), key: uniqueSlug("key") };
    const answers = await Promise.all([1, 2, 3].map(() => create(body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await stored(body.identity)).toHaveLength(1);
  });

  it("the same identity without a key sent at once: one 201, the others 422 on identity", async () => {
    const body = definition();
    const answers = await Promise.all([1, 2, 3].map(() => create(body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(fieldsOf(refused)).toEqual({ identity: ["Already taken"] });
    }
  });
});
