// Promotional costs and NGR in the operator's daily report (migration 0053, ADR 0020 "Revised"):
// bonus money granted, forfeited and converted, tournament cash prizes and the operator's
// adjustments each count once on the UTC day of their posting, also when the operation is
// replayed; free-spin winnings are not a grant (their rounds count them); NGR is GGR less the
// total; a fresh backfill, and the migration's fill of an installation whose reports existed
// before, give what the events gave. Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { issueBonus } from "../src/modules/bonus/issue-bonus";
import { backfillReports } from "../src/modules/reports/collect";
import { completeTournament } from "../src/modules/tournament/complete-tournaments";
import { gamePlayer } from "./game-helpers";
import { type Json, operatorRequest, operatorTestApp, uniqueSlug } from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";
import { dailyReport, forgetReports } from "./report-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

// The test clock starts at 2026-11-22T12:00Z.
const DAY1 = "2026-11-22";
const DAY2 = "2026-11-23";
const RANGE = `from=${DAY1}&to=${DAY2}`;

const daily = (query: string) => dailyReport(app, query);

const ctxOf = () => ({ db: app.testDb, now: app.clock.now }) as unknown as AppContext;

const adjust = async (playerId: string, body: Json) => {
  const response = await operatorRequest(
    app,
    "POST",
    `/api/operator/players/${playerId}/adjustments`,
    body,
  );
  expect([200, 201], response.body).toContain(response.statusCode);
};

const grantBonus = async (playerId: string, key: string) => {
  const response = await operatorRequest(app, "POST", `/api/operator/players/${playerId}/bonuses`, {
    key,
    bonus: "no-deposit-5",
    reason: "Goodwill",
  });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json().data.bonus as Json;
};

/** A cash-prize tournament of EUR rows (minor units) that started a minute ago, ends in ten. */
async function cashTournament(prize: string) {
  const slug = `t-${randomBytes(4).toString("hex")}`;
  const starts = new Date(app.clock.now().getTime() - 60_000);
  const [row] = await app.testDb.query<{ id: string }>(
    `INSERT INTO tournaments (slug, title, scoring, currency, convert_currencies, min_bet,
       game_ids, provider_ids, starts_at, ends_at, position)
     VALUES ($1, $1, 'bet_sum', 'EUR', false, 0, '{}', '{}', $2, $3, 100) RETURNING id`,
    [slug, starts, new Date(starts.getTime() + 660_000)],
  );
  await app.testDb.query(
    `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, kind, amount, title, reward)
     VALUES ($1, 1, 1, 'cash', $2, '', '{}'::jsonb)`,
    [row!.id, prize],
  );
  return { id: row!.id, slug };
}

const ZERO_PROMOTIONS = {
  bonuses: { granted: "0.00", forfeited: "0.00", converted: "0.00" },
  prizes: "0.00",
  adjustments: { credits: "0.00", debits: "0.00" },
  total: "0.00",
};

