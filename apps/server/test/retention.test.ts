// Quests and loyalty (issue 8): the endpoints, the quest state machine, progress from domain
// events exactly once, the login-days streak in the player's zone, expiry, points and level-up,
// and the realtime events written with each change.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainEvents, raiseDomainEvent } from "../src/infra/domain-events";
import { expireQuests } from "../src/modules/retention/expire-quests";
import { grantPendingRewards } from "../src/modules/retention/grant-rewards";
import { listPlayerQuests } from "../src/modules/retention/list-quests";
import { handleLoyaltyEvent } from "../src/modules/retention/loyalty";
import { handleQuestEvent } from "../src/modules/retention/quest-progress";
import { insertQuest } from "../src/modules/retention/seed-retention";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import {
  beforeOneDispatch,
  GAME_TEST_ENV,
  gamePlayer,
  providerCall,
  providerId,
} from "./game-helpers";
import { approvedDeposit, fundedPlayer, sandboxDeposit } from "./payment-helpers";
import {
  bearer,
  createPlayerTestApp,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
} from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...GAME_TEST_ENV, SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

async function questId(slug: string): Promise<string> {
  const [row] = await app.testDb.query<{ id: string }>(
    "SELECT id::text AS id FROM quests WHERE slug = $1",
    [slug],
  );
  return row!.id;
}

function get(url: string, headers: Record<string, string>) {
  return app.inject({ url, headers });
}

async function activate(slug: string, headers: Record<string, string>) {
  return app.inject({
    method: "PUT",
    url: `/api/retention/quests/${await questId(slug)}/activate`,
    headers,
  });
}

