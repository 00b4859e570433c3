// The sandbox sportsbook's settlement paths beyond win/lose (modules/sportsbook/settlement.ts):
// cash-out offers that follow the odds, resettlement of a corrected result, system bets, the
// fallback to single calls when the platform has no bulk call, and the console's guard.
import { randomBytes } from "node:crypto";
import { SPORTSBOOK_CONSOLE_HEADER, SportsbookError } from "@casino/contract/sportsbook-sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { consoleGuard } from "../src/modules/sportsbook/routes";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer } from "./game-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

const CONSOLE_SECRET = "console-secret-for-tests-0123456789";
let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    COUNTRY_HEADER: "x-test-country",
    SPORTSBOOK_CONSOLE_SECRET: CONSOLE_SECRET,
  });
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
type Json = Record<string, any>;
const requestId = () => randomBytes(8).toString("hex");
const cents = (amount: string) => BigInt(amount.replace(".", ""));
const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;

async function upcoming(sport: string): Promise<Json[]> {
  const response = await app.inject({ url: `/sportsbook/api/events?sport=${sport}&live=false` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function legOn(eventId: string, marketId: string, selectionIndex = 0) {
  const detail = await app.inject({ url: `/sportsbook/api/events/${eventId}` });
  const market = (detail.json().data.markets as Json[]).find((m) => m.id === marketId)!;
  const selection = market.selections[selectionIndex];
  return { eventId, marketId, selectionId: selection.id as string, odds: selection.odds as string };
}

const consoleCall = (url: string, payload?: Json) =>
  app.inject({
    method: "POST",
    url: `/sportsbook/api/console${url}`,
    headers: { [SPORTSBOOK_CONSOLE_HEADER]: CONSOLE_SECRET },
    ...(payload ? { payload } : {}),
  });

async function bettor(funds: string) {
  const player = await gamePlayer(app, { funds, game: "sportsbook" });
  const opened = await app.inject({
    method: "POST",
    url: "/sportsbook/api/sessions",
    payload: { token: player.token },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const headers = { authorization: `Bearer ${opened.json().data.sessionToken}` };
  const place = async (body: Json) => {
    const response = await app.inject({
      method: "POST",
      url: "/sportsbook/api/bets",
      headers,
      payload: { requestId: requestId(), oddsChange: "any", ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.bet as Json;
  };
  const bets = async (status: "open" | "settled") => {
    const response = await app.inject({ url: `/sportsbook/api/bets?status=${status}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Json[];
  };
  const balance = async () => {
    const response = await app.inject({ url: "/sportsbook/api/session", headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.balance as string;
  };
  return { ...player, bookHeaders: headers, place, bets, balance };
}

describe("cash-out, resettlement, system bets", () => {
  it("a cash-out offer follows the odds; a stale offer is refused; the accepted one pays once", async () => {
    const p = await bettor("100.00");
    const [a, b] = await upcoming("football");
    const bet = await p.place({
      type: "multiple",
      stake: "10.00",
      legs: [await legOn(a!.id, "1x2"), await legOn(b!.id, "btts")],
    });
    expect(await p.balance()).toBe("90.00");
    const first = (await p.bets("open"))[0]!;
    expect(first.cashOut).toMatch(/^\d+\.\d{2}$/);
    app.clock.advance(60);
    const later = (await p.bets("open"))[0]!;
    expect(later.cashOut).not.toBe(first.cashOut);

    const stale = await app.inject({
      method: "POST",
      url: `/sportsbook/api/bets/${bet.id}/cash-out`,
      headers: p.bookHeaders,
      payload: { amount: first.cashOut },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe(SportsbookError.CashOutUnavailable);

    const [taken, again] = await Promise.all(
      [0, 1].map(() =>
        app.inject({
          method: "POST",
          url: `/sportsbook/api/bets/${bet.id}/cash-out`,
          headers: p.bookHeaders,
          payload: { amount: later.cashOut },
        }),
      ),
    );
    const statuses = [taken!.statusCode, again!.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    expect(await p.balance()).toBe(major(cents("90.00") + cents(later.cashOut)));
    const settled = (await p.bets("settled"))[0]!;
    expect(settled).toMatchObject({ id: bet.id, status: "cashed_out", payout: later.cashOut });
    // Its events ending later changes nothing.
    await consoleCall(`/events/${a!.id}/finish`);
    await consoleCall(`/events/${b!.id}/finish`);
    expect(await p.balance()).toBe(major(cents("90.00") + cents(later.cashOut)));
  });

  it("a corrected result resettles a paid bet: the difference is debited once", async () => {
    const p = await bettor("100.00");
    const event = (await upcoming("ice-hockey"))[1]!;
    const leg = await legOn(event.id, "btts", 0);
    const bet = await p.place({ type: "single", stake: "10.00", legs: [leg] });
    const won = await consoleCall(`/events/${event.id}/markets/btts/settle`, {
      selectionId: "yes",
    });
    expect(won.json().data).toEqual({ settled: 1, pending: 0 });
    const payout = (cents("10.00") * cents(bet.legs[0].odds)) / 100n;
    expect(await p.balance()).toBe(major(cents("90.00") + payout));

    const corrected = await consoleCall(`/events/${event.id}/markets/btts/resettle`, {
      selectionId: "no",
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toEqual({ settled: 1, pending: 0 });
    expect(await p.balance()).toBe("90.00");
    expect((await p.bets("settled"))[0]).toMatchObject({ status: "lost", payout: "0.00" });
    // The same correction again changes nothing.
    const same = await consoleCall(`/events/${event.id}/markets/btts/resettle`, {
      selectionId: "no",
    });
    expect(same.json().data).toEqual({ settled: 0, pending: 0 });
    expect(await p.balance()).toBe("90.00");
    const platform = await app.inject({
      url: "/api/game/sport-bets?status=settled",
      headers: p.headers,
    });
    expect(platform.json().data[0]).toMatchObject({ status: "lost", payout: "0.00" });
  });

  it("a 2/3 system bet pays its winning combinations; with no bulk call the single calls settle it", async () => {
    const p = await bettor("100.00");
    const events = await upcoming("basketball");
    const legs = [
      await legOn(events[0]!.id, "winner", 0),
      await legOn(events[1]!.id, "winner", 0),
      await legOn(events[2]!.id, "winner", 0),
    ];
    const bet = await p.place({ type: "system", system: "2/3", stake: "9.00", legs });
    expect(bet).toMatchObject({ type: "system", system: "2/3", stake: "9.00" });
    expect(await p.balance()).toBe("91.00");

    // The platform answers 404 to bulk (not there yet): the book sends single calls.
    const platform = app.sportsbook.platform;
    const original = platform.fetch;
    let bulkCalls = 0;
    platform.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      if (String(input).endsWith("/bulk")) {
        bulkCalls++;
        return new Response(JSON.stringify({ error: { code: 404, message: "Not Found" } }), {
          status: 404,
          headers: { "content-type": "application/json" },
        });
      }
      return original(input, init);
    }) as typeof fetch;
    try {
      await consoleCall(`/events/${legs[0]!.eventId}/markets/winner/settle`, {
        selectionId: "home",
      });
      await consoleCall(`/events/${legs[1]!.eventId}/markets/winner/settle`, {
        selectionId: "home",
      });
      const last = await consoleCall(`/events/${legs[2]!.eventId}/markets/winner/settle`, {
        selectionId: "away",
      });
      expect(last.json().data).toEqual({ settled: 1, pending: 0 });
    } finally {
      platform.fetch = original;
    }
    expect(bulkCalls).toBe(1);
    // One of three combinations won: 3.00 × odds0 × odds1.
    const [o0, o1] = [cents(legs[0]!.odds), cents(legs[1]!.odds)];
    const payout = (cents("9.00") * o0 * o1) / (100n * 100n * 3n);
    expect(await p.balance()).toBe(major(cents("91.00") + payout));
    expect((await p.bets("settled"))[0]).toMatchObject({ status: "won", payout: major(payout) });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});

describe("a bet the platform did not answer", () => {
  it("is rolled back: 503, the stake comes back, the bet is listed nowhere", async () => {
    const p = await bettor("20.00");
    const leg = await legOn((await upcoming("esports"))[0]!.id, "winner", 0);
    const platform = app.sportsbook.platform;
    const original = platform.fetch;
    // The bet reaches the platform but its answer is lost.
    platform.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const answer = await original(input, init);
      if (String(input).endsWith("/bet")) throw new Error("connection reset");
      return answer;
    }) as typeof fetch;
    let response: Awaited<ReturnType<typeof app.inject>>;
    try {
      response = await app.inject({
        method: "POST",
        url: "/sportsbook/api/bets",
        headers: p.bookHeaders,
        payload: {
          requestId: requestId(),
          type: "single",
          stake: "5.00",
          oddsChange: "any",
          legs: [leg],
        },
      });
    } finally {
      platform.fetch = original;
    }
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe(SportsbookError.PlatformUnavailable);
    expect(await p.balance()).toBe("20.00");
    expect(await p.bets("open")).toEqual([]);
    const platformBets = await app.inject({
      url: "/api/game/sport-bets?status=open",
      headers: p.headers,
    });
    expect(platformBets.json().data).toEqual([]);
  });
});

describe("the console's guard", () => {
  it("with SPORTSBOOK_CONSOLE_SECRET set, a call without it is 401; the status says it is needed", async () => {
    const event = (await upcoming("tennis"))[0]!;
    const locked = await app.inject({
      method: "POST",
      url: `/sportsbook/api/console/events/${event.id}/void`,
    });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.code).toBe(SportsbookError.ConsoleLocked);
    // The status says a secret is needed (the page asks for it); the rest needs it.
    const status = await app.inject({ url: "/sportsbook/api/console/status" });
    expect(status.json()).toEqual({ data: { secretRequired: true } });
    const wrong = await app.inject({
      url: "/sportsbook/api/console/bets",
      headers: { [SPORTSBOOK_CONSOLE_HEADER]: "x".repeat(CONSOLE_SECRET.length) },
    });
    expect(wrong.statusCode).toBe(401);
    const open = await app.inject({
      url: "/sportsbook/api/console/bets",
      headers: { [SPORTSBOOK_CONSOLE_HEADER]: CONSOLE_SECRET },
    });
    expect(open.statusCode, open.body).toBe(200);
  });

  it("without a secret it is closed in production (not the demo) and on a public demo", async () => {
    const guard = (config: Partial<AppContext["config"]>) =>
      consoleGuard({
        config: { sportsbook: { seed: "x", consoleSecret: null }, ...config },
      } as unknown as AppContext)({ headers: {} } as never);
    await expect(
      guard({ isProduction: true, demo: false, demoPublic: false }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(guard({ isProduction: true, demo: true, demoPublic: true })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    await expect(
      guard({ isProduction: true, demo: true, demoPublic: false }),
    ).resolves.toBeUndefined();
    await expect(
      guard({ isProduction: false, demo: false, demoPublic: false }),
    ).resolves.toBeUndefined();
  });
});
