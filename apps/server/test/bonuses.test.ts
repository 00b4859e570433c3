// Bonuses (issue 7): deposit bonuses, bonus codes, the life cycle of spec §4, bets under a bonus
// at the provider wallet API, wagering from settled bets, turn-over wager, and a property test
// that bonus money never creates money. Runs on PGlite and PostgreSQL.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { DepositBonus } from "@casino/contract/bonus";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { expireBonuses } from "../src/modules/bonus/expire-bonuses";
import { issueBonus } from "../src/modules/bonus/issue-bonus";
import { providerPlayerId } from "../src/modules/game/provider-signature";
import { signWalletBody } from "../src/modules/studio/platform-client";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import {
  beforeOneDispatch,
  fundAccount,
  GAME_TEST_ENV,
  gamePlayer,
  providerCall,
  providerId,
  settledThenRefunded,
  TEST_PROVIDER_SECRET,
} from "./game-helpers";
import { eurPlayer, sandboxDeposit } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...GAME_TEST_ENV, SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

/** What the bonus module's functions need of the app context, for calls made by hand. */
const ctxOf = () => ({ db: app.testDb, now: app.clock.now }) as unknown as AppContext;

async function bonusId(slug: string): Promise<number> {
  const [row] = await app.testDb.query<{ id: number }>("SELECT id FROM bonuses WHERE slug = $1", [
    slug,
  ]);
  return row!.id;
}

const player = () => eurPlayer(app);
type Player = Awaited<ReturnType<typeof player>>;

const deposit = (p: Player, amount: string, extra: Record<string, unknown> = {}) =>
  sandboxDeposit(app, p, amount, extra);

async function wallet(headers: Record<string, string>) {
  return (await app.inject({ url: "/api/wallet/accounts", headers })).json().data[0] as {
    balance: string;
    withdrawalBalance: string;
    bonusBalance: string;
  };
}

