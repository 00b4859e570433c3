// The realtime server against the real `centrifuge` client (v5, in Node with `ws`) and raw
// protocol frames: connect, tokens, subscriptions and their authorisation, pings (BE-42).
import {
  PUBLIC_CHANNELS,
  playerChannel,
  playerChannels,
  REALTIME_TIMINGS,
} from "@casino/contract/realtime";
import { Centrifuge, type Subscription } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerByEmail, type Tokens } from "./player-helpers";
import {
  createRealtimeTestApp,
  RawClient,
  type RealtimeTestApp,
  WebSocket,
  within,
} from "./realtime-helpers";

let app: RealtimeTestApp;
beforeAll(async () => {
  app = await createRealtimeTestApp({
    // Fast pings and time-outs so the tests see them without waiting 25 s.
    realtime: {
      connection: { pingIntervalMs: 1_000, pongTimeoutMs: 1_000, connectTimeoutMs: 1_500 },
    },
  });
});
afterAll(async () => app?.close());

const clients: Centrifuge[] = [];
function client(options: ConstructorParameters<typeof Centrifuge>[1] = {}): Centrifuge {
  const centrifuge = new Centrifuge(app.wsUrl, {
    websocket: WebSocket,
    ...REALTIME_TIMINGS,
    ...options,
  });
  clients.push(centrifuge);
  return centrifuge;
}
afterAll(() => {
  for (const centrifuge of clients) centrifuge.disconnect();
});

function connected(centrifuge: Centrifuge): Promise<{ client: string }> {
  return within(
    new Promise((resolve, reject) => {
      centrifuge.once("connected", resolve);
      centrifuge.once("disconnected", (ctx) =>
        reject(new Error(`disconnected ${ctx.code} ${ctx.reason}`)),
      );
    }),
    5_000,
    "connected",
  );
}

function disconnected(centrifuge: Centrifuge): Promise<{ code: number; reason: string }> {
  return within(
    new Promise((resolve) => centrifuge.once("disconnected", resolve)),
    5_000,
    "disconnected",
  );
}

function subscribed(sub: Subscription): Promise<unknown> {
  return within(
    new Promise((resolve, reject) => {
      sub.once("subscribed", resolve);
      sub.once("unsubscribed", (ctx) =>
        reject(Object.assign(new Error(`unsubscribed ${ctx.code}`), { code: ctx.code })),
      );
    }),
    5_000,
    `subscribed to ${sub.channel}`,
  );
}

function unsubscribed(sub: Subscription): Promise<{ code: number; reason: string }> {
  return within(
    new Promise((resolve) => sub.once("unsubscribed", resolve)),
    5_000,
    `unsubscribed from ${sub.channel}`,
  );
}

async function player(): Promise<Tokens> {
  return (await registerByEmail(app)).tokens;
}

async function refreshedToken(sessionToken: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/player/sessions/refresh",
    headers: { authorization: `Bearer ${sessionToken}` },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { accessToken: string } }).data.accessToken;
}

