// Tournaments and sports bets (issue 25): a settled sports bet is a settled round like any
// other (its win closes the round, raising game.bet.settled), so tournaments count it; a
// tournament may be limited to sport or to casino (operator data, default both).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gamePlayer } from "./game-helpers";
import { OPERATOR_TEST_TOKEN } from "./operator-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";
import { addTestSportsbook, SPORT_TEST_ENV, sportPlayer } from "./sport-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    ...SPORT_TEST_ENV,
    OPERATOR_API_TOKEN: OPERATOR_TEST_TOKEN,
    ACCESS_TOKEN_TTL_SECONDS: "86400",
  });
  await addTestSportsbook(app);
});
afterAll(async () => app?.close());

const createTournament = (payload: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/operator/tournaments",
    headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
    payload: {
      identity: `sport-${randomBytes(4).toString("hex")}`,
      title: "Sport cup",
      scoring: "bet_sum",
      currency: "EUR",
      startsAt: app.clock.now().toISOString(),
      endsAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString(),
      ...payload,
    },
  });

describe("tournaments limited to sport or casino", () => {
  it("counts settled sports bets in sport and all-bets tournaments, casino rounds in casino and all", async () => {
    const slugs: Record<string, string> = {};
    for (const product of ["sport", "casino", undefined] as const) {
      const created = await createTournament(product ? { product } : {});
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.rules.product).toBe(product ?? "all");
      slugs[product ?? "all"] = created.json().data.identity;
    }
    const player = await sportPlayer(app, { funds: "50.00" });
    const casino = await gamePlayer(app, { tokens: player.tokens, funds: "0" });
    for (const slug of Object.values(slugs)) {
      const joined = await app.inject({
        method: "PUT",
        url: `/api/retention/tournaments/${slug}/join`,
        headers: player.headers,
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const bet = await player.place("3.00", [
      { eventId: "ev-t1", odds: "1.90" },
      { eventId: "ev-t2", odds: "2.20" },
    ]);
    await casino.round("2.00", "0");
    await app.domainEvents.drain();
    // An open sports bet counts nothing yet.
    const score = async (slug: string) => {
      const response = await app.inject({
        url: `/api/retention/tournaments/${slug}`,
        headers: player.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.me as { score: string; bets: number };
    };
    expect(await score(slugs.sport!)).toMatchObject({ score: "0.00", bets: 0 });
    await player.settle(bet.roundId, "0", {
      status: "lost",
      legs: [{ result: "won" }, { result: "lost" }],
    });
    await app.domainEvents.drain();
    expect(await score(slugs.sport!)).toMatchObject({ score: "3.00", bets: 1 });
    expect(await score(slugs.casino!)).toMatchObject({ score: "2.00", bets: 1 });
    expect(await score(slugs.all!)).toMatchObject({ score: "5.00", bets: 2 });
    const publicView = await app.inject({ url: `/api/retention/tournaments/${slugs.sport}` });
    expect(publicView.json().data.rules.product).toBe("sport");
  });

  it("answers 422 for an unknown product", async () => {
    const response = await createTournament({ product: "poker" });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.fields)).toContain("product");
  });
});