async function bonuses(headers: Record<string, string>, query = "") {
  const response = await app.inject({ url: `/api/game/player-bonuses${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    id: number;
    status: number;
    result: number;
    amount: string;
    balance: string;
    wagered: string;
    wagerTotal: string;
    bonusId: number;
  }[];
}

async function channelEvents(channel: string) {
  const rows = await app.testDb.query<{ payload: Record<string, unknown> }>(
    "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
    [channel],
  );
  return rows.map((row) =>
    typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
  ) as EventPayload[];
}

/** The parts of outbox payloads these tests read. */
interface EventPayload {
  type?: string;
  playerBonus: { status: number; result: number; currency?: string };
  playerFreespin: { status: number; result: number };
  playerBonusCode: Record<string, unknown>;
  [key: string]: unknown;
}

const applyCode = (headers: Record<string, string>, bonusCode: string, trigger: 1 | 3) =>
  app.inject({
    method: "POST",
    url: "/api/game/bonuses/bonuscodes",
    headers,
    payload: { bonusCode, trigger },
  });

describe("deposit bonuses", () => {
  it("API-57 BN-13 BN-14 lists the next welcome step and the other deposit bonuses with derived minDeposit/maxDeposit", async () => {
    const p = await player();
    const response = await app.inject({
      url: "/api/game/bonuses?currency=EUR&amount=50",
      headers: p.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data as DepositBonus[];
    const names = list.map((bonus) => bonus.id);
    expect(names).toContain(await bonusId("welcome-1"));
    expect(names).not.toContain(await bonusId("welcome-2"));
    expect(names).not.toContain(await bonusId("no-deposit-5"));
    const welcome = list.find((bonus) => bonus.id === list[0]!.id)!;
    expect(welcome).toMatchObject({
      type: 2,
      minDeposit: "10.00",
      maxDeposit: "5000.00",
      package: { name: "Welcome package" },
      assignConditions: { depositPercentage: "100" },
      triggerConditions: {
        invoiceAmountItems: [{ currency: "EUR", amountFrom: "10", amountTo: "5000" }],
      },
    });
    expect(welcome.package?.packageItems).toHaveLength(3);
    const cash = list.find((bonus) => bonus.type === 1)!;
    expect(cash).toMatchObject({ minDeposit: "50.00", maxDeposit: null });
    // USD: the base-currency bounds.
    const usd = await app.inject({ url: "/api/game/bonuses?currency=USD", headers: p.headers });
    expect(usd.json().data[0]).toMatchObject({ minDeposit: "10.00" });
    expect(
      (await app.inject({ url: "/api/game/bonuses?currency=eur", headers: p.headers })).statusCode,
    ).toBe(422);
    expect((await app.inject({ url: "/api/game/bonuses?currency=EUR" })).statusCode).toBe(401);
  });

  it("BE-29 DP-18 BN-06 a successful deposit issues the selected percent bonus, active at once; a declined one issues nothing", async () => {
    const p = await player();
    await deposit(p, "50", { bonusId: await bonusId("welcome-1") });
    const list = await bonuses(p.headers, "?status[]=1&status[]=2&currency[]=EUR");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 2, result: 1, amount: "50.00", wagerTotal: "1750.00" });
    expect(await wallet(p.headers)).toMatchObject({
      balance: "100.00",
      withdrawalBalance: "50.00",
      bonusBalance: "50.00",
    });
    const events = await channelEvents(`bonus:player-bonuses#${p.profileId}`);
    expect(events.map((e) => `${e.playerBonus.status}-${e.playerBonus.result}`)).toEqual([
      "1-1",
      "2-1",
    ]);
    // API-58: the step is used now; the next one is offered.
    const status = await app.inject({
      url: `/api/game/bonuses/status?bonusIds=${await bonusId("welcome-1")},${await bonusId("welcome-2")}&currency=EUR`,
      headers: p.headers,
    });
    expect(status.json().data).toEqual([
      { bonusId: await bonusId("welcome-1"), isAvailable: false, reason: "used" },
      { bonusId: await bonusId("welcome-2"), isAvailable: true, reason: null },
    ]);
    const declined = await player();
    await deposit(declined, "50", { bonusId: await bonusId("welcome-1"), isBonusDecline: true });
    expect(await bonuses(declined.headers)).toEqual([]);
    // A deposit out of the bonus's range gets nothing either.
    const small = await player();
    await deposit(small, "6000", { bonusId: await bonusId("welcome-1") });
    expect(await bonuses(small.headers)).toEqual([]);
  });

  it("BE-40 a bonus the platform gives leaves one message in the player's messenger", async () => {
    const p = await player();
    expect((await applyCode(p.headers, "WELCOME5", 1)).json().data.status).toBe(2);
    // A second try of the code issues nothing and writes nothing.
    expect((await applyCode(p.headers, "WELCOME5", 1)).json().data.status).toBe(4);
    const inbox = await app.inject({
      url: "/api/notification/messenger/messages?page=1&perPage=10",
      headers: p.headers,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const bonusMessages = (
      inbox.json().data as { type: string; title: string; text: string }[]
    ).filter((message) => message.title.startsWith("Bonus:"));
    expect(bonusMessages).toHaveLength(1);
    expect(bonusMessages[0]!.text).toBe("5.00 EUR was added to your bonus balance.");
  });

  it("BN-12 API-56 cashback per currency", async () => {
    const p = await player();
    const response = await app.inject({
      url: "/api/game/bonuses/cashback?currency=EUR",
      headers: p.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      currency: "EUR",
      percentage: "10",
      period: "weekly",
      amount: "0.00",
    });
    const none = await app.inject({
      url: "/api/game/bonuses/cashback?currency=GBP",
      headers: p.headers,
    });
    expect(none.json().data).toBeNull();
  });
});

describe("bonus codes", () => {
  it("BE-30 BN-10 BN-11 ER-19 API-53 API-54 API-55 trigger 1 applies, 3 incorrect, 4 not available, a deposit code falls back to trigger 3 and applies at the deposit", async () => {
    const p = await player();
    const applied = await applyCode(p.headers, "welcome5", 1);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ bonusCode: "WELCOME5", status: 2, trigger: 1 });
    expect((await wallet(p.headers)).bonusBalance).toBe("5.00");
    expect((await applyCode(p.headers, "WELCOME5", 1)).json().data.status).toBe(4);
    expect((await applyCode(p.headers, "NO-SUCH-CODE", 1)).json().data.status).toBe(3);
    expect((await applyCode(p.headers, "bad code!", 1)).json().data.status).toBe(3);

    const stored = (await applyCode(p.headers, "DEPOSIT50", 1)).json().data;
    expect(stored).toMatchObject({ status: 1, trigger: 3 });
    const listed = await app.inject({
      url: "/api/game/bonuses/bonuscodes?trigger=3",
      headers: p.headers,
    });
    expect(listed.json().data.map((code: { id: number }) => code.id)).toEqual([stored.id]);
    const removed = await app.inject({
      method: "DELETE",
      url: "/api/game/bonuses/bonuscodes",
      headers: p.headers,
      payload: { playerBonusCodeId: stored.id },
    });
    expect(removed.statusCode).toBe(204);
    const again = await app.inject({
      method: "DELETE",
      url: "/api/game/bonuses/bonuscodes",
      headers: p.headers,
      payload: { playerBonusCodeId: stored.id },
    });
    expect(again.statusCode).toBe(404);
    expect(
      (
        await app.inject({ url: "/api/game/bonuses/bonuscodes?trigger=3", headers: p.headers })
      ).json().data,
    ).toEqual([]);

    // DP-19: stored with trigger 3, applied by the next deposit (50 % of 40).
    expect((await applyCode(p.headers, "DEPOSIT50", 3)).json().data.status).toBe(1);
    await deposit(p, "60");
    const list = await bonuses(p.headers);
    expect(list.map((bonus) => bonus.amount).sort()).toEqual(["30.00", "5.00"]);
    const events = await channelEvents(`bonus:player-bonus-codes#${p.profileId}`);
    expect(events.at(-1)!.playerBonusCode).toMatchObject({ bonusCode: "DEPOSIT50", status: 2 });
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/game/bonuses/bonuscodes",
          headers: p.headers,
          payload: { bonusCode: "", trigger: 2 },
        })
      ).statusCode,
    ).toBe(422);
  });

  it("abuse: the same code applied concurrently 50 times by one player is applied once", async () => {
    const p = await player();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => applyCode(p.headers, "WELCOME5", 1)),
    );
    const statuses = answers.map((answer) => answer.json().data.status as number);
    expect(statuses.filter((status) => status === 2)).toHaveLength(1);
    expect(statuses.filter((status) => status === 4)).toHaveLength(49);
    expect(await bonuses(p.headers)).toHaveLength(1);
    expect((await wallet(p.headers)).bonusBalance).toBe("5.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});

describe("life cycle (spec §4)", () => {
  it("API-47 API-49 API-50 BN-04 BE-31 activate and cancel: one active bonus per currency, cancel removes the money (3-3), expiry (3-4)", async () => {
    const p = await player();
    await deposit(p, "50", { bonusId: await bonusId("welcome-1") });
    expect((await applyCode(p.headers, "WELCOME5", 1)).json().data.status).toBe(2);
    const [first, second] = [...(await bonuses(p.headers))].sort((a, b) => a.id - b.id);
    expect(first!.status).toBe(2);
    expect(second!.status).toBe(1);
    // API-47: the list's fields, and its status[] and currency[] filters.
    expect(first).toMatchObject({
      id: expect.any(Number),
      status: 2,
      result: 1,
      currency: "EUR",
      amount: "50.00",
      packageId: expect.any(Number),
      issueSessionId: expect.any(String),
    });
    expect(second).toMatchObject({
      currency: "EUR",
      packageId: null,
      issueSessionId: expect.any(String),
    });
    expect((await bonuses(p.headers, "?status[]=1")).map((item) => item.id)).toEqual([second!.id]);
    expect(await bonuses(p.headers, "?currency[]=USD")).toEqual([]);
    expect((await bonuses(p.headers, "?status[]=1&status[]=2&currency[]=EUR")).length).toBe(2);
    const busy = await app.inject({
      method: "PUT",
      url: `/api/game/player-bonuses/${second!.id}/activate`,
      headers: p.headers,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe(16001);

    const cancel = await app.inject({
      method: "PUT",
      url: `/api/game/player-bonuses/${first!.id}/cancel`,
      headers: p.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 3, result: 3, balance: "0.00" });
    expect(await wallet(p.headers)).toMatchObject({
      withdrawalBalance: "50.00",
      bonusBalance: "5.00",
    });
    const twice = await app.inject({
      method: "PUT",
      url: `/api/game/player-bonuses/${first!.id}/cancel`,
      headers: p.headers,
    });
    expect(twice.statusCode).toBe(409);

    const activated = await app.inject({
      method: "PUT",
      url: `/api/game/player-bonuses/${second!.id}/activate`,
      headers: p.headers,
    });
    expect(activated.json().data).toMatchObject({ status: 2, result: 1 });
    const other = await player();
    expect(
      (
        await app.inject({
          method: "PUT",
          url: `/api/game/player-bonuses/${second!.id}/cancel`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: "PUT",
          url: "/api/game/player-bonuses/abc/cancel",
          headers: p.headers,
        })
      ).statusCode,
    ).toBe(422);

    app.clock.advance(8 * 24 * 3600);
    try {
      expect(await expireBonuses(ctxOf())).toBeGreaterThanOrEqual(1);
      expect(await expireBonuses(ctxOf())).toBe(0);
    } finally {
      app.clock.advance(-8 * 24 * 3600);
    }
    const expired = (await bonuses(p.headers)).find((bonus) => bonus.id === second!.id)!;
    expect(expired).toMatchObject({ status: 3, result: 4 });
    expect((await wallet(p.headers)).bonusBalance).toBe("0.00");
    const events = await channelEvents(`bonus:player-bonuses#${p.profileId}`);
    const keys = events.map((e) => `${e.playerBonus.status}-${e.playerBonus.result}`);
    expect(keys).toEqual(expect.arrayContaining(["1-1", "2-1", "3-3", "3-4"]));
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BN-02 BN-05 API-48 API-51 API-52 free spins of the third welcome step: listed, activated, cancel locked only once played", async () => {
    const p = await player();
    await deposit(p, "50", { bonusId: await bonusId("welcome-1") });
    await deposit(p, "60", { bonusId: await bonusId("welcome-2") });
    await deposit(p, "55", { bonusId: await bonusId("welcome-3") });
    const response = await app.inject({
      url: "/api/game/player-freespins?status[]=1&status[]=2&currency[]=EUR",
      headers: p.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [spins] = response.json().data;
    expect(spins).toMatchObject({
      status: 1,
      result: 1,
      count: 50,
      gameSlug: "fruit-lines",
      betAmount: "0.20",
    });
    const activated = await app.inject({
      method: "PUT",
      url: `/api/game/player-freespins/${spins.id}/activate`,
      headers: p.headers,
    });
    expect(activated.json().data).toMatchObject({ status: 2, result: 1 });
    const canceled = await app.inject({
      method: "PUT",
      url: `/api/game/player-freespins/${spins.id}/cancel`,
      headers: p.headers,
    });
    expect(canceled.json().data).toMatchObject({ status: 3, result: 3 });
    const events = await channelEvents(`bonus:player-freespins#${p.profileId}`);
    expect(events.map((e) => `${e.playerFreespin.status}-${e.playerFreespin.result}`)).toEqual([
      "1-1",
      "2-1",
      "3-3",
    ]);
  });
});

describe("free spins of an outside provider", () => {
  it("BN-05 the provider's free-spins URL is data: activation posts the signed grant there, a failure leaves the spins to activate again, no URL only records them", async () => {
    // The outside studio: an HTTP endpoint that keeps what it receives.
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    let answer = 500;
    const studio = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answer, { "content-type": "application/json" });
        response.end(JSON.stringify({ data: { id: "remote-1" } }));
      });
    });
    await new Promise<void>((ok) => studio.listen(0, "127.0.0.1", ok));
    const { port } = studio.address() as AddressInfo;
    await app.testDb.query(
      `UPDATE bonuses SET freespin_game_id = (SELECT id FROM games WHERE slug = 'gold-rush'),
              assign_conditions = '{"presets":{"quantity":3}}'
        WHERE slug = 'welcome-3'`,
    );
    await app.testDb.query(
      "UPDATE game_providers SET free_spins_url = $1 WHERE slug = 'sandbox-slots'",
      [`http://127.0.0.1:${port}/platform/free-spins`],
    );
    const spinsOf = async (p: Player) => {
      await deposit(p, "50", { bonusId: await bonusId("welcome-1") });
      await deposit(p, "60", { bonusId: await bonusId("welcome-2") });
      await deposit(p, "55", { bonusId: await bonusId("welcome-3") });
      const [spins] = (
        await app.inject({ url: "/api/game/player-freespins", headers: p.headers })
      ).json().data;
      expect(spins).toMatchObject({ gameSlug: "gold-rush", count: 3, status: 1 });
      return spins.id as number;
    };
    const activate = (p: Player, id: number) =>
      app.inject({
        method: "PUT",
        url: `/api/game/player-freespins/${id}/activate`,
        headers: p.headers,
      });
    try {
      const p = await player();
      const id = await spinsOf(p);
      // The studio fails: the spins stay waiting, and the player can try again.
      const failed = await activate(p, id);
      expect(failed.statusCode, failed.body).toBe(503);
      expect(
        (await app.inject({ url: "/api/game/player-freespins", headers: p.headers })).json()
          .data[0],
      ).toMatchObject({ id, status: 1 });
      answer = 200;
      const activated = await activate(p, id);
      expect(activated.statusCode, activated.body).toBe(200);
      expect(activated.json().data).toMatchObject({ status: 2 });
      // Both attempts carried the same grant, signed with the provider's secret.
      expect(received).toHaveLength(2);
      expect(received[1]!.body).toBe(received[0]!.body);
      const { headers, body } = received[1]!;
      const timestamp = Number(headers["x-casino-timestamp"]);
      expect(headers["x-casino-signature"]).toBe(
        signWalletBody(TEST_PROVIDER_SECRET, timestamp, body),
      );
      expect(JSON.parse(body)).toEqual({
        externalId: `freespins-${id}`,
        playerId: providerPlayerId(TEST_PROVIDER_SECRET, p.profileId),
        currency: "EUR",
        gameCode: "gold-rush",
        spins: 3,
        betPerSpin: "0.20",
        expiresAt: expect.any(String),
      });

      // Without a URL the provider takes no grants: the spins are activated and only recorded.
      await app.testDb.query(
        "UPDATE game_providers SET free_spins_url = NULL WHERE slug = 'sandbox-slots'",
      );
      const other = await player();
      const recorded = await activate(other, await spinsOf(other));
      expect(recorded.json().data).toMatchObject({ status: 2 });
      expect(received).toHaveLength(2);
    } finally {
      studio.close();
      await app.testDb.query(
        "UPDATE game_providers SET free_spins_url = NULL WHERE slug = 'sandbox-slots'",
      );
      await app.testDb.query(
        `UPDATE bonuses SET freespin_game_id = (SELECT id FROM games WHERE slug = 'fruit-lines'),
                assign_conditions = '{"presets":{"quantity":50}}'
          WHERE slug = 'welcome-3'`,
      );
    }
  });
});