describe("realtime connection (BE-42, RTM-01)", () => {
  it("API-82 BE-42 RTM-01 connects with a valid access token: client id, ping 25 s or less, pong, expiry", async () => {
    const tokens = await player();
    expect(new URL(app.wsUrl).pathname).toBe("/api/connection/websocket");
    const raw = await RawClient.open(app.wsUrl);
    const started = performance.now();
    const reply = await raw.call("connect", { token: tokens.accessToken, name: "js" });
    // RTM-05: well inside the client's 5 s request time-out.
    expect(performance.now() - started).toBeLessThan(REALTIME_TIMINGS.timeout);
    expect(reply).toEqual({
      id: 1,
      connect: {
        client: expect.any(String),
        version: expect.any(String),
        ping: 1,
        pong: true,
        expires: true,
        ttl: expect.any(Number),
      },
    });
    const ttl = (reply.connect as { ttl: number }).ttl;
    expect(ttl).toBeGreaterThan(800);
    expect(ttl).toBeLessThanOrEqual(app.testConfig.auth.accessTokenTtlSeconds);
    raw.close();
  });

  it("BE-42 the centrifuge client connects with the token and subscribes to every player channel of spec §7 (RTM-07, RTM-09)", async () => {
    const tokens = await player();
    const centrifuge = client({ token: tokens.accessToken });
    const ready = connected(centrifuge);
    centrifuge.connect();
    await ready;
    const subs = playerChannels(tokens.profileId).map((channel) =>
      centrifuge.newSubscription(channel),
    );
    const all = Promise.all(subs.map(subscribed));
    for (const sub of subs) sub.subscribe();
    await all;
    expect(app.realtime.hub.stats().connections).toBeGreaterThanOrEqual(1);
    centrifuge.disconnect();
  });

  it("BE-42 a forged or unknown token is refused with close 3500 and the client does not reconnect", async () => {
    const tokens = await player();
    const forged = `${tokens.accessToken.slice(0, -4)}AAAA`;
    const centrifuge = client({ token: forged });
    const gone = disconnected(centrifuge);
    centrifuge.connect();
    expect(await gone).toMatchObject({ code: 3500, reason: "invalid token" });
    expect(centrifuge.state).toBe("disconnected");

    const raw = await RawClient.open(app.wsUrl);
    void raw.call("connect", { token: "not-a-jwt" }).catch(() => undefined);
    expect(await within(raw.closed, 5_000, "close")).toEqual({
      code: 3500,
      reason: "invalid token",
    });
  });

  it("BE-42 a logged-out session's token is refused (3500)", async () => {
    const tokens = await player();
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const raw = await RawClient.open(app.wsUrl);
    void raw.call("connect", { token: tokens.accessToken }).catch(() => undefined);
    expect((await within(raw.closed, 5_000, "close")).code).toBe(3500);
  });

  it("BE-42 an expired token answers error 109; the client gets a new one through getToken and connects", async () => {
    const tokens = await player();
    // The access token's lifetime passes (the server's clock moves, nobody sleeps).
    app.clock.advance(app.testConfig.auth.accessTokenTtlSeconds + 1);

    const raw = await RawClient.open(app.wsUrl);
    expect(await raw.call("connect", { token: tokens.accessToken })).toEqual({
      id: 1,
      error: { code: 109, message: "token expired" },
    });
    raw.close();

    let getTokenCalls = 0;
    const centrifuge = client({
      token: tokens.accessToken,
      getToken: async () => {
        getTokenCalls += 1;
        return refreshedToken(tokens.sessionToken);
      },
    });
    const ready = connected(centrifuge);
    centrifuge.connect();
    await ready;
    expect(getTokenCalls).toBe(1);
    centrifuge.disconnect();
  });

  it("BE-42 refresh: a new token extends the connection; an expired one ends it with 3005 (reconnect)", async () => {
    const tokens = await player();
    const raw = await RawClient.open(app.wsUrl);
    await raw.call("connect", { token: tokens.accessToken });
    app.clock.advance(60);
    const fresh = await refreshedToken(tokens.sessionToken);
    const reply = await raw.call("refresh", { token: fresh });
    expect(reply).toEqual({ id: 2, refresh: { expires: true, ttl: expect.any(Number) } });

    app.clock.advance(app.testConfig.auth.accessTokenTtlSeconds + 1);
    void raw.call("refresh", { token: fresh }).catch(() => undefined);
    expect(await within(raw.closed, 5_000, "close")).toEqual({
      code: 3005,
      reason: "connection expired",
    });
  });
});

