// Fan-out across nodes through Redis (REDIS_URL): two server nodes on one database, a player
// connected to node A, an event raised on node B (BE-42, issue 8). Redis is TEST_REDIS_URL
// (scripts/test.mjs starts a throwaway one) or a throwaway redis-server started here. Skipped
// only when redis-server is absent outside CI; in CI (CI=true) a missing Redis fails the test.
import { playerChannel, REALTIME_TIMINGS } from "@casino/contract/realtime";
import { Centrifuge } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerByEmail } from "./player-helpers";
import {
  canRunTwoNodes,
  RawClient,
  type RealtimeTestApp,
  startTwoRedisNodes,
  WebSocket,
  within,
} from "./realtime-helpers";

describe.skipIf(!canRunTwoNodes)("realtime across two nodes through Redis (BE-42)", () => {
  let nodeA: RealtimeTestApp;
  let nodeB: RealtimeTestApp;
  let closeNodes = async () => {};

  beforeAll(async () => {
    ({ nodeA, nodeB, close: closeNodes } = await startTwoRedisNodes());
  });
  afterAll(() => closeNodes());

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
