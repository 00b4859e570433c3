// The realtime connection in the browser (spec §7 "Realtime"), observed on the wire: the
// WebSocket frames Chromium sends and receives, not the app's internals.
import type { Page, WebSocket } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  ACCOUNT_ENV,
  PASSWORD,
  registerByApi,
  signInWithModal,
  uniqueEmail,
} from "./support/accounts";
import { useSite } from "./support/fixture";

const site = useSite(ACCOUNT_ENV);

type Frame = Record<string, unknown>;

/** Every protocol message of the page's realtime sockets, both ways, as they happen. */
function recordRealtime(page: Page) {
  const sent: Frame[] = [];
  const received: Frame[] = [];
  const sockets: WebSocket[] = [];
  const waiters: { match: () => boolean; resolve: () => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.match()) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const parse = (payload: string | Buffer, into: Frame[]) => {
    for (const line of payload.toString().split("\n")) {
      if (line.trim()) into.push(JSON.parse(line) as Frame);
    }
    check();
  };
  page.on("websocket", (socket) => {
    if (!socket.url().endsWith("/api/connection/websocket")) return;
    sockets.push(socket);
    socket.on("framesent", (frame) => parse(frame.payload, sent));
    socket.on("framereceived", (frame) => parse(frame.payload, received));
  });
  return {
    sent,
    received,
    sockets,
    /** Resolves once `match` holds (checked on every frame), or fails after `ms`. */
    until(match: () => boolean, ms: number, what: string): Promise<void> {
      if (match()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
        waiters.push({
          match,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

const subscribedChannels = (sent: Frame[]) =>
  sent
    .map((frame) => (frame.subscribe as { channel?: string } | undefined)?.channel)
    .filter((channel): channel is string => typeof channel === "string");

describe("realtime in the browser", () => {
  test("RTM-01 RTM-02 RTM-03 RTM-07 RTM-09 sign-in connects with the token and subscribes the player's channels; a wallet event arrives", async () => {
    const email = uniqueEmail("realtime");
    const { profileId } = await registerByApi(site.server.url, email);
    const { page, context } = await site.open();
    const wire = recordRealtime(page);

    await page.goto("/");
    // A guest's tab opens no player channel (RTM-02).
    expect(subscribedChannels(wire.sent).filter((channel) => channel.includes("#"))).toEqual([]);

    await signInWithModal(page, email, PASSWORD);
    const expected = [
      `bonus:player-bonus-codes#${profileId}`,
      `bonus:player-bonuses#${profileId}`,
      `bonus:player-freespins#${profileId}`,
      `wallet:accounts#${profileId}`,
      `payment:invoices#${profileId}`,
      `retention:quests#${profileId}`,
      `retention:accounts#${profileId}`,
      `notification:messenger#${profileId}`,
      `retention:tournaments#${profileId}`,
      `game:bets#${profileId}`,
      "global:online",
    ];
    await wire.until(
      () => expected.every((channel) => subscribedChannels(wire.sent).includes(channel)),
      15_000,
      "the subscriptions",
    );
    // One connection for the tab (RTM-01), authenticated with the access token (RTM-02).
    expect(wire.sockets).toHaveLength(1);
    const connect = wire.sent.find((frame) => "connect" in frame) as {
      connect: { token?: string };
    };
    const token = (await context.cookies()).find((cookie) => cookie.name === "token")?.value;
    expect(connect.connect.token).toBe(token);
    // Every subscription was accepted (no error replies).
    await wire.until(
      () => wire.received.filter((frame) => "subscribe" in frame).length >= expected.length,
      10_000,
      "the subscribe replies",
    );
    expect(wire.received.filter((frame) => "error" in frame)).toEqual([]);

    // A second account opened for the player (through the API, as another device would):
    // its wallet event is pushed to the page.
    const response = await fetch(`${site.server.url}/api/wallet/accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ currency: "BTC" }),
    });
    expect(response.status).toBe(201);
    const isWalletEvent = (frame: Frame) => {
      const push = frame.push as { channel?: string; pub?: { data?: Frame } } | undefined;
      return (
        push?.channel === `wallet:accounts#${profileId}` &&
        push.pub?.data?.type === "wallet.account.created"
      );
    };
    await wire.until(() => wire.received.some(isWalletEvent), 10_000, "the wallet event");
    const event = wire.received.find(isWalletEvent) as {
      push: { pub: { data: { account: { currency: string } } } };
    };
    expect(event.push.pub.data.account.currency).toBe("BTC");
  });

  test("RTM-01 logout closes the realtime connection", async () => {
    const email = uniqueEmail("realtime-out");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    const wire = recordRealtime(page);
    await signInWithModal(page, email, PASSWORD);
    await wire.until(() => wire.sockets.length === 1, 15_000, "the connection");
    const socket = wire.sockets[0]!;
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await closed;
    expect(socket.isClosed()).toBe(true);
  });
});
