// Bonus wagering for sports bets (issue 25; ADR 0010 "Revision: sports bets"): per bonus, the
// operator's sport contribution and minimum odds. A settled sports bet counts its stake times the
// sport contribution when its odds (a multiple's total odds) reach the minimum; a bet below the
// minimum, a void and a cash-out count nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, OPERATOR_TEST_TOKEN, operatorCreated, uniqueSlug } from "./operator-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";
import { addTestSportsbook, SPORT_TEST_ENV, sportPlayer } from "./sport-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...SPORT_TEST_ENV, OPERATOR_API_TOKEN: OPERATOR_TEST_TOKEN });
  await addTestSportsbook(app);
});
afterAll(async () => app?.close());

const operator = (method: "GET" | "PATCH", url: string, payload?: Json) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
    ...(payload ? { payload } : {}),
  });

async function welcomeBonusId(): Promise<number> {
  const [row] = await app.testDb.query<{ id: number }>(
    "SELECT id FROM bonuses WHERE slug = 'no-deposit-5'",
  );
  return row!.id;
}

async function playerBonus(headers: Record<string, string>) {
  const response = await app.inject({ url: "/api/game/player-bonuses", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as { status: number; wagered: string; wagerTotal: string };
}

describe("sport wagering rules as operator data", () => {
  it("a new bonus counts no sport until the operator says so, at odds of 1.5 or more", async () => {
    const bonus = await operatorCreated(app, "/api/operator/bonuses", {
      slug: uniqueSlug("sport"),
      type: 1,
      kind: "code",
      name: "Sport rules",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "10.00" }] },
      wagerMultiplier: "5",
    });
    expect(bonus).toMatchObject({ sportContribution: "0", sportMinOdds: "1.5" });
    const patched = await operator("PATCH", `/api/operator/bonuses/${bonus.id}`, {
      sportContribution: "75.5",
      sportMinOdds: "1.8",
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ sportContribution: "75.5", sportMinOdds: "1.8" });
    const read = await operator("GET", `/api/operator/bonuses/${bonus.id}`);
    expect(read.json().data).toMatchObject({ sportContribution: "75.5", sportMinOdds: "1.8" });
  });

  it("answers 422 for a contribution over 100 and odds below 1", async () => {
    const id = await welcomeBonusId();
    for (const [body, field] of [
      [{ sportContribution: "101" }, "sportContribution"],
      [{ sportContribution: "-1" }, "sportContribution"],
      [{ sportMinOdds: "0.9" }, "sportMinOdds"],
      [{ sportMinOdds: "abc" }, "sportMinOdds"],
    ] as const) {
      const response = await operator("PATCH", `/api/operator/bonuses/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    }
  });
});

describe("settled sports bets and wagering", () => {
  it("counts a settled bet at or over the minimum odds by the sport contribution; below it, void and cash-out nothing", async () => {
    const id = await welcomeBonusId();
    const set = await operator("PATCH", `/api/operator/bonuses/${id}`, {
      sportContribution: "50",
      sportMinOdds: "1.5",
    });
    expect(set.statusCode, set.body).toBe(200);
    const player = await sportPlayer(app, { funds: "0" });
    const code = await app.inject({
      method: "POST",
      url: "/api/game/bonuses/bonuscodes",
      headers: player.headers,
      payload: { bonusCode: "WELCOME5", trigger: 1 },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(await playerBonus(player.headers)).toMatchObject({ status: 2, wagered: "0.00" });

    // Counts: a single at 2.00 (lost) and a multiple of 1.20 × 1.30 = 1.56 (won).
    const single = await player.place("1.00", [{ eventId: "ev-w1", odds: "2.00" }]);
    const multiple = await player.place("1.00", [
      { eventId: "ev-w2", odds: "1.20" },
      { eventId: "ev-w3", odds: "1.30" },
    ]);
    // Counts nothing: a single under 1.5, a void, a cash-out.
    const low = await player.place("1.00", [{ eventId: "ev-w4", odds: "1.40" }]);
    const voided = await player.place("0.50", [{ eventId: "ev-w5", odds: "3.00" }]);
    const cashed = await player.place("0.50", [{ eventId: "ev-w6", odds: "4.00" }]);
    await app.domainEvents.drain();
    expect((await playerBonus(player.headers)).wagered).toBe("0.00");

    await player.settle(single.roundId, "0", { status: "lost", legs: [{ result: "lost" }] });
    await player.settle(multiple.roundId, "1.56", {
      status: "won",
      legs: [{ result: "won" }, { result: "won" }],
    });
    await player.settle(low.roundId, "1.40", { status: "won", legs: [{ result: "won" }] });
    await player.voidBet(voided);
    await player.settle(cashed.roundId, "0.80", { status: "cashed_out" });
    await app.domainEvents.drain();
    expect(await playerBonus(player.headers)).toMatchObject({ status: 2, wagered: "1.00" });
  });
});