describe("realtime subscriptions (BE-42)", () => {
  it("BE-42 a player subscribes to their own channels; another player's is refused with 103, an unknown one with 102", async () => {
    const [me, other] = [await player(), await player()];
    const centrifuge = client({ token: me.accessToken });
    const ready = connected(centrifuge);
    centrifuge.connect();
    await ready;

    const own = centrifuge.newSubscription(playerChannel("walletAccounts", me.profileId));
    const ownOk = subscribed(own);
    own.subscribe();
    await ownOk;

    const theirs = centrifuge.newSubscription(playerChannel("walletAccounts", other.profileId));
    const refused = unsubscribed(theirs);
    theirs.subscribe();
    expect(await refused).toMatchObject({ code: 103, reason: "permission denied" });

    const unknown = centrifuge.newSubscription(`casino:secrets#${me.profileId}`);
    const unknownRefused = unsubscribed(unknown);
    unknown.subscribe();
    expect(await unknownRefused).toMatchObject({ code: 102 });
    // The refusals do not end the connection.
    expect(centrifuge.state).toBe("connected");
  });

  it("BE-42 a guest connects without a token and may subscribe to public channels only", async () => {
    const guest = await RawClient.open(app.wsUrl);
    const connect = await guest.call("connect", {});
    expect(connect.connect).toMatchObject({ client: expect.any(String), ping: 1, pong: true });
    expect(connect.connect).not.toHaveProperty("expires");
    expect(await guest.call("subscribe", { channel: PUBLIC_CHANNELS.globalOnline })).toEqual({
      id: 2,
      subscribe: {},
    });
    expect(await guest.call("subscribe", { channel: PUBLIC_CHANNELS.winners })).toEqual({
      id: 3,
      subscribe: {},
    });
    const someone = await player();
    expect(
      await guest.call("subscribe", { channel: playerChannel("bonuses", someone.profileId) }),
    ).toEqual({ id: 4, error: { code: 103, message: "permission denied" } });
    expect(await guest.call("subscribe", { channel: PUBLIC_CHANNELS.winners })).toEqual({
      id: 5,
      error: { code: 105, message: "already subscribed" },
    });
    guest.close();
  });

  it("BE-42 publications reach subscribers only, and stop after unsubscribe", async () => {
    const me = await player();
    const raw = await RawClient.open(app.wsUrl);
    await raw.call("connect", { token: me.accessToken });
    const channel = playerChannel("walletAccounts", me.profileId);
    await raw.call("subscribe", { channel });
    const push = raw.next((frame) => "push" in frame, 5_000, "push");
    await app.realtime.pubsub.publish([{ channel, data: { type: "test", n: 1 } }]);
    expect(await push).toEqual({ push: { channel, pub: { data: { type: "test", n: 1 } } } });

    expect(await raw.call("unsubscribe", { channel })).toEqual({ id: 3, unsubscribe: {} });
    await app.realtime.pubsub.publish([{ channel, data: { type: "test", n: 2 } }]);
    // A fence on a public channel: once it arrives, n: 2 would have arrived before it.
    await raw.call("subscribe", { channel: PUBLIC_CHANNELS.winners });
    const fence = raw.next((frame) => "push" in frame, 5_000, "fence");
    await app.realtime.pubsub.publish([{ channel: PUBLIC_CHANNELS.winners, data: "fence" }]);
    await fence;
    expect(raw.frames.filter((frame) => "push" in frame)).toHaveLength(2);
    raw.close();
  });

  it("BE-42 commands before connect, unknown methods and junk frames", async () => {
    const early = await RawClient.open(app.wsUrl);
    early.sendRaw(JSON.stringify({ id: 1, subscribe: { channel: PUBLIC_CHANNELS.winners } }));
    expect((await within(early.closed, 5_000, "close")).code).toBe(3501);

    const raw = await RawClient.open(app.wsUrl);
    await raw.call("connect", {});
    expect(await raw.call("history", { channel: PUBLIC_CHANNELS.winners })).toEqual({
      id: 2,
      error: { code: 104, message: "method not found" },
    });
    raw.sendRaw("<html>");
    expect((await within(raw.closed, 5_000, "close")).code).toBe(3501);
  });
});

describe("realtime pings (BE-42, RTM-06)", () => {
  it("RTM-06 BE-42 the server pings within the client's 10 s grace, and a client that answers stays connected", async () => {
    const raw = await RawClient.open(app.wsUrl);
    const reply = await raw.call("connect", {});
    const ping = (reply.connect as { ping: number }).ping * 1000;
    const started = performance.now();
    await raw.next((frame) => Object.keys(frame).length === 0, ping + 10_000, "ping");
    expect(performance.now() - started).toBeLessThan(ping + REALTIME_TIMINGS.maxServerPingDelay);
    // Two more pings, each answered: the connection stays open.
    await raw.next((frame) => Object.keys(frame).length === 0, ping + 10_000, "second ping");
    await raw.next((frame) => Object.keys(frame).length === 0, ping + 10_000, "third ping");
    expect(app.realtime.hub.stats().connections).toBeGreaterThanOrEqual(1);
    raw.close();
  });

  it("BE-42 a client that never answers pings is closed with 3012; one that never connects with 3502", async () => {
    const silent = await RawClient.open(app.wsUrl, false);
    await silent.call("connect", {});
    expect(await within(silent.closed, 10_000, "close")).toEqual({
      code: 3012,
      reason: "no pong",
    });

    const idle = await RawClient.open(app.wsUrl);
    expect(await within(idle.closed, 10_000, "close")).toEqual({ code: 3502, reason: "stale" });
  });

  it("RTM-06 the centrifuge client with the spec's timings stays connected across several pings", async () => {
    const centrifuge = client();
    const ready = connected(centrifuge);
    centrifuge.connect();
    await ready;
    let drops = 0;
    centrifuge.on("disconnected", () => {
      drops += 1;
    });
    centrifuge.on("connecting", () => {
      drops += 1;
    });
    const raw = await RawClient.open(app.wsUrl);
    await raw.call("connect", {});
    // Three server pings pass (seen on a second connection of the same server).
    for (let i = 0; i < 3; i++) {
      await raw.next((frame) => Object.keys(frame).length === 0, 12_000, "ping");
    }
    expect(drops).toBe(0);
    expect(centrifuge.state).toBe("connected");
    raw.close();
    centrifuge.disconnect();
  });
});