async function playerQuests(headers: Record<string, string>, query = "") {
  const response = await get(`/api/retention/player-quests${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Json[];
}

async function events(channel: string): Promise<Json[]> {
  const rows = await app.testDb.query<{ payload: Json }>(
    "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
    [channel],
  );
  return rows.map((row) => row.payload);
}

async function account(headers: Record<string, string>) {
  const response = await get("/api/retention/account", headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Json;
}

describe("quests", () => {
  it("QS-01 API-72 GET /api/retention/quests lists the available quests with tasks and rewards", async () => {
    const p = await gamePlayer(app);
    const response = await get("/api/retention/quests?currency=EUR", p.headers);
    expect(response.statusCode, response.body).toBe(200);
    const quests = response.json().data as Json[];
    expect(quests.map((quest) => quest.name)).toEqual([
      "Warm-up",
      "Slot explorer",
      "High roller",
      "Daily visitor",
    ]);
    const warmUp = quests[0]!;
    expect(warmUp).toMatchObject({ state: 1, currency: "EUR", playerQuestId: null });
    expect(warmUp.tasks).toEqual([
      expect.objectContaining({
        type: "betCount",
        isActive: false,
        isCompleted: false,
        progress: "0",
        quantity: "5",
        minBet: "0.10",
      }),
      expect.objectContaining({ type: "winAmount", progress: "0.00", quantity: "5.00" }),
    ]);
    expect(warmUp.rewards).toEqual([expect.objectContaining({ type: "points", points: 50 })]);
    const explorer = quests[1]!;
    expect(explorer.tasks[0]).toMatchObject({
      type: "playGames",
      games: [
        { slug: "gold-rush", title: "Gold Rush" },
        { slug: "ocean-gems", title: "Ocean Gems" },
      ],
    });
    expect((await get("/api/retention/quests", {})).statusCode).toBe(401);
    const bad = await get("/api/retention/quests?currency=euro", p.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty("currency");
  });

  it("API-73 API-74 API-75 QS-02 QS-03 QS-04 QS-05 BE-37 activate, list by state[] and currency, cancel, activate again", async () => {
    const p = await gamePlayer(app);
    const first = await activate("warm-up", p.headers);
    expect(first.statusCode, first.body).toBe(200);
    const run = first.json().data as Json;
    expect(run).toMatchObject({ state: 2, name: "Warm-up", currency: "EUR", endedAt: null });
    expect(run.tasks.every((task: Json) => task.isActive)).toBe(true);
    // Seven days from activation.
    expect(new Date(run.expiresAt).getTime() - new Date(run.activatedAt).getTime()).toBe(
      7 * 86_400_000,
    );

    const again = await activate("warm-up", p.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(16001);

    expect((await playerQuests(p.headers, "?state[]=2&currency=EUR")).map((q) => q.id)).toEqual([
      run.id,
    ]);
    expect(await playerQuests(p.headers, "?state[]=2&currency=USD")).toEqual([]);
    expect(await playerQuests(p.headers, "?state[]=3")).toEqual([]);
    const listed = (await get("/api/retention/quests", p.headers)).json().data as Json[];
    expect(
      listed.find((quest) => quest.name === "Warm-up" && quest.currency === "EUR"),
    ).toMatchObject({ state: 2, playerQuestId: run.id });

    // Another player can neither see nor cancel it.
    const other = await registerByEmail(app, { currency: "EUR" });
    const foreign = await app.inject({
      method: "PUT",
      url: `/api/retention/player-quests/${run.id}/cancel`,
      headers: bearer(other.tokens.accessToken) as Record<string, string>,
    });
    expect(foreign.statusCode).toBe(404);

    const cancel = await app.inject({
      method: "PUT",
      url: `/api/retention/player-quests/${run.id}/cancel`,
      headers: p.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ id: run.id, state: 4 });
    const twice = await app.inject({
      method: "PUT",
      url: `/api/retention/player-quests/${run.id}/cancel`,
      headers: p.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe(16003);

    const channel = `retention:quests#${p.tokens.profileId}`;
    expect((await events(channel)).map((event) => [event.type, event.quest.state])).toEqual([
      ["quest.updated", 2],
      ["quest.updated", 4],
    ]);
    // Cancelled: it may be activated again, as a new run.
    const rerun = await activate("warm-up", p.headers);
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json().data.id).not.toBe(run.id);

    const unknown = await app.inject({
      method: "PUT",
      url: "/api/retention/quests/999999/activate",
      headers: p.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({
      method: "PUT",
      url: "/api/retention/player-quests/not-a-uuid/cancel",
      headers: p.headers,
    });
    expect(malformed.statusCode).toBe(422);
  });

  it("QS-05 QS-08 BE-37 settled bets move the tasks; all done completes the quest (3) and grants its points", async () => {
    const p = await gamePlayer(app, { funds: "50.00" });
    expect((await activate("warm-up", p.headers)).statusCode).toBe(200);
    // A stake under the task's minimum bet does not count toward betCount.
    await p.round("0.05");
    for (let i = 0; i < 5; i++) await p.round("0.10", "1.00");
    await app.domainEvents.drain();
    const [run] = await playerQuests(p.headers, "?state[]=3");
    expect(run).toMatchObject({ name: "Warm-up", state: 3 });
    expect(
      run!.tasks.map((task: Json) => [task.progress, task.isCompleted, task.isActive]),
    ).toEqual([
      ["5", true, false],
      ["5.00", true, false],
    ]);
    const channel = `retention:quests#${p.tokens.profileId}`;
    const published = await events(channel);
    const taskEvents = published.filter((event) => event.type === "quest.task.updated");
    expect(taskEvents.filter((event) => event.completedNow)).toHaveLength(2);
    expect(taskEvents.at(-1)).toMatchObject({
      quest: { name: "Warm-up" },
      task: { isCompleted: true },
    });
    expect(published.at(-1)).toMatchObject({
      type: "quest.updated",
      previousState: 2,
      quest: { state: 3 },
    });
    // 50 points of the reward (0.55 wagered earns no whole point yet).
    expect((await account(p.headers)).points).toBe(50);
    // Completed and not repeatable.
    const again = await activate("warm-up", p.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(16002);
    const listed = (await get("/api/retention/quests?currency=EUR", p.headers)).json().data;
    expect(listed.find((quest: Json) => quest.name === "Warm-up")).toMatchObject({ state: 3 });
  });

  it("BE-37 a sequential quest counts only its active task, and only the games it names", async () => {
    const p = await gamePlayer(app, { funds: "100.00" });
    expect((await activate("slot-explorer", p.headers)).statusCode).toBe(200);
    const other = await gamePlayer(app, { tokens: p.tokens, game: "lucky-sevens", funds: "0" });
    await other.round("1.00");
    await p.round("1.00");
    await app.domainEvents.drain();
    let [run] = await playerQuests(p.headers, "?state[]=2");
    expect(run!.tasks.map((task: Json) => [task.progress, task.isActive])).toEqual([
      ["1", true],
      ["0.00", false],
    ]);
    for (let i = 0; i < 9; i++) await p.round("1.00");
    await p.round("2.00");
    await app.domainEvents.drain();
    [run] = await playerQuests(p.headers, "?state[]=2");
    // The tenth round completed the first task; only the round after it counts for the second.
    expect(
      run!.tasks.map((task: Json) => [task.progress, task.isCompleted, task.isActive]),
    ).toEqual([
      ["10", true, false],
      ["2.00", false, true],
    ]);
  });

  it("BE-37 deposits count in the quest's currency; a bonus reward is issued through the bonus module once", async () => {
    const funded = await fundedPlayer(app, "50.00", { "x-test-country": "DE" });
    const headers = funded.headers as Record<string, string>;
    expect((await activate("high-roller", headers)).statusCode).toBe(200);
    await sandboxDeposit(app, { headers, account: funded.account }, "60.00");
    const [run] = await playerQuests(headers, "?state[]=2");
    expect(run!.tasks[0]).toMatchObject({ type: "deposit", progress: "20.00", isCompleted: true });
    // Finish it with bets: the bonus reward is recorded as a pending grant.
    const p = await gamePlayer(app, { tokens: { ...tokensOf(funded) }, funds: "100.00" });
    await p.round("60.00", "0");
    await p.round("40.00", "0");
    await app.domainEvents.drain();
    const [done] = await playerQuests(headers, "?state[]=3");
    expect(done).toMatchObject({ name: "High roller" });
    const grants = await app.testDb.query<{ status: string }>(
      "SELECT status FROM player_quest_rewards WHERE player_quest_id = $1",
      [done!.id],
    );
    expect(grants).toEqual([{ status: "granted" }]);
    const bonuses = await app.testDb.query<{ amount: string; currency: string }>(
      `SELECT amount::text AS amount, currency FROM player_bonuses
        WHERE player_id = $1 AND source LIKE $2`,
      [funded.profileId, `quest:${done!.id}:%`],
    );
    expect(bonuses).toEqual([{ amount: "1000", currency: "EUR" }]);
    // The job finds nothing left to grant.
    expect(
      await grantPendingRewards({
        db: app.testDb,
        now: app.clock.now,
        config: app.testConfig,
      } as never),
    ).toBe(0);
  });

  it("QS-03 BE-37 concurrent activations of one quest start one run; concurrent cancels end it once", async () => {
    const p = await gamePlayer(app);
    const answers = await Promise.all([1, 2, 3, 4].map(() => activate("warm-up", p.headers)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const runs = await playerQuests(p.headers, "?state[]=2");
    expect(runs).toHaveLength(1);
    const cancels = await Promise.all(
      [1, 2, 3].map(() =>
        app.inject({
          method: "PUT",
          url: `/api/retention/player-quests/${runs[0]!.id}/cancel`,
          headers: p.headers,
        }),
      ),
    );
    expect(cancels.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const published = await events(`retention:quests#${p.tokens.profileId}`);
    expect(published.map((event) => event.quest.state)).toEqual([2, 4]);
  });

  it("BE-37 a bonus reward whose definition is missing waits as pending; the job grants it once", async () => {
    const p = await gamePlayer(app);
    const id = await app.testDb.transaction((tx) =>
      insertQuest(
        tx,
        {
          slug: `later-${randomUUID().slice(0, 8)}`,
          name: "Later bonus",
          description: "",
          currency: "EUR",
          durationDays: 1,
          tasks: [{ name: "Place a bet", type: "betCount", quantity: 1n }],
          rewards: [{ type: "bonus", name: "A bonus", bonusId: "not-defined-yet" }],
        },
        98,
      ),
    );
    const started = await app.inject({
      method: "PUT",
      url: `/api/retention/quests/${id}/activate`,
      headers: p.headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    await p.round("1.00");
    await app.domainEvents.drain();
    const runId = started.json().data.id as string;
    const status = async () =>
      (
        await app.testDb.query<{ status: string }>(
          "SELECT status FROM player_quest_rewards WHERE player_quest_id = $1",
          [runId],
        )
      ).map((row) => row.status);
    expect(await status()).toEqual(["pending"]);
    const ctx = { db: app.testDb, now: app.clock.now, config: app.testConfig } as never;
    expect(await grantPendingRewards(ctx)).toBe(0);
    await app.testDb.query("UPDATE quest_rewards SET bonus_id = 'cash-10' WHERE quest_id = $1", [
      id,
    ]);
    expect(await grantPendingRewards(ctx)).toBe(1);
    expect(await grantPendingRewards(ctx)).toBe(0);
    expect(await status()).toEqual(["granted"]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-37 exactly once: the same settled bet raised twice and handed to two dispatchers moves progress once", async () => {
    const p = await gamePlayer(app);
    expect((await activate("warm-up", p.headers)).statusCode).toBe(200);
    await app.domainEvents.drain();
    // A second node: its own dispatcher with the same consumers, on the same database.
    const ctx = { now: app.clock.now, config: app.testConfig, db: app.testDb };
    const second = new DomainEvents({ error: () => {} });
    second.subscribe("quests", ["game.bet.settled"], (tx, event) =>
      handleQuestEvent(tx, ctx as never, event),
    );
    second.subscribe("loyalty", ["game.bet.settled"], (tx, event) =>
      handleLoyaltyEvent(tx, ctx as never, event),
    );
    await second.persist(app.testDb);
    const roundId = `synthetic-${randomUUID()}`;
    const payload = {
      roundId,
      providerRoundId: roundId,
      providerId: 2,
      playerId: p.tokens.profileId,
      gameId: 1,
      currency: "EUR",
      betAmount: "500",
      winAmount: "0",
      refundAmount: "0",
      closedAt: app.clock.now().toISOString(),
    };
    const raised = await app.testDb.transaction(async (tx) => [
      await raiseDomainEvent(tx, {
        type: "game.bet.settled",
        key: `game.bet.settled:${roundId}`,
        playerId: p.tokens.profileId,
        payload,
        at: app.clock.now(),
      }),
      await raiseDomainEvent(tx, {
        type: "game.bet.settled",
        key: `game.bet.settled:${roundId}`,
        playerId: p.tokens.profileId,
        payload,
        at: app.clock.now(),
      }),
    ]);
    expect(raised).toEqual([true, false]);
    await Promise.all([
      app.domainEvents.drain(),
      second.drain(),
      app.domainEvents.drain(),
      second.drain(),
    ]);
    const [run] = await playerQuests(p.headers, "?state[]=2");
    expect(run!.tasks[0]).toMatchObject({ type: "betCount", progress: "1" });
    // 5.00 wagered: 5 points, once.
    expect((await account(p.headers)).points).toBe(5);
  });

  it("BE-37 the login-days streak counts local days in the player's zone, across midnight", async () => {
    // 12:00 UTC is 21:00 in Tokyo (UTC+9).
    app.clock.current = new Date("2026-12-01T12:00:00Z");
    const { tokens, email, password } = await registerByEmail(app, { currency: "EUR" });
    let headers = bearer(tokens.accessToken) as Record<string, string>;
    await app.testDb.query("UPDATE players SET time_zone = 'Asia/Tokyo' WHERE id = $1", [
      tokens.profileId,
    ]);
    const start = await activate("daily-visitor", headers);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.tasks[0]).toMatchObject({ progress: "1", quantity: "3" });
    const signIn = async (hours: number) => {
      app.clock.advance(hours * 3600);
      const response = await loginAs(app, email, password);
      expect(response.statusCode, response.body).toBe(201);
      headers = bearer(response.json().data.accessToken) as Record<string, string>;
      await app.domainEvents.drain();
      const [run] = await playerQuests(headers);
      return run!;
    };
    // 16:00 UTC: still 1 December in UTC, but 01:00 on 2 December in Tokyo: day two.
    expect((await signIn(4)).tasks[0].progress).toBe("2");
    // The same local day again: nothing changes.
    expect((await signIn(2)).tasks[0].progress).toBe("2");
    // 00:00 UTC on 2 December is 09:00 on 3 December in Tokyo: day three completes the quest
    // and grants 30 points.
    const done = await signIn(30);
    expect(done).toMatchObject({ state: 3 });
    expect(done.tasks[0]).toMatchObject({ progress: "3", isCompleted: true });
    expect((await account(headers)).points).toBe(30);

    // Repeatable: a new run; a missed day starts the streak again.
    expect((await activate("daily-visitor", headers)).statusCode).toBe(200);
    const skipped = await signIn(48);
    expect(skipped.tasks[0].progress).toBe("1");
  });

  it("QS-05 expiry: state 5 when the player's time runs out, 6 when the quest's window closes", async () => {
    app.clock.current = new Date("2026-12-10T12:00:00Z");
    const ctx = { db: app.testDb, now: app.clock.now };
    // Runs of earlier tests are past their deadlines by now.
    await expireQuests(ctx);
    const p = await gamePlayer(app);
    expect((await activate("warm-up", p.headers)).statusCode).toBe(200);
    const windowed = await app.testDb.transaction(async (tx) => {
      const id = await insertQuest(
        tx,
        {
          slug: `short-${randomUUID().slice(0, 8)}`,
          name: "Weekend only",
          description: "",
          currency: "EUR",
          durationDays: 30,
          tasks: [{ name: "Place 3 bets", type: "betCount", quantity: 3n }],
          rewards: [{ type: "points", name: "5 points", points: 5 }],
        },
        99,
      );
      await tx.query("UPDATE quests SET available_until = $2 WHERE id = $1", [
        id,
        new Date("2026-12-11T00:00:00Z"),
      ]);
      return id;
    });
    const second = await app.inject({
      method: "PUT",
      url: `/api/retention/quests/${windowed}/activate`,
      headers: p.headers,
    });
    expect(second.statusCode, second.body).toBe(200);
    // The deadline is the window's end, not 30 days.
    expect(second.json().data.expiresAt).toBe("2026-12-11T00:00:00.000Z");

    expect(await expireQuests(ctx)).toBe(0);
    app.clock.advance(13 * 3600);
    await expireQuests(ctx);
    app.clock.advance(7 * 86_400);
    await expireQuests(ctx);
    // The access token has expired by now: read the runs through the use case.
    const runsOf = () => listPlayerQuests(ctx as never, p.tokens.profileId, [], null);
    const states = (await runsOf()).map((run) => [run.name, run.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        ["Warm-up", 5],
        ["Weekend only", 6],
      ]),
    );
    // A bet settled after the deadline counts for nothing.
    const roundId = `late-${randomUUID()}`;
    await app.testDb.transaction((tx) =>
      raiseDomainEvent(tx, {
        type: "game.bet.settled",
        key: `game.bet.settled:${roundId}`,
        playerId: p.tokens.profileId,
        payload: {
          roundId,
          providerRoundId: roundId,
          providerId: 2,
          playerId: p.tokens.profileId,
          gameId: 1,
          currency: "EUR",
          betAmount: "100",
          winAmount: "100",
          refundAmount: "0",
          closedAt: app.clock.now().toISOString(),
        },
        at: app.clock.now(),
      }),
    );
    await app.domainEvents.drain();
    const runs = await runsOf();
    expect(
      runs.every((run) => run.tasks.every((task: Json) => /^0(\.0+)?$/.test(task.progress))),
    ).toBe(true);
    const published = await events(`retention:quests#${p.tokens.profileId}`);
    expect(
      published.filter((event) => event.type === "quest.updated").map((e) => e.quest.state),
    ).toEqual([2, 2, 6, 5]);
  });
});

describe("loyalty", () => {
  it("LY-01 LY-02 API-76 API-77 the account starts at the first level; levels list in order with earn rules", async () => {
    const p = await gamePlayer(app, { funds: "0" });
    expect(await account(p.headers)).toMatchObject({
      points: 0,
      currentLevel: { name: "Bronze", order: 1, points: 0 },
      nextLevel: { name: "Silver", order: 2, points: 100 },
    });
    const levels = await app.inject({ url: "/api/retention/levels" });
    expect(levels.statusCode).toBe(200);
    expect(levels.json().data.map((level: Json) => level.order)).toEqual([1, 2, 3, 4, 5]);
    expect(levels.json().meta.earnRules).toEqual(
      expect.arrayContaining([
        { currency: "EUR", provider: null, gameType: null, wager: "1.00", points: 1 },
        { currency: "EUR", provider: null, gameType: "live-casino", wager: "5.00", points: 1 },
      ]),
    );
    expect((await app.inject({ url: "/api/retention/account" })).statusCode).toBe(401);
  });

  it("BE-38 wagers earn points by the most specific rule; reaching a threshold raises the level once (the order LY-03 and LY-04 compare)", async () => {
    const p = await gamePlayer(app, { funds: "200.00" });
    // 0.50 earns half a point: kept, not shown, and no event.
    await p.round("0.50");
    await app.domainEvents.drain();
    expect((await account(p.headers)).points).toBe(0);
    await p.round("0.50");
    await p.round("98.00", "0");
    await app.domainEvents.drain();
    const after = await account(p.headers);
    expect(after).toMatchObject({
      points: 99,
      currentLevel: { name: "Bronze" },
      nextLevel: { name: "Silver" },
    });
    await p.round("1.00");
    await app.domainEvents.drain();
    expect(await account(p.headers)).toMatchObject({
      points: 100,
      currentLevel: { name: "Silver", order: 2 },
      nextLevel: { name: "Gold", order: 3 },
    });
    const published = await events(`retention:accounts#${p.tokens.profileId}`);
    expect(published.map((event) => [event.account.points, event.previousLevelOrder])).toEqual([
      [1, 1],
      [99, 1],
      [100, 1],
    ]);
    expect(published.at(-1)).toMatchObject({
      type: "loyalty.account.updated",
      pointsAdded: 1,
      account: { currentLevel: { order: 2 } },
    });
    // The level-up also left a message in the messenger, once.
    const messages = await get("/api/notification/messenger/messages?page=1&perPage=10", p.headers);
    expect(messages.statusCode, messages.body).toBe(200);
    expect(
      (messages.json().data as Json[]).filter((message) => message.title === "New level: Silver"),
    ).toHaveLength(1);
    // A rule for a provider and a game type wins over the currency's default.
    await app.testDb.query(
      `INSERT INTO loyalty_earn_rules (currency, provider_id, game_type, wager_amount, points)
       SELECT 'EUR', id, 'new', 100, 3 FROM game_providers WHERE slug = 'sandbox-slots'`,
    );
    const fresh = await gamePlayer(app, { tokens: p.tokens, game: "pharaoh-spins", funds: "0" });
    await fresh.round("10.00");
    await app.domainEvents.drain();
    expect((await account(p.headers)).points).toBe(130);
    const entries = await app.testDb.query(
      "SELECT 1 FROM loyalty_point_entries WHERE player_id = $1",
      [p.tokens.profileId],
    );
    expect(entries).toHaveLength(5);
  });
});

describe("dispatch batches", () => {
  it("BE-37 BE-38 twelve rounds of three players settled in one transaction move points, levels and quests as one bet at a time would", async () => {
    const [a, b, c] = await Promise.all([
      gamePlayer(app, { funds: "200.00" }),
      gamePlayer(app, { funds: "200.00" }),
      gamePlayer(app, { funds: "200.00" }),
    ]);
    expect((await activate("warm-up", a!.headers)).statusCode).toBe(200);
    const stakes: [typeof a, string[]][] = [
      [a, ["1.00", "1.00", "0.05", "1.00"]],
      [b, ["60.00", "50.00", "0.50", "0.50"]],
      [c, ["2.00", "2.00", "2.00", "2.00"]],
    ];
    // Open rounds raise nothing: the twelve settle together below.
    const rounds: string[] = [];
    for (const [p, amounts] of stakes) {
      for (const amount of amounts) {
        const roundId = providerId("round");
        const placed = await p!.bet(amount, { roundId, closeRound: false });
        expect(placed.statusCode, placed.body).toBe(200);
        rounds.push(roundId);
      }
    }
    await app.domainEvents.drain();
    await app.testDb.query(
      `UPDATE game_rounds SET status = 'closed', closed_at = $2
        WHERE provider_round_id = ANY($1::text[])`,
      [rounds, app.clock.now()],
    );
    await app.domainEvents.drain();
    expect((await account(a!.headers)).points).toBe(3);
    expect(await account(b!.headers)).toMatchObject({
      points: 111,
      currentLevel: { name: "Silver" },
    });
    expect((await account(c!.headers)).points).toBe(8);
    // B's account events, one per bet that changed whole points, in order: the level rose at
    // the second.
    const published = await events(`retention:accounts#${b!.tokens.profileId}`);
    expect(
      published.map((event) => [event.account.points, event.previousLevelOrder, event.pointsAdded]),
    ).toEqual([
      [60, 1, 60],
      [110, 1, 50],
      [111, 2, 1],
    ]);
    const messages = await get(
      "/api/notification/messenger/messages?page=1&perPage=10",
      b!.headers,
    );
    expect(
      (messages.json().data as Json[]).filter((message) => message.title === "New level: Silver"),
    ).toHaveLength(1);
    // A's quest counted the three bets of at least 0.10; C has no quest and nothing moved.
    const [run] = await playerQuests(a!.headers, "?state[]=2");
    expect(run!.tasks.map((task: Json) => task.progress)).toEqual(["3", "0.00"]);
    expect(await playerQuests(c!.headers, "?state[]=2")).toEqual([]);
    const entries = await app.testDb.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM loyalty_point_entries WHERE player_id = ANY($1::uuid[])",
      [[a!.tokens.profileId, b!.tokens.profileId, c!.tokens.profileId]],
    );
    expect(entries[0]!.n).toBe(12);
  });

  it("BE-37 one dispatch's bets, deposit and sign-in move quests as one event at a time would, and publish each task once", async () => {
    const suffix = randomUUID().slice(0, 8);
    const quests = await app.testDb.transaction(async (tx) => [
      // Sequential: the bet that completes the first task opens the second for the bets after it.
      await insertQuest(
        tx,
        {
          slug: `steps-${suffix}`,
          name: `Steps ${suffix}`,
          description: "",
          currency: "EUR",
          durationDays: null,
          sequential: true,
          tasks: [
            { name: "Three bets of 1.00", type: "betCount", quantity: 3n, minBet: 100n },
            { name: "Wager 5.00", type: "betAmount", quantity: 500n },
          ],
          rewards: [{ type: "points", name: "7 points", points: 7 }],
        },
        90,
      ),
      await insertQuest(
        tx,
        {
          slug: `all-${suffix}`,
          name: `All ${suffix}`,
          description: "",
          currency: "EUR",
          durationDays: null,
          tasks: [
            { name: "Wager 100.00", type: "betAmount", quantity: 10_000n },
            { name: "Win 3.00", type: "winAmount", quantity: 300n },
            { name: "Deposit 50.00", type: "deposit", quantity: 5_000n },
            { name: "Five days", type: "loginDays", quantity: 5n },
          ],
          rewards: [{ type: "points", name: "1 point", points: 1 }],
        },
        91,
      ),
    ]);
    const activateById = (id: string, headers: Record<string, string>) =>
      app.inject({ method: "PUT", url: `/api/retention/quests/${id}/activate`, headers });
    // The same facts, handled a dispatch per fact or all in one dispatch.
    const play = async (startsAt: string, inOneDispatch: boolean) => {
      app.clock.current = new Date(startsAt);
      const { tokens, email, password } = await registerByEmail(app, { currency: "EUR" });
      const p = await gamePlayer(app, { tokens, funds: "20.00" });
      let headers = bearer(tokens.accessToken) as Record<string, string>;
      for (const id of quests) expect((await activateById(id, headers)).statusCode).toBe(200);
      const [walletAccount] = (await get("/api/wallet/accounts", headers)).json().data;
      await app.domainEvents.drain();
      const facts = [
        () => p.round("1.00"),
        () => p.round("1.00"),
        // Under the first task's minimum bet; its win counts.
        () => p.round("0.50", "2.00"),
        // The third bet of 1.00 completes the first task.
        () => p.round("1.00"),
        () => p.round("2.00", "1.00"),
        () => approvedDeposit(app, { headers, account: walletAccount }, "60.00"),
        // Past midnight (UTC, the player has no zone): a second day.
        async () => {
          app.clock.advance(3600);
          const signedIn = await loginAs(app, email, password);
          expect(signedIn.statusCode, signedIn.body).toBe(201);
          headers = bearer(signedIn.json().data.accessToken) as Record<string, string>;
        },
        // 5.00 wagered completes the sequential quest; the bet after it counts only for the other.
        () => p.round("3.00"),
        () => p.round("1.00"),
      ];
      const lastOutboxId = inOneDispatch
        ? await beforeOneDispatch(app, async () => {
            for (const fact of facts) await fact();
          })
        : "0";
      if (!inOneDispatch) {
        for (const fact of facts) {
          await fact();
          await app.domainEvents.drain();
        }
      }
      await app.domainEvents.drain();
      const runs = (await playerQuests(headers, "?state[]=2&state[]=3"))
        .filter((run) => run.name.endsWith(suffix))
        .map((run) => ({
          name: run.name,
          state: run.state,
          tasks: run.tasks.map((task: Json) => [task.progress, task.isCompleted, task.isActive]),
        }))
        .sort((x, y) => x.name.localeCompare(y.name));
      const published = (
        await app.testDb.query<{ payload: Json }>(
          "SELECT payload FROM event_outbox WHERE channel = $1 AND id > $2 ORDER BY id",
          [`retention:quests#${tokens.profileId}`, lastOutboxId],
        )
      ).map((row) => row.payload);
      return { runs, published, points: (await account(headers)).points as number };
    };

    const oneByOne = await play("2027-02-01T23:30:00Z", false);
    const together = await play("2027-02-03T23:30:00Z", true);
    expect(together.runs).toEqual([
      {
        name: `All ${suffix}`,
        state: 2,
        tasks: [
          ["9.50", false, true],
          ["3.00", true, false],
          ["50.00", true, false],
          ["2", false, true],
        ],
      },
      {
        name: `Steps ${suffix}`,
        state: 3,
        tasks: [
          ["3", true, false],
          ["5.00", true, false],
        ],
      },
    ]);
    expect(together.runs).toEqual(oneByOne.runs);
    expect(together.points).toBe(oneByOne.points);
    // One dispatch: each task that moved is published once, in its final state, then the
    // completed run.
    const taskEvents = together.published.filter((event) => event.type === "quest.task.updated");
    expect(
      taskEvents.map((event) => [
        event.quest.name,
        event.task.name,
        event.task.progress,
        event.completedNow,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [`Steps ${suffix}`, "Three bets of 1.00", "3", true],
        [`Steps ${suffix}`, "Wager 5.00", "5.00", true],
        [`All ${suffix}`, "Wager 100.00", "9.50", false],
        [`All ${suffix}`, "Win 3.00", "3.00", true],
        [`All ${suffix}`, "Deposit 50.00", "50.00", true],
        [`All ${suffix}`, "Five days", "2", false],
      ]),
    );
    expect(taskEvents).toHaveLength(6);
    expect(together.published.at(-1)).toMatchObject({
      type: "quest.updated",
      previousState: 2,
      quest: { name: `Steps ${suffix}`, state: 3 },
    });
    // A dispatch per fact published every step.
    expect(
      oneByOne.published.filter((event) => event.type === "quest.task.updated").length,
    ).toBeGreaterThan(6);
  });
});

describe("loyalty refunds", () => {
  it("BE-38 a late rollback of a settled round takes back the points its stake earned, once; the level stays", async () => {
    const p = await gamePlayer(app, { funds: "150.00" });
    const betId = providerId("bet");
    const placed = await p.bet("100.00", { transactionId: betId, closeRound: true });
    expect(placed.statusCode, placed.body).toBe(200);
    await app.domainEvents.drain();
    expect(await account(p.headers)).toMatchObject({ points: 100, currentLevel: { order: 2 } });
    const rollback = () =>
      providerCall(app, "rollback", {
        token: p.token,
        transactionId: `rb-${betId}`,
        referenceTransactionId: betId,
      });
    expect((await rollback()).statusCode).toBe(200);
    expect((await rollback()).statusCode).toBe(200);
    await app.domainEvents.drain();
    expect(await account(p.headers)).toMatchObject({ points: 0, currentLevel: { order: 2 } });
    const published = await events(`retention:accounts#${p.tokens.profileId}`);
    expect(published.map((event) => event.pointsAdded)).toEqual([100, -100]);
  });
});

describe("switched off", () => {
  it("QS-09 SEC-04 RT-29 with QUESTS_ENABLED and LOYALTY_ENABLED off the endpoints answer 404", async () => {
    const off = await createPlayerTestApp({ QUESTS_ENABLED: "false", LOYALTY_ENABLED: "false" });
    try {
      const { tokens } = await registerByEmail(off, { currency: "EUR" });
      const headers = bearer(tokens.accessToken) as Record<string, string>;
      for (const url of [
        "/api/retention/quests",
        "/api/retention/player-quests",
        "/api/retention/account",
        "/api/retention/levels",
      ]) {
        expect((await off.inject({ url, headers })).statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});

function tokensOf(funded: { profileId: string; headers: Record<string, string> }) {
  return {
    accessToken: String(funded.headers.authorization).replace("Bearer ", ""),
    sessionToken: "",
    expiresAt: "",
    profileId: funded.profileId,
  };
}
