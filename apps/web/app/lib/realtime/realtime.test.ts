// The realtime client's behaviour around the `centrifuge` SDK (a fake here; the server tests
// run the real one against the real server): timings, channels, listeners, reconnects, tokens.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => {
  type Handler = (ctx: unknown) => void;
  class FakeSubscription {
    subscribed = false;
    private handlers = new Map<string, Handler[]>();
    constructor(
      readonly channel: string,
      readonly options?: { getToken?: () => Promise<string> },
    ) {}
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    subscribe() {
      this.subscribed = true;
    }
    /** The server's confirmation (centrifuge emits it again after each reconnect). */
    confirm() {
      for (const handler of this.handlers.get("subscribed") ?? []) handler({});
    }
    publish(data: unknown) {
      for (const handler of this.handlers.get("publication") ?? []) handler({ data });
    }
  }
  class FakeCentrifuge {
    static instances: FakeCentrifuge[] = [];
    connected = false;
    disconnected = false;
    readonly subscriptions = new Map<string, FakeSubscription>();
    private handlers = new Map<string, Handler[]>();
    constructor(
      readonly url: string,
      readonly options: Record<string, unknown> & { getToken: () => Promise<string> },
    ) {
      FakeCentrifuge.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string, ctx: unknown = {}) {
      for (const handler of this.handlers.get(event) ?? []) handler(ctx);
    }
    newSubscription(channel: string, options?: { getToken?: () => Promise<string> }) {
      if (this.subscriptions.has(channel)) throw new Error(`duplicate ${channel}`);
      const subscription = new FakeSubscription(channel, options);
      this.subscriptions.set(channel, subscription);
      return subscription;
    }
    connect() {
      this.connected = true;
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  class UnauthorizedError extends Error {}
  return { FakeCentrifuge, UnauthorizedError };
});

vi.mock("centrifuge", () => ({
  Centrifuge: fake.FakeCentrifuge,
  UnauthorizedError: fake.UnauthorizedError,
}));

const session = vi.hoisted(() => ({
  currentBearerToken: vi.fn<() => Promise<string | null>>(),
  rejectSession: vi.fn(),
}));
vi.mock("../api/api-client", () => session);

const {
  isRealtimeStarted,
  onRealtimePublication,
  onRealtimeReconnect,
  startRealtime,
  stopRealtime,
  subscribeRealtime,
} = await import("./realtime");
const { DEFAULT_QUERY_SYNC_RULES, keysFor, startRealtimeQuerySync } = await import(
  "./realtime-query-sync"
);

const PROFILE = "7f1e7c4e-7d0b-4e1a-9d7e-2f0a9c1b2c3d";

async function started(count = 1) {
  await vi.waitFor(() => expect(fake.FakeCentrifuge.instances).toHaveLength(count));
  return fake.FakeCentrifuge.instances[count - 1]!;
}

beforeEach(() => {
  vi.stubGlobal("location", { protocol: "https:", host: "casino.test" });
  fake.FakeCentrifuge.instances = [];
  session.currentBearerToken.mockReset();
  session.rejectSession.mockReset();
});
afterEach(() => {
  stopRealtime();
  vi.unstubAllGlobals();
});