describe("free spins in the in-house slot", () => {
  it("BN-05 activation grants the spins to the studio; their wins (freeSpinsId) become a bonus with its own wagering (3-2)", async () => {
    await app.testDb.query(
      `UPDATE bonuses SET assign_conditions = '{"presets":{"quantity":2}}' WHERE slug = 'welcome-3'`,
    );
    try {
      const game = await gamePlayer(app, { game: "fruit-lines", funds: "0" });
      const p = { ...(await player()), headers: game.headers, profileId: game.tokens.profileId };
      const account = (
        await app.inject({ url: "/api/wallet/accounts", headers: game.headers })
      ).json().data[0];
      const depositor = { ...p, account };
      await deposit(depositor, "50", { bonusId: await bonusId("welcome-1") });
      await deposit(depositor, "60", { bonusId: await bonusId("welcome-2") });
      await deposit(depositor, "55", { bonusId: await bonusId("welcome-3") });
      const [spins] = (
        await app.inject({ url: "/api/game/player-freespins", headers: game.headers })
      ).json().data;
      const activated = await app.inject({
        method: "PUT",
        url: `/api/game/player-freespins/${spins.id}/activate`,
        headers: game.headers,
      });
      expect(activated.statusCode, activated.body).toBe(200);
      const grants = await app.testDb.query<{ spins_total: number }>(
        "SELECT spins_total FROM studio_free_spin_grants WHERE external_id = $1",
        [`freespins-${spins.id}`],
      );
      expect(grants).toEqual([{ spins_total: 2 }]);
      const before = await wallet(game.headers);
      const secret = app.testConfig.gameProviderSecrets.originals!;
      for (const amount of ["1.50", "0.70"]) {
        const won = await providerCall(
          app,
          "win",
          {
            token: game.token,
            transactionId: providerId("fs-win"),
            roundId: providerId("fs-round"),
            amount,
            currency: "EUR",
            freeSpinsId: `freespins-${spins.id}`,
          },
          { provider: "originals", secret },
        );
        expect(won.statusCode, won.body).toBe(200);
      }
      const [finished] = (
        await app.inject({ url: "/api/game/player-freespins", headers: game.headers })
      ).json().data;
      expect(finished).toMatchObject({ status: 3, result: 2, played: 2, winAmount: "2.20" });
      const winnings = (await bonuses(game.headers)).find((bonus) => bonus.amount === "2.20");
      expect(winnings).toMatchObject({ status: 1, wagerTotal: "44.00" });
      const after = await wallet(game.headers);
      expect(after.withdrawalBalance).toBe(before.withdrawalBalance);
      expect(Number(after.bonusBalance) - Number(before.bonusBalance)).toBeCloseTo(2.2);
      expect(await checkLedger(app.testDb)).toEqual([]);
    } finally {
      await app.testDb.query(
        `UPDATE bonuses SET assign_conditions = '{"presets":{"quantity":50}}' WHERE slug = 'welcome-3'`,
      );
    }
  });
});

