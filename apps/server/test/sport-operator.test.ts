// The operator's sports bets (issue 25, back office): the search by player, event and status,
// the open liability per event and market (the sum of open bets' potential payouts), and the
// reports' GGR split casino / sport. Bets are placed and settled through the provider wallet API.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gamePlayer } from "./game-helpers";
import { type Json, OPERATOR_TEST_TOKEN } from "./operator-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";
import { addTestSportsbook, SPORT_TEST_ENV, sportPlayer } from "./sport-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...SPORT_TEST_ENV, OPERATOR_API_TOKEN: OPERATOR_TEST_TOKEN });
  await addTestSportsbook(app);
});
afterAll(async () => app?.close());

async function operatorGet(url: string): Promise<Json> {
  const response = await app.inject({
    url,
    headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/operator/sport-bets", () => {
  it("finds bets by player, event (id or name words) and status, with their legs", async () => {
    const tag = randomBytes(3).toString("hex");
    const alice = await sportPlayer(app, { funds: "100.00" });
    const bob = await sportPlayer(app, { funds: "100.00" });
    const a1 = await alice.place("5.00", [
      { eventId: `ev-${tag}-1`, event: `Arsenal ${tag} – Chelsea`, odds: "2.00" },
    ]);
    await alice.place("2.00", [
      {
        eventId: `ev-${tag}-1`,
        event: `Arsenal ${tag} – Chelsea`,
        odds: "1.50",
        market: "Total 2.5",
      },
      {
        eventId: `ev-${tag}-2`,
        event: `Lakers ${tag} – Celtics`,
        odds: "2.00",
        sport: "basketball",
      },
    ]);
    await bob.place("4.00", [
      { eventId: `ev-${tag}-2`, event: `Lakers ${tag} – Celtics`, odds: "1.80" },
    ]);
    await alice.settle(a1.roundId, "10.00", { status: "won", legs: [{ result: "won" }] });

    const byPlayer = await operatorGet(`/api/operator/sport-bets?player=${alice.tokens.profileId}`);
    expect(byPlayer.meta.total).toBe(2);
    expect(byPlayer.data.map((bet: Json) => [bet.stake, bet.status])).toEqual([
      ["2.00", "open"],
      ["5.00", "won"],
    ]);
    expect(byPlayer.data[0]).toMatchObject({
      playerId: alice.tokens.profileId,
      provider: "Test Sportsbook",
      type: "multiple",
      totalOdds: "3.00",
    });
    expect(byPlayer.data[0].legs).toHaveLength(2);

    const byEvent = await operatorGet(`/api/operator/sport-bets?event=ev-${tag}-2`);
    expect(byEvent.data.map((bet: Json) => bet.stake)).toEqual(["4.00", "2.00"]);
    const byName = await operatorGet(
      `/api/operator/sport-bets?event=${encodeURIComponent(`chelsea ${tag}`)}`,
    );
    expect(byName.data.map((bet: Json) => bet.stake)).toEqual(["2.00", "5.00"]);
    const won = await operatorGet(`/api/operator/sport-bets?event=${tag}&status=won`);
    expect(won.data.map((bet: Json) => bet.id)).toEqual([byPlayer.data[1].id]);
    const bobs = await operatorGet(`/api/operator/sport-bets?player=${bob.tokens.profileId}`);
    expect(bobs.data.map((bet: Json) => bet.playerId)).toEqual([bob.tokens.profileId]);
  });

  it("answers 422 for a bad filter and 401 without a key", async () => {
    for (const query of ["status=settled", "player=nobody", "perPage=0", "foo=1"]) {
      const response = await app.inject({
        url: `/api/operator/sport-bets?${query}`,
        headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
      });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().error.fields).toBeTruthy();
    }
    expect((await app.inject({ url: "/api/operator/sport-bets" })).statusCode).toBe(401);
  });
});

describe("GET /api/operator/sport-bets/liability", () => {
  it("sums the open bets' potential payouts per event and market; settled bets leave it", async () => {
    const tag = randomBytes(3).toString("hex");
    const event = `ev-${tag}-liab`;
    const p1 = await sportPlayer(app, { funds: "100.00" });
    const p2 = await sportPlayer(app, { funds: "100.00" });
    await p1.place("10.00", [{ eventId: event, event: "Derby", odds: "2.50", selection: "Home" }]);
    await p2.place("4.00", [{ eventId: event, event: "Derby", odds: "3.00", selection: "Away" }]);
    await p2.place("2.00", [
      { eventId: event, event: "Derby", odds: "2.00", market: "Both teams to score" },
      { eventId: `ev-${tag}-other`, event: "Other", odds: "1.50" },
    ]);
    const settled = await p1.place("6.00", [{ eventId: event, event: "Derby", odds: "1.50" }]);
    await p1.settle(settled.roundId, "0", { status: "lost", legs: [{ result: "lost" }] });

    const { data } = await operatorGet(
      `/api/operator/sport-bets/liability?event=${event}&currency=EUR`,
    );
    expect(data.map((row: Json) => [row.market, row.openBets, row.stakes, row.liability])).toEqual([
      // 10.00 × 2.50 + 4.00 × 3.00
      ["1X2", 2, "14.00", "37.00"],
      // 2.00 × 3.00 (the multiple's payout, in each of its legs' markets)
      ["Both teams to score", 1, "2.00", "6.00"],
    ]);
    expect(data[0]).toMatchObject({
      eventId: event,
      event: "Derby",
      sport: "football",
      currency: "EUR",
    });
  });
});

describe("reports: GGR split casino / sport", () => {
  it("counts settled sports bets as sport and casino rounds as casino", async () => {
    const day = app.clock.now().toISOString().slice(0, 10);
    await app.domainEvents.drain();
    const before = await operatorGet(
      `/api/operator/reports/daily?from=${day}&to=${day}&currency=EUR`,
    );
    const player = await sportPlayer(app, { funds: "100.00" });
    const casino = await gamePlayer(app, { tokens: player.tokens, funds: "0" });
    const lost = await player.place("3.00", [{ eventId: "ev-r1", odds: "2.00" }]);
    const won = await player.place("2.00", [{ eventId: "ev-r2", odds: "1.50" }]);
    await player.settle(lost.roundId, "0", { status: "lost", legs: [{ result: "lost" }] });
    await player.settle(won.roundId, "3.00", { status: "won", legs: [{ result: "won" }] });
    await player.place("9.00", [{ eventId: "ev-r3", odds: "2.00" }]);
    await casino.round("4.00", "1.00");
    await app.domainEvents.drain();
    const after = await operatorGet(
      `/api/operator/reports/daily?from=${day}&to=${day}&currency=EUR`,
    );
    const minor = (value: string | number) =>
      typeof value === "number" ? value : Math.round(Number(value) * 100);
    const delta = (product: "casino" | "sport", field: string) =>
      minor(after.data.totals[0].products[product][field]) -
      minor(before.data.totals[0]?.products[product][field] ?? 0);
    // Sport: two settled bets (the open one not yet): stakes 5.00, wins 3.00, GGR 2.00.
    expect(delta("sport", "rounds")).toBe(2);
    expect(delta("sport", "stakes")).toBe(500);
    expect(delta("sport", "ggr")).toBe(200);
    expect(delta("casino", "rounds")).toBe(1);
    expect(delta("casino", "ggr")).toBe(300);
    const total = after.data.totals[0];
    expect(minor(total.products.casino.ggr) + minor(total.products.sport.ggr)).toBe(
      minor(total.bets.ggr),
    );
  });
});