describe("realtime client (spec §7)", () => {
  it("RTM-01 RTM-04 RTM-05 RTM-06 one client to /api/connection/websocket: reconnect 500 ms to 20 s, time-out 5 s, ping grace 10 s", async () => {
    startRealtime(PROFILE);
    const client = await started();
    expect(client.url).toBe("wss://casino.test/api/connection/websocket");
    expect(client.options).toMatchObject({
      minReconnectDelay: 500,
      maxReconnectDelay: 20_000,
      timeout: 5_000,
      maxServerPingDelay: 10_000,
    });
    expect(client.connected).toBe(true);
    expect(isRealtimeStarted()).toBe(true);
  });

  it("RTM-02 RTM-07 RTM-09 a player's tab subscribes to the spec's per-profile channels; a guest's to none of them", async () => {
    startRealtime(PROFILE);
    const client = await started();
    const channels = [...client.subscriptions.keys()];
    for (const name of [
      "bonus:player-bonus-codes",
      "bonus:player-bonuses",
      "bonus:player-freespins",
      "wallet:accounts",
      "payment:invoices",
      "retention:quests",
      "retention:accounts",
      "notification:messenger",
      "retention:tournaments",
      "game:bets",
    ]) {
      expect(channels).toContain(`${name}#${PROFILE}`);
    }
    expect(channels).toContain("global:online");
    expect([...client.subscriptions.values()].every((sub) => sub.subscribed)).toBe(true);

    startRealtime(null);
    const guest = await started(2);
    expect(client.disconnected).toBe(true);
    expect([...guest.subscriptions.keys()]).toEqual(["global:online"]);
    expect(await guest.options.getToken()).toBe("");
  });

  it("one connection per tab: starting again for the same player keeps it; another player replaces it; stop disconnects", async () => {
    startRealtime(PROFILE);
    const first = await started();
    startRealtime(PROFILE);
    startRealtime(PROFILE);
    await Promise.resolve();
    expect(fake.FakeCentrifuge.instances).toHaveLength(1);

    startRealtime("another-profile");
    const second = await started(2);
    expect(first.disconnected).toBe(true);
    expect(second.subscriptions.has("wallet:accounts#another-profile")).toBe(true);

    stopRealtime();
    expect(second.disconnected).toBe(true);
    expect(isRealtimeStarted()).toBe(false);
  });

  it("a stop before the client has loaded leaves nothing connected", async () => {
    startRealtime(PROFILE);
    stopRealtime();
    startRealtime(PROFILE);
    const client = await started();
    // Only the second start made a client.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.FakeCentrifuge.instances).toEqual([client]);
  });

  it("publications reach the channel's listeners (added before or after the start); a throwing listener spoils nothing", async () => {
    const early = vi.fn();
    const stopEarly = subscribeRealtime(`wallet:accounts#${PROFILE}`, early);
    startRealtime(PROFILE);
    const client = await started();
    const late = vi.fn();
    const all = vi.fn();
    const stopAll = onRealtimePublication(all);
    subscribeRealtime(`wallet:accounts#${PROFILE}`, () => {
      throw new Error("a feature bug");
    });
    subscribeRealtime(`wallet:accounts#${PROFILE}`, late);
    // A channel outside the standard set is subscribed when someone listens.
    const winners = vi.fn();
    subscribeRealtime("game:winners", winners);
    expect(client.subscriptions.get("game:winners")?.subscribed).toBe(true);

    const onError = vi.fn();
    vi.stubGlobal("reportError", onError);
    client.subscriptions.get(`wallet:accounts#${PROFILE}`)!.publish({ type: "x" });
    expect(early).toHaveBeenCalledWith({ type: "x" });
    expect(late).toHaveBeenCalledWith({ type: "x" });
    expect(all).toHaveBeenCalledWith(`wallet:accounts#${PROFILE}`, { type: "x" });
    expect(onError).toHaveBeenCalledTimes(1);

    stopEarly();
    stopAll();
    client.subscriptions.get(`wallet:accounts#${PROFILE}`)!.publish({ type: "y" });
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(2);
    expect(all).toHaveBeenCalledTimes(1);
    expect(winners).not.toHaveBeenCalled();
  });

  it("onRealtimeReconnect listeners run after each reconnect, not after the first connect", async () => {
    const reconnected = vi.fn();
    const stop = onRealtimeReconnect(reconnected);
    startRealtime(PROFILE);
    const client = await started();
    client.emit("connected");
    expect(reconnected).not.toHaveBeenCalled();
    client.emit("connected");
    client.emit("connected");
    expect(reconnected).toHaveBeenCalledTimes(2);
    stop();
    client.emit("connected");
    expect(reconnected).toHaveBeenCalledTimes(2);

    // A new sign-in starts over: its first connect is not a reconnect.
    const again = vi.fn();
    onRealtimeReconnect(again);
    startRealtime("another-profile");
    const next = await started(2);
    next.emit("connected");
    expect(again).not.toHaveBeenCalled();
  });

  it("getToken: the session's access token (refreshed by the session layer); a failed refresh ends the session, unauthorized", async () => {
    startRealtime(PROFILE);
    const client = await started();
    session.currentBearerToken.mockResolvedValueOnce("access-token");
    await expect(client.options.getToken()).resolves.toBe("access-token");

    session.currentBearerToken.mockRejectedValueOnce(new Error("refresh refused"));
    await expect(client.options.getToken()).rejects.toBeInstanceOf(fake.UnauthorizedError);
    expect(session.rejectSession).toHaveBeenCalledTimes(1);

    // Signed out meanwhile (another tab): unauthorized, not a guest connection.
    session.currentBearerToken.mockResolvedValueOnce(null);
    await expect(client.options.getToken()).rejects.toBeInstanceOf(fake.UnauthorizedError);

    // The client gives up (disconnected): the next start for the same player connects again.
    client.emit("disconnected", { code: 1, reason: "unauthorized" });
    expect(isRealtimeStarted()).toBe(false);
    startRealtime(PROFILE);
    await started(2);
  });

  it("a chat channel subscribes with its subscription token getter, asked again at each subscribe, and kept across a restart", async () => {
    const channel = "chat:conversation:6f9619ff-8b86-4d01-b42d-00cf4fc964ff";
    const tokens = ["first", "second", "third"];
    const getToken = vi.fn(async () => tokens.shift() ?? "none");
    // A guest's chat: listened to before the (guest) connection exists.
    const stop = subscribeRealtime(channel, () => {}, getToken);
    startRealtime(null);
    const guest = await started();
    const subscription = guest.subscriptions.get(channel)!;
    await expect(subscription.options?.getToken?.()).resolves.toBe("first");
    await expect(subscription.options?.getToken?.()).resolves.toBe("second");
    // Signing in replaces the connection; the channel and its getter come along.
    startRealtime(PROFILE);
    const player = await started(2);
    await expect(player.subscriptions.get(channel)?.options?.getToken?.()).resolves.toBe("third");
    // Channels without a token getter subscribe without one.
    expect(player.subscriptions.get(`wallet:accounts#${PROFILE}`)?.options).toBeUndefined();
    stop();
  });
});

