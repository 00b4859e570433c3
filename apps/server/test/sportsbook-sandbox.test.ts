// The sandbox sportsbook (modules/sportsbook, docs/sportsbook.md "The sandbox"): an outside
// provider in-process. Its fixtures come from the seed and the clock; its bets go through the
// signed provider wallet API (`bet` with `sportBet`), its settlements through `bulk` (win,
// rollback, resettle); its console settles, voids, resettles and cashes out on demand.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ProviderWalletError } from "@casino/contract/game";
import { SportsbookError } from "@casino/contract/sportsbook-sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer } from "./game-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ COUNTRY_HEADER: "x-test-country" });
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
type Json = Record<string, any>;
const requestId = () => randomBytes(8).toString("hex");

async function upcoming(sport = "football"): Promise<Json[]> {
  const response = await app.inject({
    url: `/sportsbook/api/events?sport=${sport}&live=false&limit=200`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A funded player with a book session: `place` posts a slip, `bets` lists the book's bets. */
async function bettor(funds = "100.00") {
  const player = await gamePlayer(app, { funds, game: "sportsbook" });
  const opened = await app.inject({
    method: "POST",
    url: "/sportsbook/api/sessions",
    payload: { token: player.token },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const headers = { authorization: `Bearer ${opened.json().data.sessionToken}` };
  const place = (body: Json) =>
    app.inject({
      method: "POST",
      url: "/sportsbook/api/bets",
      headers,
      payload: { requestId: requestId(), oddsChange: "none", ...body },
    });
  const bets = async (status: "open" | "settled") => {
    const response = await app.inject({ url: `/sportsbook/api/bets?status=${status}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Json[];
  };
  const platformBets = async (status: "open" | "settled") => {
    const response = await app.inject({
      url: `/api/game/sport-bets?status=${status}`,
      headers: player.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Json[];
  };
  /** The platform's balance as the book reads it through the wallet API. */
  const realBalance = async () => {
    const response = await app.inject({ url: "/sportsbook/api/session", headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.balance as string;
  };
  return { ...player, bookHeaders: headers, place, bets, platformBets, realBalance };
}

/** A leg on an event's market: the first selection at its current price. */
async function legOn(event: Json, marketId = "1x2", selectionIndex = 0) {
  const detail = await app.inject({ url: `/sportsbook/api/events/${event.id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  const market = (detail.json().data.markets as Json[]).find((m) => m.id === marketId)!;
  const selection = market.selections[selectionIndex];
  return {
    eventId: event.id as string,
    marketId,
    selectionId: selection.id as string,
    odds: selection.odds as string,
  };
}

const consoleCall = (url: string, payload?: Json) =>
  app.inject({
    method: "POST",
    url: `/sportsbook/api/console${url}`,
    ...(payload ? { payload } : {}),
  });

const cents = (amount: string) => BigInt(amount.replace(".", ""));
const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;

describe("fixtures and odds", () => {
  it("the same seed and moment give the same fixtures: 50+ upcoming events over five sports, live ones with a clock and score", async () => {
    const first = await app.inject({ url: "/sportsbook/api/events?limit=200" });
    const again = await app.inject({ url: "/sportsbook/api/events?limit=200" });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const events = first.json().data as Json[];
    expect(events.filter((event) => event.status === "upcoming").length).toBeGreaterThanOrEqual(50);
    expect(new Set(events.map((event) => event.sport))).toEqual(
      new Set(["football", "tennis", "basketball", "ice-hockey", "esports"]),
    );
    const live = events.filter((event) => event.status === "live");
    expect(live.length).toBeGreaterThan(0);
    for (const event of live) {
      expect(event.clock).toEqual(expect.any(String));
      expect(event.score).toEqual(expect.objectContaining({ home: expect.any(Number) }));
    }
    const sports = await app.inject({ url: "/sportsbook/api/sports" });
    expect(sports.json().data.map((sport: Json) => sport.id)).toEqual([
      "football",
      "tennis",
      "basketball",
      "ice-hockey",
      "esports",
    ]);

    const football = (await upcoming("football"))[0]!;
    const detail = await app.inject({ url: `/sportsbook/api/events/${football.id}` });
    const markets = detail.json().data.markets as Json[];
    expect(markets.map((market) => market.kind)).toEqual(
      expect.arrayContaining([
        "1x2",
        "double-chance",
        "total",
        "handicap",
        "btts",
        "correct-score",
      ]),
    );
    // The margin: a full market's implied probabilities add up to more than 1.
    const onex2 = markets.find((market) => market.id === "1x2")!;
    const implied = onex2.selections.reduce((sum: number, s: Json) => sum + 1 / Number(s.odds), 0);
    expect(implied).toBeGreaterThan(1.02);
    const tennis = (await upcoming("tennis"))[0]!;
    const tennisDetail = await app.inject({ url: `/sportsbook/api/events/${tennis.id}` });
    expect(tennisDetail.json().data.markets.map((m: Json) => m.kind)).toContain("set-betting");

    // Odds drift with time: a minute later the prices are not all the same.
    app.clock.advance(60);
    const later = await app.inject({ url: `/sportsbook/api/events/${football.id}` });
    expect(later.json().data.markets).not.toEqual(markets);
    expect(later.json().data.markets.map((m: Json) => m.id)).toEqual(markets.map((m) => m.id));
  });

  it("the stream sends the odds of the events it follows, and again when they change", async () => {
    const event = (await upcoming("basketball"))[0]!;
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const url =
      typeof address === "string"
        ? address
        : `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const response = await fetch(`${url}/sportsbook/api/stream?events=${event.id}`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const nextOdds = async (): Promise<Json> => {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: odds\ndata: (.*)$/m.exec(chunk);
          if (data) return JSON.parse(data[1]!);
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    };
    try {
      const first = await nextOdds();
      expect(first.eventId).toBe(event.id);
      expect(first.markets.length).toBeGreaterThan(1);
      app.clock.advance(30);
      const second = await nextOdds();
      expect(second.eventId).toBe(event.id);
      expect(second.markets).not.toEqual(first.markets);
    } finally {
      controller.abort();
    }
  }, 20_000);
});

describe("what the book serves", () => {
  it("the book knows the platform only through the wallet API: no import of its game or wallet modules", () => {
    const dir = path.resolve(import.meta.dirname, "../src/modules/sportsbook");
    for (const file of readdirSync(dir)) {
      const source = readFileSync(path.join(dir, file), "utf8");
      expect(source, file).not.toMatch(/from "\.\.\/(game|wallet|player|bonus|sport)\//);
    }
  });

  it("the SDK script at /sportsbook/sdk.js; the console is the book's page; unknown API paths are 404", async () => {
    const sdk = await app.inject({ url: "/sportsbook/sdk.js" });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(sdk.body).toContain("SportsbookSDK");
    const page = await app.inject({ url: "/sportsbook/app/football" });
    const consolePage = await app.inject({ url: "/sportsbook/console" });
    expect(consolePage.statusCode).toBe(page.statusCode);
    expect(consolePage.body).toBe(page.body);
    const unknown = await app.inject({ url: "/sportsbook/api/nothing" });
    expect(unknown.statusCode).toBe(404);
    const noEvent = await app.inject({ url: "/sportsbook/api/events/ev-1-9" });
    expect(noEvent.statusCode).toBe(404);
  });
});

describe("bets through the provider wallet API", () => {
  it("BE-32 a single and a 2-leg multiple debit the platform balance, carry their legs, and settle once from the console", async () => {
    const p = await bettor("100.00");
    const events = await upcoming("football");
    const single = await legOn(events[0]!);

    // The odds-change rule: a price the player did not see is refused under "none".
    const stale = await p.place({
      type: "single",
      stake: "10.00",
      legs: [{ ...single, odds: "1.01" }],
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe(SportsbookError.OddsChanged);
    expect(stale.json().error.changes[0].odds).toBe(single.odds);
    const tooBig = await p.place({ type: "single", stake: "5000.00", legs: [single] });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().error.fields.stake).toBeDefined();

    const placed = await p.place({ type: "single", stake: "10.00", legs: [single] });
    expect(placed.statusCode, placed.body).toBe(201);
    const bet = placed.json().data.bet;
    expect(placed.json().data.balance).toBe("90.00");
    expect(bet).toMatchObject({ type: "single", status: "open", stake: "10.00" });
    expect(await p.realBalance()).toBe("90.00");

    const legA = await legOn(events[1]!, "1x2", 1);
    const legB = await legOn(events[2]!, "total-2.5", 0);
    const multiple = await p.place({ type: "multiple", stake: "5.00", legs: [legA, legB] });
    expect(multiple.statusCode, multiple.body).toBe(201);
    const multi = multiple.json().data.bet;
    expect(await p.realBalance()).toBe("85.00");
    const expectedTotal = (Number(legA.odds) * Number(legB.odds)).toFixed(2);
    expect(multi.totalOdds).toBe(expectedTotal);

    // The platform keeps the bets with their legs, one round each.
    const open = await p.platformBets("open");
    expect(open.map((b) => b.id).length).toBe(2);
    const platformMulti = open.find((b) => b.type === "multiple")!;
    expect(platformMulti.legs.map((leg: Json) => [leg.eventId, leg.odds])).toEqual([
      [legA.eventId, legA.odds],
      [legB.eventId, legB.odds],
    ]);
    expect(platformMulti.legs[1].market).toBe("Total 2.5");

    // The console settles the single's market with its selection as the winner: paid once.
    const win = await consoleCall(`/events/${single.eventId}/markets/1x2/settle`, {
      selectionId: single.selectionId,
    });
    expect(win.statusCode, win.body).toBe(200);
    expect(win.json().data).toEqual({ settled: 1, pending: 0 });
    const payout = (cents("10.00") * cents(single.odds)) / 100n;
    expect(await p.realBalance()).toBe(major(cents("85.00") + payout));
    // Again, and the job: nothing moves twice.
    await consoleCall(`/events/${single.eventId}/markets/1x2/settle`, {
      selectionId: single.selectionId,
    });
    await app.sportsbook.settleDue();
    expect(await p.realBalance()).toBe(major(cents("85.00") + payout));
    const settled = await p.bets("settled");
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ id: bet.id, status: "won", payout: major(payout) });

    // The multiple: one leg won, one lost → lost, payout 0, both legs' results on the platform.
    await consoleCall(`/events/${legA.eventId}/markets/1x2/settle`, {
      selectionId: legA.selectionId,
    });
    expect((await p.bets("open")).map((b) => b.id)).toEqual([multi.id]);
    const lost = await consoleCall(`/events/${legB.eventId}/markets/total-2.5/settle`, {
      selectionId: "under",
    });
    expect(lost.json().data).toEqual({ settled: 1, pending: 0 });
    expect(await p.realBalance()).toBe(major(cents("85.00") + payout));
    const platformSettled = await p.platformBets("settled");
    const lostMulti = platformSettled.find((b) => b.id === platformMulti.id)!;
    expect(lostMulti.status).toBe("lost");
    expect(lostMulti.legs.map((leg: Json) => leg.result)).toEqual(["won", "lost"]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a voided event returns the stake; a finished event settles from its seeded result", async () => {
    const p = await bettor("50.00");
    const events = await upcoming("ice-hockey");
    const leg = await legOn(events[0]!);
    const placed = await p.place({ type: "single", stake: "20.00", legs: [leg] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await p.realBalance()).toBe("30.00");
    const voided = await consoleCall(`/events/${leg.eventId}/void`);
    expect(voided.json().data).toEqual({ settled: 1, pending: 0 });
    expect(await p.realBalance()).toBe("50.00");
    expect((await p.bets("settled"))[0]).toMatchObject({ status: "void" });
    expect((await p.platformBets("settled"))[0]).toMatchObject({ status: "void" });
    const event = await app.inject({ url: `/sportsbook/api/events/${leg.eventId}` });
    expect(event.json().data.status).toBe("void");

    const tennis = (await upcoming("tennis"))[0]!;
    const winner = await legOn(tennis, "winner", 0);
    const loser = await legOn(tennis, "winner", 1);
    expect((await p.place({ type: "single", stake: "10.00", legs: [winner] })).statusCode).toBe(
      201,
    );
    expect((await p.place({ type: "single", stake: "10.00", legs: [loser] })).statusCode).toBe(201);
    expect(await p.realBalance()).toBe("30.00");
    const finished = await consoleCall(`/events/${tennis.id}/finish`);
    expect(finished.json().data).toEqual({ settled: 2, pending: 0 });
    const ended = (await app.inject({ url: `/sportsbook/api/events/${tennis.id}` })).json().data;
    expect(ended.status).toBe("ended");
    const homeWon = ended.score.home > ended.score.away;
    const paid = cents((homeWon ? winner : loser).odds) * 10n;
    expect(await p.realBalance()).toBe(major(cents("30.00") + paid));
    const statuses = (await p.bets("settled")).map((b) => b.status).sort();
    expect(statuses).toEqual(["lost", "void", "won"]);
  });

  it("BE-34 a self-excluded player's bet is not accepted and the book records nothing as placed", async () => {
    const p = await bettor("100.00");
    const cooling = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: p.headers,
      payload: { definition: 5, days: 1 },
    });
    expect(cooling.statusCode, cooling.body).toBe(201);
    const leg = await legOn((await upcoming("football"))[3]!);
    const refused = await p.place({ type: "single", stake: "5.00", legs: [leg] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(ProviderWalletError.PlayerExcluded);
    expect(refused.json().error.message).toMatch(/^Bet not accepted/);
    expect(await p.bets("open")).toEqual([]);
    expect(await p.bets("settled")).toEqual([]);
    expect(await p.platformBets("open")).toEqual([]);
    expect(await p.realBalance()).toBe("100.00");
  });

  it("not enough money is refused with 15003; a guest without a session cannot bet", async () => {
    const p = await bettor("3.00");
    const leg = await legOn((await upcoming("basketball"))[0]!, "winner", 0);
    const poor = await p.place({ type: "single", stake: "5.00", legs: [leg] });
    expect(poor.statusCode).toBe(400);
    expect(poor.json().error.code).toBe(ProviderWalletError.InsufficientFunds);
    const guest = await app.inject({
      method: "POST",
      url: "/sportsbook/api/bets",
      payload: { requestId: requestId(), type: "single", stake: "1.00", legs: [leg] },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe(SportsbookError.SessionInvalid);
  });
});
