// Ending a session closes its WebSockets at once (issue 24, ADR 0022): logout, closing a session,
// a session token's reuse, a password change (the other sessions), a reset and self-exclusion
// write a disconnect to the outbox, and every node's hub closes the matching connections with
// 3500 (final). One node here; two nodes through Redis below, as realtime-redis.test.ts runs them.
import { playerChannel } from "@casino/contract/realtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, loginAs, registerByEmail, type Tokens, tokensOf } from "./player-helpers";
import {
  canRunTwoNodes,
  createRealtimeTestApp,
  RawClient,
  type RealtimeTestApp,
  startTwoRedisNodes,
  within,
} from "./realtime-helpers";

/** A connected, subscribed client of the player's session. */
async function connected(app: RealtimeTestApp, tokens: Tokens): Promise<RawClient> {
  const client = await RawClient.open(app.wsUrl);
  const reply = await client.call("connect", { token: tokens.accessToken });
  expect(reply).toHaveProperty("connect");
  await client.call("subscribe", { channel: playerChannel("walletAccounts", tokens.profileId) });
  return client;
}

const closedWith = (client: RawClient, what: string) => within(client.closed, 10_000, what);

/** Still open: it answers a command. */
async function expectOpen(client: RawClient): Promise<void> {
  const reply = await client.call("unsubscribe", { channel: "global:online" });
  expect(reply).toHaveProperty("unsubscribe");
}

async function twoSessions(app: RealtimeTestApp) {
  const { email, password, tokens } = await registerByEmail(app);
  const other = tokensOf(await loginAs(app, email, password));
  return { email, password, first: tokens, second: other };
}

describe("realtime disconnects on one node", () => {
  let app: RealtimeTestApp;
  beforeAll(async () => {
    app = await createRealtimeTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("logout closes that session's connections (3500) and leaves the player's other session's open", async () => {
    const { first, second } = await twoSessions(app);
    const a = await connected(app, first);
    const b = await connected(app, second);
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: bearer(first.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(await closedWith(a, "the logged-out session's socket")).toMatchObject({ code: 3500 });
    await expectOpen(b);
    b.close();
  });

  it("closing a session from another device closes its connections", async () => {
    const { first, second } = await twoSessions(app);
    const phone = await connected(app, second);
    const list = await app.inject({
      method: "GET",
      url: "/api/player/sessions",
      headers: bearer(first.accessToken),
    });
    const other = (list.json() as { data: { id: string; isCurrent: boolean }[] }).data.find(
      (session) => !session.isCurrent,
    )!;
    const close = await app.inject({
      method: "PUT",
      url: `/api/player/sessions/${other.id}/close`,
      headers: bearer(first.accessToken),
    });
    expect(close.statusCode).toBe(200);
    expect(await closedWith(phone, "the closed session's socket")).toMatchObject({ code: 3500 });
  });

  it("a password change closes the other sessions' connections and keeps the current one's", async () => {
    const { password, first, second } = await twoSessions(app);
    const current = await connected(app, first);
    const other = await connected(app, second);
    const change = await app.inject({
      method: "PUT",
      url: "/api/player/passwords",
      headers: bearer(first.accessToken),
      payload: {
        currentPassword: password,
        newPassword: "zq-new-pass-9",
        repeatNewPassword: "zq-new-pass-9",
      },
    });
    expect(change.statusCode).toBe(200);
    expect(await closedWith(other, "the other session's socket")).toMatchObject({ code: 3500 });
    await expectOpen(current);
    current.close();
  });

  it("a session token's reuse ends the session and closes its connections", async () => {
    const { first } = await twoSessions(app);
    const socket = await connected(app, first);
    const refresh = (token: string) =>
      app.inject({ method: "POST", url: "/api/player/sessions/refresh", headers: bearer(token) });
    expect((await refresh(first.sessionToken)).statusCode).toBe(200);
    app.clock.advance(60);
    expect((await refresh(first.sessionToken)).statusCode).toBe(401);
    expect(await closedWith(socket, "the reused session's socket")).toMatchObject({ code: 3500 });
  });

  it("self-exclusion closes every connection of the player; the sessions stay", async () => {
    const { first, second } = await twoSessions(app);
    const a = await connected(app, first);
    const b = await connected(app, second);
    const limit = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: bearer(first.accessToken),
      payload: { definition: 4, months: 6 },
    });
    expect(limit.statusCode).toBe(201);
    expect(await closedWith(a, "socket A")).toMatchObject({ code: 3500 });
    expect(await closedWith(b, "socket B")).toMatchObject({ code: 3500 });
    const profile = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(first.accessToken),
    });
    expect(profile.statusCode).toBe(200);
  });
});

describe.skipIf(!canRunTwoNodes)("realtime disconnects across two nodes through Redis", () => {
  let nodeA: RealtimeTestApp;
  let nodeB: RealtimeTestApp;
  let closeNodes = async () => {};

  beforeAll(async () => {
    ({ nodeA, nodeB, close: closeNodes } = await startTwoRedisNodes());
  });
  afterAll(() => closeNodes());

  it("a logout on node B closes the session's connection on node A; another session's stays", async () => {
    expect(nodeA.realtime.pubsub.kind).toBe("redis");
    const { first, second } = await twoSessions(nodeB);
    const onA = await connected(nodeA, first);
    const otherOnA = await connected(nodeA, second);
    const logout = await nodeB.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: bearer(first.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(await closedWith(onA, "node A's socket")).toMatchObject({ code: 3500 });
    await expectOpen(otherOnA);
    otherOnA.close();
  });

  it("a password reset on node A closes the player's connections on node B", async () => {
    const { email, first, second } = await twoSessions(nodeA);
    const b1 = await connected(nodeB, first);
    const b2 = await connected(nodeB, second);
    const requested = await nodeA.inject({
      method: "POST",
      url: "/api/player/passwords/reset",
      payload: { login: email },
    });
    expect(requested.statusCode).toBe(200);
    const rows = await nodeA.testDb.query<{ link: string }>(
      "SELECT link FROM outbox_messages WHERE lower(recipient) = lower($1) ORDER BY id DESC LIMIT 1",
      [email],
    );
    const resetCode = rows[0]!.link.split("/").pop()!;
    const confirm = await nodeA.inject({
      method: "POST",
      url: "/api/player/passwords/confirm",
      payload: { resetCode, password: "zq-reset-7", password_confirmation: "zq-reset-7" },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await closedWith(b1, "socket 1 on node B")).toMatchObject({ code: 3500 });
    expect(await closedWith(b2, "socket 2 on node B")).toMatchObject({ code: 3500 });
  });
});