describe("realtime query sync", () => {
  it("invoice and wallet-account events invalidate the wallet and invoice queries; other events nothing", () => {
    expect(
      keysFor(DEFAULT_QUERY_SYNC_RULES, `wallet:accounts#${PROFILE}`, {
        type: "wallet.account.updated",
      }),
    ).toEqual([["wallet", "accounts"]]);
    expect(
      keysFor(DEFAULT_QUERY_SYNC_RULES, `payment:invoices#${PROFILE}`, {
        type: "invoice.deposit.updated",
      }),
    ).toEqual([
      ["payment", "invoices"],
      ["wallet", "accounts"],
    ]);
    expect(keysFor(DEFAULT_QUERY_SYNC_RULES, `payment:invoices#${PROFILE}`, {})).toEqual([]);
    expect(
      keysFor(DEFAULT_QUERY_SYNC_RULES, `retention:quests#${PROFILE}`, { type: "quest.updated" }),
    ).toEqual([]);
  });

  it("installed on a query client, it invalidates on publications and whenever its channel is (re)subscribed", async () => {
    const invalidateQueries = vi.fn(async () => {});
    const stop = startRealtimeQuerySync({ invalidateQueries } as never, [
      { namespace: "retention:quests", queryKeys: [["retention", "quests"]] },
    ]);
    startRealtime(PROFILE);
    const client = await started();
    const quests = client.subscriptions.get(`retention:quests#${PROFILE}`)!;
    quests.publish({ type: "quest.updated" });
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ["retention", "quests"] });
    // Confirmed late (or again after a reconnect): what was read before may have missed an event.
    quests.confirm();
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    // Another channel's confirmation touches no key of the rule.
    client.subscriptions.get(`wallet:accounts#${PROFILE}`)!.confirm();
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    stop();
    quests.confirm();
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
  });
});