describe("bets under a bonus (BE-33)", () => {
  it("GM-12 a bet over the max bet is refused at the provider wallet API with game.bet.max.exceed written; a restricted game with game.bet.restricted", async () => {
    const game = await gamePlayer(app, { funds: "100.00" });
    expect((await applyCode(game.headers, "WELCOME5", 1)).json().data.status).toBe(2);
    const transactionId = providerId("bet");
    const roundId = providerId("round");
    const refused = await game.bet("3.00", { transactionId, roundId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(15011);
    // A retry of the same id gets the same answer.
    const retry = await game.bet("3.00", { transactionId, roundId });
    expect(retry.json().error.code).toBe(15011);
    const events = await channelEvents(`game:bets#${game.tokens.profileId}`);
    expect(events.filter((e) => e.type === "game.bet.max.exceed")).toHaveLength(1);
    expect(events.find((e) => e.type === "game.bet.max.exceed")).toMatchObject({
      playerBonus: { currency: "EUR" },
      maxBetAmount: "2.00",
    });
    expect((await game.bet("2.00")).statusCode).toBe(200);

    const restricted = await gamePlayer(app, {
      tokens: game.tokens,
      funds: "0",
      game: "pharaoh-spins",
    });
    const refusedGame = await restricted.bet("1.00");
    expect(refusedGame.json().error.code).toBe(15012);
    const after = await channelEvents(`game:bets#${game.tokens.profileId}`);
    expect(after.find((e) => e.type === "game.bet.restricted")).toMatchObject({
      playerBonus: { currency: "EUR" },
    });
  });

  it("real money first, then bonus money; wins follow the stake's split; cancel is refused while a bonus round is open", async () => {
    const game = await gamePlayer(app, { funds: "1.00" });
    expect((await applyCode(game.headers, "WELCOME5", 1)).json().data.status).toBe(2);
    // 2.00 stake: 1.00 real + 1.00 bonus; a 4.00 win pays 2.00 real + 2.00 bonus.
    const { answer } = await game.round("2.00", "4.00");
    expect(answer).toMatchObject({ realBalance: "2.00", bonusBalance: "6.00", balance: "8.00" });
    const [bonus] = await bonuses(game.headers);
    expect(bonus!.balance).toBe("6.00");
    const roundId = providerId("round");
    expect((await game.bet("1.00", { roundId })).statusCode).toBe(200);
    const locked = await app.inject({
      method: "PUT",
      url: `/api/game/player-bonuses/${bonus!.id}/cancel`,
      headers: game.headers,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe(16003);
    // Stakes until neither real nor bonus money covers one: refused for funds.
    let refused = null as null | { error: { code: number } };
    for (let i = 0; i < 10 && !refused; i += 1) {
      const placed = await game.bet("2.00");
      if (placed.statusCode !== 200) refused = placed.json();
    }
    expect(refused?.error.code).toBe(15003);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("wagering moves with settled bets, counts nothing from excluded games, and on completion the bonus becomes real money (3-2)", async () => {
    await app.testDb.query("UPDATE bonuses SET wager_multiplier = 2 WHERE slug = 'no-deposit-5'");
    try {
      const excluded = await gamePlayer(app, { funds: "0", game: "lucky-sevens" });
      expect((await applyCode(excluded.headers, "WELCOME5", 1)).json().data.status).toBe(2);
      for (let i = 0; i < 6; i += 1) await excluded.round("2.00", "2.00");
      await app.domainEvents.drain();
      expect((await bonuses(excluded.headers))[0]).toMatchObject({
        status: 2,
        wagered: "0.00",
        wagerTotal: "10.00",
      });

      const game = await gamePlayer(app, { funds: "0" });
      expect((await applyCode(game.headers, "WELCOME5", 1)).json().data.status).toBe(2);
      await game.round("2.00", "2.00");
      await app.domainEvents.drain();
      expect((await bonuses(game.headers))[0]).toMatchObject({ status: 2, wagered: "2.00" });
      const turnOver = await app.inject({
        url: "/api/risk/reasons/turn-over-wager?currency=EUR",
        headers: game.headers,
      });
      expect(turnOver.json().data).toMatchObject({
        total: "10.00",
        turnOverWager: "2.00",
        turnOverWagerAmount: "8.00",
      });
      for (let i = 0; i < 4; i += 1) await game.round("2.00", "2.00");
      await app.domainEvents.drain();
      expect((await bonuses(game.headers))[0]).toMatchObject({ status: 3, result: 2 });
      expect(await wallet(game.headers)).toMatchObject({
        withdrawalBalance: "5.00",
        bonusBalance: "0.00",
      });
      const done = await app.inject({
        url: "/api/risk/reasons/turn-over-wager?currency=EUR",
        headers: game.headers,
      });
      expect(done.json().data.turnOverWagerAmount).toBe("0.00");
    } finally {
      await app.testDb.query(
        "UPDATE bonuses SET wager_multiplier = 40 WHERE slug = 'no-deposit-5'",
      );
    }
  });

  it("BE-33 one dispatch's settled bets are counted together as one by one would: contributions, a refund, a bonus wagered through, one update per bonus", async () => {
    await app.testDb.query("UPDATE bonuses SET wager_multiplier = 2 WHERE slug = 'no-deposit-5'");
    try {
      const counted = await gamePlayer(app, { funds: "0" });
      const excluded = await gamePlayer(app, { funds: "0", game: "lucky-sevens" });
      const through = await gamePlayer(app, { funds: "0" });
      for (const p of [counted, excluded, through]) {
        expect((await applyCode(p.headers, "WELCOME5", 1)).json().data.status).toBe(2);
      }
      await app.domainEvents.drain();
      // Every round below settles while the dispatcher is stopped: its next dispatch takes them all.
      const lastOutboxId = await beforeOneDispatch(app, async () => {
        for (let i = 0; i < 3; i += 1) {
          await counted.round("1.00", "1.00");
          await excluded.round("1.00", "1.00");
        }
        for (let i = 0; i < 5; i += 1) await through.round("2.00", "2.00");
        // Counted, then taken back.
        await settledThenRefunded(app, counted, "2.00");
      });
      await app.domainEvents.drain();

      expect((await bonuses(counted.headers))[0]).toMatchObject({ status: 2, wagered: "3.00" });
      expect((await bonuses(excluded.headers))[0]).toMatchObject({ status: 2, wagered: "0.00" });
      expect((await bonuses(through.headers))[0]).toMatchObject({ status: 3, result: 2 });
      expect(await wallet(through.headers)).toMatchObject({
        withdrawalBalance: "5.00",
        bonusBalance: "0.00",
      });
      // The players hear of their bonus once for the dispatch, not once per round.
      const updates = await app.testDb.query<{ player: string; n: number }>(
        `SELECT split_part(channel, '#', 2) AS player, count(*)::int AS n FROM event_outbox
          WHERE id > $1 AND payload->>'type' = 'bonus.player-bonus.updated'
          GROUP BY 1`,
        [lastOutboxId],
      );
      expect(Object.fromEntries(updates.map((u) => [u.player, u.n]))).toEqual({
        [counted.tokens.profileId]: 1,
        [through.tokens.profileId]: 1,
      });
      expect(await checkLedger(app.testDb)).toEqual([]);
    } finally {
      await app.testDb.query(
        "UPDATE bonuses SET wager_multiplier = 40 WHERE slug = 'no-deposit-5'",
      );
    }
  });

  it("3-5 lost: the bonus money lost in play ends the bonus", async () => {
    const game = await gamePlayer(app, { funds: "0" });
    expect((await applyCode(game.headers, "WELCOME5", 1)).json().data.status).toBe(2);
    await game.round("2.00", "0");
    await game.round("2.00", "0");
    await game.round("1.00", "0");
    await app.domainEvents.drain();
    expect((await bonuses(game.headers))[0]).toMatchObject({ status: 3, result: 5 });
  });

  it("BE-26 BE-28 a withdrawal is refused while wagering is owed", async () => {
    const p = await player();
    await deposit(p, "50", { bonusId: await bonusId("welcome-1") });
    const refused = await app.inject({
      method: "POST",
      url: "/api/payment/invoices/withdrawal",
      headers: p.headers,
      payload: {
        method: "sandbox-bank-payout",
        currency: "EUR",
        amount: "10",
        accountId: p.account.id,
        fields: { iban: "DE89370400440532013000", accountHolder: "Ada Lovelace" },
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.amount).toEqual([
      "Wager the required turn-over before withdrawing",
    ]);
  });
});

describe("property: bonus money never creates money", () => {
  it("real + bonus = deposits + net game results + granted − removed bonuses; ledger clean", async () => {
    const grantId = await bonusId("no-deposit-5");
    const step = fc.oneof(
      fc.record({ op: fc.constant("deposit" as const), amount: fc.integer({ min: 1, max: 3000 }) }),
      fc.record({ op: fc.constant("grant" as const) }),
      fc.record({
        op: fc.constant("round" as const),
        stake: fc.integer({ min: 1, max: 300 }),
        win: fc.integer({ min: 0, max: 600 }),
      }),
      fc.record({ op: fc.constant("rollback" as const), stake: fc.integer({ min: 1, max: 200 }) }),
      fc.record({ op: fc.constant("cancel" as const) }),
      fc.record({ op: fc.constant("expire" as const) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        run += 1;
        const game = await gamePlayer(app, { funds: "0" });
        const money = (minor: number) => (minor / 100).toFixed(2);
        let deposits = 0n;
        for (const [index, item] of steps.entries()) {
          if (item.op === "deposit") {
            await fundAccount(app, game.account, "EUR", BigInt(item.amount));
            deposits += BigInt(item.amount);
          } else if (item.op === "grant") {
            await app.testDb.transaction((tx) =>
              issueBonus(tx, ctxOf(), {
                playerId: game.tokens.profileId,
                bonusId: grantId,
                currency: "EUR",
                source: `property:${run}:${index}`,
                amount: 500n,
              }),
            );
          } else if (item.op === "round") {
            const roundId = providerId("round");
            const placed = await game.bet(money(item.stake), { roundId });
            if (placed.statusCode === 200) {
              await providerCall(app, "win", {
                token: game.token,
                transactionId: providerId("win"),
                roundId,
                amount: money(item.win),
                currency: "EUR",
              });
            }
          } else if (item.op === "rollback") {
            const transactionId = providerId("bet");
            const placed = await game.bet(money(item.stake), { transactionId });
            if (placed.statusCode === 200) {
              await providerCall(app, "rollback", {
                token: game.token,
                transactionId: providerId("rb"),
                referenceTransactionId: transactionId,
              });
            }
          } else if (item.op === "cancel") {
            for (const bonus of await bonuses(game.headers, "?status[]=1&status[]=2")) {
              await app.inject({
                method: "PUT",
                url: `/api/game/player-bonuses/${bonus.id}/cancel`,
                headers: game.headers,
              });
            }
          } else {
            await app.testDb.query(
              "UPDATE player_bonuses SET expires_at = $2 WHERE player_id = $1 AND status IN (1, 2)",
              [game.tokens.profileId, app.clock.now()],
            );
            await expireBonuses(ctxOf());
          }
          await app.domainEvents.drain();
        }
        const [sums] = await app.testDb.query<Record<string, string>>(
          `SELECT
             COALESCE(sum(e.amount) FILTER (WHERE a.purpose = 'real'), 0)::text AS real,
             COALESCE(sum(e.amount) FILTER (WHERE a.purpose = 'bonus'), 0)::text AS bonus,
             COALESCE(sum(e.amount) FILTER (WHERE t.kind IN ('game.bet', 'game.win', 'game.rollback')), 0)::text AS games,
             COALESCE(sum(e.amount) FILTER (WHERE t.kind = 'bonus.grant'), 0)::text AS granted,
             COALESCE(sum(e.amount) FILTER (WHERE t.kind = 'bonus.remove'), 0)::text AS removed
             FROM ledger_entries e
             JOIN ledger_accounts a ON a.id = e.account_id
             JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE a.wallet_account_id = $1`,
          [game.account.id],
        );
        const total = BigInt(sums!.real!) + BigInt(sums!.bonus!);
        expect(total).toBe(
          deposits + BigInt(sums!.games!) + BigInt(sums!.granted!) + BigInt(sums!.removed!),
        );
        // Every bonus's own balance adds up to the ledger's bonus account.
        const [held] = await app.testDb.query<{ held: string }>(
          "SELECT COALESCE(sum(balance), 0)::text AS held FROM player_bonuses WHERE player_id = $1",
          [game.tokens.profileId],
        );
        expect(BigInt(held!.held)).toBe(BigInt(sums!.bonus!));
        expect(BigInt(sums!.real!)).toBeGreaterThanOrEqual(0n);
      }),
      { numRuns: 8 },
    );
    expect(await checkLedger(app.testDb)).toEqual([]);
  }, 240_000);
});
