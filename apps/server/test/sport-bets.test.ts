// Sports bets as the player sees them (issue 25, "The platform around it"): the history list
// GET /api/game/sport-bets (only the player's own bets; open or settled; legs as placed and
// settled; paging; bad query 422) and the sport.bet.updated event on the player's game:bets
// channel. Bets are placed and settled through the signed provider wallet API.
import { playerChannel } from "@casino/contract/realtime";
import type { SportBet } from "@casino/contract/sport";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";
import { addTestSportsbook, SPORT_TEST_ENV, sportPlayer } from "./sport-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...SPORT_TEST_ENV, ACCESS_TOKEN_TTL_SECONDS: "86400" });
  await addTestSportsbook(app);
});
afterAll(async () => app?.close());

async function list(headers: Record<string, string>, query = "") {
  const response = await app.inject({ url: `/api/game/sport-bets${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: SportBet[];
    meta: { page: number; perPage: number; total: number };
  };
}

async function realtimeBets(profileId: string): Promise<SportBet[]> {
  await app.domainEvents.drain();
  const rows = await app.testDb.query<{ payload: { type: string; bet: SportBet } }>(
    "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
    [playerChannel("gameBets", profileId)],
  );
  return rows
    .filter((row) => row.payload.type === "sport.bet.updated")
    .map((row) => row.payload.bet);
}

describe("GET /api/game/sport-bets", () => {
  it("lists the player's own bets with their legs, open and settled, never another player's", async () => {
    const alice = await sportPlayer(app, { funds: "100.00" });
    const bob = await sportPlayer(app, { funds: "100.00" });
    const single = await alice.place("5.00", [
      { eventId: "ev-1", event: "Arsenal – Chelsea", odds: "2.10", selection: "Arsenal" },
    ]);
    await alice.place("2.00", [
      { eventId: "ev-2", odds: "1.50" },
      { eventId: "ev-3", odds: "2.00", market: "Total 2.5", selection: "Over" },
      { eventId: "ev-4", odds: "1.75" },
    ]);
    const lost = await alice.place("1.00", [{ eventId: "ev-5", odds: "3.00" }]);
    await bob.place("7.00", [{ eventId: "ev-1", odds: "3.40", selection: "Chelsea" }]);

    await alice.settle(single.roundId, "10.50", { status: "won", legs: [{ result: "won" }] });
    await alice.settle(lost.roundId, "0", { status: "lost", legs: [{ result: "lost" }] });

    const all = await list(alice.headers);
    expect(all.meta).toEqual({ page: 1, perPage: 20, total: 3 });
    expect(all.data.map((bet) => bet.stake)).toEqual(["1.00", "2.00", "5.00"]);
    const [lostBet, multipleBet, singleBet] = all.data as [SportBet, SportBet, SportBet];
    expect(singleBet).toMatchObject({
      type: "single",
      system: null,
      currency: "EUR",
      stake: "5.00",
      totalOdds: "2.10",
      potentialPayout: "10.50",
      payout: "10.50",
      status: "won",
    });
    expect(singleBet.settledAt).not.toBeNull();
    expect(singleBet.legs).toEqual([
      {
        eventId: "ev-1",
        event: "Arsenal – Chelsea",
        sport: "football",
        league: "England. Premier League",
        startsAt: "2026-12-20T15:00:00.000Z",
        live: false,
        market: "1X2",
        selection: "Arsenal",
        odds: "2.10",
        result: "won",
      },
    ]);
    expect(multipleBet).toMatchObject({
      type: "multiple",
      totalOdds: "5.25",
      potentialPayout: "10.50",
      payout: "0.00",
      status: "open",
      settledAt: null,
    });
    expect(
      multipleBet.legs.map((leg) => [leg.eventId, leg.market, leg.selection, leg.odds, leg.result]),
    ).toEqual([
      ["ev-2", "1X2", "Home", "1.50", null],
      ["ev-3", "Total 2.5", "Over", "2.00", null],
      ["ev-4", "1X2", "Home", "1.75", null],
    ]);
    expect(lostBet).toMatchObject({ status: "lost", payout: "0.00" });
    expect(lostBet.legs[0]!.result).toBe("lost");

    const open = await list(alice.headers, "?status=open");
    expect(open.data.map((bet) => bet.id)).toEqual([multipleBet.id]);
    expect(open.meta.total).toBe(1);
    const settled = await list(alice.headers, "?status=settled");
    expect(settled.data.map((bet) => bet.id)).toEqual([lostBet.id, singleBet.id]);

    const bobs = await list(bob.headers);
    expect(bobs.data).toHaveLength(1);
    expect(bobs.data[0]).toMatchObject({ stake: "7.00", totalOdds: "3.40", status: "open" });
    expect(all.data.map((bet) => bet.id)).not.toContain(bobs.data[0]!.id);

    const paged = await list(alice.headers, "?page=2&perPage=2");
    expect(paged.meta).toEqual({ page: 2, perPage: 2, total: 3 });
    expect(paged.data.map((bet) => bet.id)).toEqual([singleBet.id]);
  });

  it("shows a void bet and a cash-out with their payouts", async () => {
    const player = await sportPlayer(app, { funds: "50.00" });
    const voided = await player.place("4.00", [{ eventId: "ev-10", odds: "1.90" }]);
    const cashed = await player.place("3.00", [
      { eventId: "ev-11", odds: "2.50" },
      { eventId: "ev-12", odds: "2.00" },
    ]);
    await player.voidBet(voided);
    await player.settle(cashed.roundId, "4.20", { status: "cashed_out" });
    const { data } = await list(player.headers, "?status=settled");
    expect(data.map((bet) => [bet.stake, bet.status, bet.payout])).toEqual([
      ["3.00", "cashed_out", "4.20"],
      ["4.00", "void", "4.00"],
    ]);
  });

  it("answers 401 without a session and 422 for a bad query", async () => {
    const anonymous = await app.inject({ url: "/api/game/sport-bets" });
    expect(anonymous.statusCode).toBe(401);
    const player = await sportPlayer(app, { funds: "0" });
    for (const query of ["?status=won", "?page=0", "?perPage=101", "?limit=5&foo=1"]) {
      const response = await app.inject({
        url: `/api/game/sport-bets${query}`,
        headers: player.headers,
      });
      expect(response.statusCode, query).toBe(422);
      expect(expectErrorBody(response.json()).error.code).toBe(422);
    }
    expect((await list(player.headers)).data).toEqual([]);
  });
});

describe("sport.bet.updated on the player's channel", () => {
  it("carries the bet as placed, then as settled, to its player only", async () => {
    const player = await sportPlayer(app, { funds: "20.00" });
    const other = await sportPlayer(app, { funds: "20.00" });
    const bet = await player.place("2.00", [
      { eventId: "ev-20", odds: "1.80" },
      { eventId: "ev-21", odds: "2.50" },
    ]);
    expect((await realtimeBets(player.tokens.profileId)).map((event) => event.status)).toEqual([
      "open",
    ]);
    await player.settle(bet.roundId, "9.00", {
      status: "won",
      legs: [{ result: "won" }, { result: "won" }],
    });
    const events = await realtimeBets(player.tokens.profileId);
    expect(events.map((event) => event.status)).toEqual(["open", "won"]);
    const [listed] = (await list(player.headers)).data;
    expect(events[1]).toEqual(listed);
    expect(events[1]!.legs.map((leg) => leg.result)).toEqual(["won", "won"]);
    expect(await realtimeBets(other.tokens.profileId)).toEqual([]);
  });
});
