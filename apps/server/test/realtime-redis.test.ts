// Fan-out across nodes through Redis (REDIS_URL): two server nodes on one database, a player
// connected to node A, an event raised on node B (BE-42, issue 8). Redis is TEST_REDIS_URL
// (scripts/test.mjs starts a throwaway one) or a throwaway redis-server started here. Skipped
// only when redis-server is absent outside CI; in CI (CI=true) a missing Redis fails the test.
import { playerChannel, REALTIME_TIMINGS } from "@casino/contract/realtime";
import { Centrifuge } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerByEmail } from "./player-helpers";
import {
  createRealtimeTestApp,
  findRedisServer,
  RawClient,
  type RealtimeTestApp,
  startThrowawayRedis,
  WebSocket,
  within,
} from "./realtime-helpers";

const givenUrl = process.env.TEST_REDIS_URL;
const redisServer = findRedisServer();
const inCi = process.env.CI === "true";
const canRun = Boolean(givenUrl || redisServer) || inCi;

describe.skipIf(!canRun)("realtime across two nodes through Redis (BE-42)", () => {
  let nodeA: RealtimeTestApp;
  let nodeB: RealtimeTestApp;
  let stopRedis = async () => {};

  beforeAll(async () => {
    let url = givenUrl;
    if (!url) {
      if (!redisServer)
        throw new Error("CI=true needs redis-server (apt-get install redis-server)");
      const redis = await startThrowawayRedis(redisServer);
      url = redis.url;
      stopRedis = redis.stop;
    }
    nodeA = await createRealtimeTestApp({ env: { REDIS_URL: url } });
    // Node B: the same database and secrets, its own pub/sub connections, hub and publisher.
    nodeB = await createRealtimeTestApp({
      db: nodeA.testDb,
      env: {
        REDIS_URL: url,
        JWT_SECRET: nodeA.testConfig.secrets.jwtSecret,
        WEBHOOK_SECRET: nodeA.testConfig.secrets.webhookSecret,
      },
    });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    await stopRedis();
  });

  it("BE-42 a player connected to node A receives a wallet event raised on node B; a client of B gets it too", async () => {
    expect(nodeA.realtime.pubsub.kind).toBe("redis");
    expect(nodeB.realtime.pubsub.kind).toBe("redis");
    const { tokens } = await registerByEmail(nodeB);
    const channel = playerChannel("walletAccounts", tokens.profileId);

    const centrifuge = new Centrifuge(nodeA.wsUrl, {
      websocket: WebSocket,
      token: tokens.accessToken,
      ...REALTIME_TIMINGS,
    });
    const sub = centrifuge.newSubscription(channel);
    const onA = within(
      new Promise<unknown>((resolve) => sub.on("publication", (ctx) => resolve(ctx.data))),
      15_000,
      "publication on node A",
    );
    const subscribedA = within(
      new Promise((resolve) => sub.once("subscribed", resolve)),
      5_000,
      "subscribed on A",
    );
    sub.subscribe();
    centrifuge.connect();
    await subscribedA;

    const onB = await RawClient.open(nodeB.wsUrl);
    await onB.call("connect", { token: tokens.accessToken });
    await onB.call("subscribe", { channel });
    const pushOnB = onB.next((frame) => "push" in frame, 5_000, "push on node B");

    const response = await nodeB.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers: bearer(tokens.accessToken),
      payload: { currency: "BTC" },
    });
    expect(response.statusCode).toBe(201);

    expect(await onA).toMatchObject({
      type: "wallet.account.created",
      account: { currency: "BTC" },
    });
    expect(await pushOnB).toMatchObject({
      push: { channel, pub: { data: { type: "wallet.account.created" } } },
    });
    // Exactly once on each node: the two publishers did not both send it.
    await nodeA.realtime.publisher.drain();
    await nodeB.realtime.publisher.drain();
    const fence = onB.next((frame) => "push" in frame, 5_000, "fence");
    await nodeA.realtime.pubsub.publish([{ channel, data: { type: "fence" } }]);
    await fence;
    expect(onB.frames.filter((frame) => "push" in frame)).toHaveLength(2);
    centrifuge.disconnect();
    onB.close();
  });
});
