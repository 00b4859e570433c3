// Reality checks (issue 6, beyond the spec; README "Responsible gambling"): the interval the
// player chose and what the current sign-in session played, from the ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_TEST_ENV, gamePlayer, providerCall } from "./game-helpers";
import {
  bearer,
  createPlayerTestApp,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
} from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(GAME_TEST_ENV);
});
afterAll(async () => app?.close());

const get = (headers: Record<string, string>) =>
  app.inject({ url: "/api/player/reality-check", headers });
const put = (headers: Record<string, string>, payload: unknown) =>
  app.inject({
    method: "PUT",
    url: "/api/player/reality-check",
    headers,
    payload: payload as object,
  });

describe("reality checks", () => {
  it("reality check: the session's time and net result per currency come from the ledger; a new sign-in starts afresh", async () => {
    // Ledger transactions take the database's time, so the test clock starts there.
    const [{ now }] = (await app.testDb.query<{ now: Date }>("SELECT now() AS now")) as [
      { now: Date },
    ];
    app.clock.current = new Date(now.getTime());
    const registered = await registerByEmail(app, { currency: "EUR" });
    const p = await gamePlayer(app, { funds: "50.00", tokens: registered.tokens });
    const fresh = await get(p.headers);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data).toMatchObject({
      intervalMinutes: 60,
      results: [],
      session: { seconds: 0 },
    });
    expect(fresh.json().data.options).toContain(30);

    await p.round("5.00", "2.00");
    await p.round("3.00", "0");
    // A bet the studio rolled back was never staked.
    const roundId = "rc-rolled-back";
    expect((await p.bet("4.00", { roundId, transactionId: "rc-bet" })).statusCode).toBe(200);
    const rollback = await providerCall(app, "rollback", {
      token: p.token,
      transactionId: "rc-rollback",
      referenceTransactionId: "rc-bet",
      roundId,
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    app.clock.advance(10 * 60);

    const after = (await get(p.headers)).json().data;
    expect(after.session.seconds).toBe(10 * 60);
    expect(after.results).toEqual([{ currency: "EUR", staked: "8.00", won: "2.00", net: "-6.00" }]);

    // Another sign-in is another session: nothing played in it yet.
    const login = await loginAs(app, registered.email, registered.password);
    expect(login.statusCode, login.body).toBe(201);
    const other = bearer(login.json().data.accessToken) as Record<string, string>;
    expect((await get(other)).json().data).toMatchObject({ results: [], session: { seconds: 0 } });
  });

  it("reality check: the player chooses the interval or turns it off; other values are 422; guests are 401", async () => {
    const { tokens } = await registerByEmail(app);
    const headers = bearer(tokens.accessToken) as Record<string, string>;
    const chosen = await put(headers, { intervalMinutes: 30 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.intervalMinutes).toBe(30);
    expect((await get(headers)).json().data.intervalMinutes).toBe(30);
    expect((await put(headers, { intervalMinutes: null })).json().data.intervalMinutes).toBeNull();
    for (const payload of [
      { intervalMinutes: 7 },
      { intervalMinutes: "30" },
      {},
      { intervalMinutes: 30, x: 1 },
    ]) {
      const bad = await put(headers, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      expect(bad.json().error.fields).toBeDefined();
    }
    expect((await get({})).statusCode).toBe(401);
  });
});