describe("operator reports: promotional costs and NGR", () => {
  it("counts each bonus grant, forfeit and conversion, tournament prize and adjustment once on its UTC day, replays included; NGR is GGR less their total", async () => {
    // Day 1, ten minutes before midnight UTC.
    app.clock.advance(11 * 3600 + 50 * 60);
    const player = await gamePlayer(app, { funds: "50.00" });
    const id = player.tokens.profileId as string;
    await player.round("4.00", "1.00");
    // A goodwill credit sent twice with one key, and a debit: +10.00 once, −3.00.
    const credit = {
      key: uniqueSlug("credit"),
      currency: "EUR",
      amount: "10.00",
      reason: "Outage",
    };
    await adjust(id, credit);
    await adjust(id, credit);
    await adjust(id, { key: uniqueSlug("debit"), currency: "EUR", amount: "-3.00", reason: "Fix" });
    // A bonus granted twice with one key (5.00 once), then canceled: 5.00 back to the house.
    const bonusKey = uniqueSlug("bonus");
    const granted = await grantBonus(id, bonusKey);
    expect((await grantBonus(id, bonusKey)).id).toBe(granted.id);
    const canceled = await operatorRequest(
      app,
      "POST",
      `/api/operator/players/${id}/bonuses/${granted.id}/cancel`,
      { reason: "Bonus abuse" },
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    // Free-spin winnings are issued as a bonus but are not a grant: their rounds count them.
    const [definition] = await app.testDb.query<{ id: number }>(
      "SELECT id FROM bonuses WHERE slug = 'no-deposit-5'",
    );
    await app.testDb.transaction((tx) =>
      issueBonus(tx, ctxOf(), {
        playerId: id,
        bonusId: Number(definition!.id),
        currency: "EUR",
        source: `freespins:${randomBytes(4).readUInt32BE()}`,
        amount: 700n,
      }),
    );

    // Day 2, after midnight UTC: a bonus wagered through (5.00 becomes real money) and a
    // tournament's 12.50 cash prize, its completion run twice.
    app.clock.advance(20 * 60);
    await app.testDb.query("UPDATE bonuses SET wager_multiplier = 2 WHERE slug = 'no-deposit-5'");
    const tournament = await cashTournament("1250");
    try {
      const wagering = await gamePlayer(app, { funds: "0" });
      const applied = await app.inject({
        method: "POST",
        url: "/api/game/bonuses/bonuscodes",
        headers: wagering.headers,
        payload: { bonusCode: "WELCOME5", trigger: 1 },
      });
      expect(applied.json().data.status, applied.body).toBe(2);
      const joined = await app.inject({
        method: "PUT",
        url: `/api/retention/tournaments/${tournament.slug}/join`,
        headers: wagering.headers,
      });
      expect(joined.statusCode, joined.body).toBe(200);
      for (let i = 0; i < 5; i += 1) await wagering.round("2.00", "2.00");
      await app.domainEvents.drain();
      const mine = await app.inject({ url: "/api/game/player-bonuses", headers: wagering.headers });
      expect(mine.json().data[0]).toMatchObject({ status: 3, result: 2 });
      app.clock.advance(11 * 60);
      expect(await completeTournament(ctxOf(), tournament.id)).toBe(true);
      expect(await completeTournament(ctxOf(), tournament.id)).toBe(false);
    } finally {
      await app.testDb.query(
        "UPDATE bonuses SET wager_multiplier = 40 WHERE slug = 'no-deposit-5'",
      );
    }
    await app.domainEvents.drain();

    const report = await daily(RANGE);
    expect(report.days).toEqual([
      expect.objectContaining({
        day: DAY1,
        bets: { rounds: 1, stakes: "4.00", wins: "1.00", refunds: "0.00", ggr: "3.00" },
        promotions: {
          bonuses: { granted: "5.00", forfeited: "5.00", converted: "0.00" },
          prizes: "0.00",
          adjustments: { credits: "10.00", debits: "3.00" },
          total: "7.00",
        },
        // 3.00 − (5.00 − 5.00 + 10.00 − 3.00)
        ngr: "-4.00",
      }),
      expect.objectContaining({
        day: DAY2,
        bets: { rounds: 5, stakes: "10.00", wins: "10.00", refunds: "0.00", ggr: "0.00" },
        promotions: {
          bonuses: { granted: "5.00", forfeited: "0.00", converted: "5.00" },
          prizes: "12.50",
          adjustments: { credits: "0.00", debits: "0.00" },
          total: "17.50",
        },
        ngr: "-17.50",
      }),
    ]);
    expect(report.totals).toEqual([
      expect.objectContaining({
        currency: "EUR",
        bets: expect.objectContaining({ ggr: "3.00" }),
        promotions: {
          bonuses: { granted: "10.00", forfeited: "5.00", converted: "5.00" },
          prizes: "12.50",
          adjustments: { credits: "10.00", debits: "3.00" },
          total: "24.50",
        },
        ngr: "-21.50",
      }),
    ]);
    // A day of promotions only has its row; a range without any shows none.
    const quiet = await daily("from=2026-01-01&to=2026-01-31");
    expect(quiet.days).toEqual([]);
  });

  it("a fresh backfill, and the migration's fill of reports kept before 0053, give the promotional costs the events gave", async () => {
    const live = await daily(RANGE);
    expect(live.totals[0].promotions.total).not.toBe("0.00");
    // An installation whose reports existed before 0053: the new columns at their default.
    await app.testDb.query(
      `UPDATE report_daily SET bonus_granted = 0, bonus_forfeited = 0, bonus_converted = 0,
                               prizes = 0, adjustment_credits = 0, adjustment_debits = 0`,
    );
    const before = await daily(RANGE);
    expect(before.totals[0].promotions).toEqual(ZERO_PROMOTIONS);
    expect(before.totals[0].ngr).toBe(before.totals[0].bets.ggr);
    await app.testDb.query("SELECT report_fill_promotions()");
    expect(await daily(RANGE)).toEqual(live);

    // As if the consumer had never run: no rows and no cursor.
    await forgetReports(app.testDb);
    expect(await daily(RANGE)).toMatchObject({ days: [], totals: [] });
    expect(await backfillReports(app.testDb)).toBe(true);
    expect(await daily(RANGE)).toEqual(live);
  });
});
