// The sandbox game studio (SANDBOX_GAMES): the game client the seeded outside providers launch
// into. It plays through the signed provider wallet API like an outside studio, so a spin moves
// the player's wallet and settles a round; demo launches play with page-held demo money.
import { GameLaunchResponse } from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutOf } from "../src/modules/sandbox/game-studio";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { GAME_TEST_ENV, gamePlayer } from "./game-helpers";
import { createTestApp } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(GAME_TEST_ENV);
});
afterAll(async () => app?.close());

/** The launch URL of a game, as a path this app answers. */
async function launch(game: string, mode: "real" | "demo", headers: Record<string, string>) {
  const response = await app.inject({
    method: "POST",
    url: `/api/game/games/${game}/play`,
    headers,
    payload: { mode },
  });
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(GameLaunchResponse.parse(response.json()).data.url);
  return `${url.pathname}${url.search}`;
}

async function page(url: string) {
  const response = await app.inject({ url });
  return { status: response.statusCode, html: response.body };
}

/** Presses Spin with `stake`; follows the redirect; returns the page after it. */
async function spin(url: string, html: string, stake: string) {
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replaceAll("&amp;", "&"),
    ]),
  );
  const posted = await app.inject({
    method: "POST",
    url: new URL(url, "http://x").pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ ...fields, stake }).toString(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  const location = String(posted.headers.location);
  return { url: location, ...(await page(location)) };
}

const balanceOn = (html: string) => /Balance: <strong>([\d.]+) /i.exec(html)?.[1];
const cents = (amount: string) => Math.round(Number(amount) * 100);

describe("sandbox game studio", () => {
  it("GM-04 BE-32 a real launch of an outside studio's game plays through the signed wallet API: each spin is a bet and a closing win", async () => {
    const p = await gamePlayer(app, { game: "gold-rush", funds: "10.00" });
    const url = await launch("gold-rush", "real", p.headers);
    expect(url).toMatch(/^\/sandbox\/games\/sandbox-slots\/gold-rush\?token=/);
    const opened = await page(url);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("<h1>Gold Rush</h1>");
    expect(balanceOn(opened.html)).toBe("10.00");
    expect(opened.html).toMatch(/<label for="stake">Stake \(EUR\)<\/label>/);

    let current = { url, html: opened.html };
    let expected = cents("10.00");
    for (let i = 0; i < 5; i++) {
      current = await spin(current.url, current.html, "1.00");
      const payout = /staked 1\.00 EUR, (?:won ([\d.]+) EUR|no win)/.exec(current.html);
      expect(payout, current.html).not.toBeNull();
      expected += cents(payout![1] ?? "0") - cents("1.00");
      expect(cents(balanceOn(current.html)!)).toBe(expected);
    }
    // The platform's own view: five closed rounds, the wallet's balance, a clean ledger.
    const rounds = await app.testDb.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM game_rounds WHERE player_id = $1 GROUP BY status`,
      [p.tokens.profileId],
    );
    expect(rounds).toEqual([{ status: "closed", n: 5 }]);
    expect(cents((await p.balance()).balance)).toBe(expected);
    expect(await checkLedger(app.testDb)).toEqual([]);

    // More than the balance: the platform's refusal shows, nothing moves.
    const refused = await spin(current.url, current.html, "500.00");
    expect(refused.html).toMatch(/<p role="alert">[^<]*(funds|balance)/i);
    expect(cents(balanceOn(refused.html)!)).toBe(expected);
  });

  it("GM-04 a demo launch plays with 1,000.00 of demo money and no wallet call", async () => {
    const url = await launch("gold-rush", "demo", { "x-test-country": "BR" });
    const opened = await page(url);
    expect(opened.status, opened.html).toBe(200);
    expect(opened.html).toContain("Demo balance: <strong>1000.00 FUN</strong>");
    const after = await spin(url, opened.html, "2.50");
    const won = /staked 2\.50 FUN, (?:won ([\d.]+) FUN|no win)/.exec(after.html);
    expect(won, after.html).not.toBeNull();
    const balance = /Demo balance: <strong>([\d.]+) FUN/.exec(after.html)![1]!;
    expect(cents(balance)).toBe(cents("1000.00") - cents("2.50") + cents(won![1] ?? "0"));
    const tooMuch = await spin(after.url, after.html, "5000");
    expect(tooMuch.html).toContain("Not enough demo money for that stake");
  });

  it("GM-04 an unknown or ended game session, a bad stake and an unknown game get clear answers", async () => {
    const ended = await page(
      "/sandbox/games/sandbox-slots/gold-rush?token=not-a-session-token-at-all&mode=real",
    );
    expect(ended.status).toBe(401);
    expect(ended.html).toContain('role="alert"');
    const unknown = await page(
      "/sandbox/games/sandbox-slots/no-such-game?token=0123456789abcdef0123&mode=demo",
    );
    expect(unknown.status).toBe(404);
    const badStake = await app.inject({
      method: "POST",
      url: "/sandbox/games/sandbox-slots/gold-rush",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "token=0123456789abcdef0123&mode=demo&currency=FUN&stake=lots",
    });
    expect(badStake.statusCode).toBe(422);
    expect(badStake.json().error.fields.stake).toBeDefined();
  });

  it("the paytable pays 96 % of the stake over the 100 equally likely rolls, rounded down", () => {
    const total = Array.from({ length: 100 }, (_, roll) => Number(payoutOf("100.00", roll)));
    expect(total.reduce((sum, payout) => sum + payout, 0)).toBe(9_600);
    expect([0, 1, 5, 35, 47].map((roll) => payoutOf("0.01", roll))).toEqual([
      "0.10",
      "0.05",
      "0.02",
      "0.00",
      "0.00",
    ]);
    expect(payoutOf("0.03", 40)).toBe("0.01");
  });

  it("SANDBOX_GAMES=false: no sandbox studio", async () => {
    const off = await createTestApp({ ...GAME_TEST_ENV, SANDBOX_GAMES: "false" });
    try {
      const response = await off.inject({
        url: "/sandbox/games/sandbox-slots/gold-rush?token=0123456789abcdef0123&mode=demo",
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
