import { readFile } from "node:fs/promises";
import type { DailyReport, GameReport } from "@casino/contract/operator-reports";
import { describe, expect, test } from "vitest";
import { issueOperatorKey, newRootKey, signInWithKey } from "./support/backoffice";
import { useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound } from "./support/games";
import { depositByApi, fundedPlayerTokens, WAIT, WALLET_ENV } from "./support/wallet";

const ROOT = newRootKey();
const site = useSite({ ...WALLET_ENV, ...GAME_ENV, OPERATOR_API_TOKEN: ROOT });

const issueKey = (name: string, scopes: string[]) => issueOperatorKey(site, ROOT, name, scopes);

/** An operator API GET with `key`; the answer's status and body. */
async function operatorGet<T>(path: string, key = ROOT): Promise<{ status: number; data: T }> {
  const response = await fetch(`${site.server.url}/api/operator${path}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

const daily = async (from: string, to: string) =>
  (await operatorGet<DailyReport>(`/reports/daily?from=${from}&to=${to}&currency=EUR`)).data;
const goldRush = async (day: string) =>
  (
    await operatorGet<GameReport>(`/reports/games?from=${day}&to=${day}&currency=EUR`)
  ).data.games.find((game) => game.title === "Gold Rush");

/** EUR amounts as cents, exactly ("150.00" → 15000n), and back. */
const cents = (amount: string | undefined) => BigInt((amount ?? "0.00").replace(".", ""));
const eur = (value: bigint) => {
  const digits = (value < 0n ? -value : value).toString().padStart(3, "0");
  return `${value < 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)} EUR`;
};

describe("back office reports", () => {
  test("a reports key sees today's deposits, net deposits, GGR and NGR (less an adjustment made through the operator API), downloads the days as CSV, sees the game played, and an empty range says so", async () => {
    const url = site.server.url;
    const today = new Date().toISOString().slice(0, 10);
    const before = (await daily(today, today)).totals[0];
    const goldBefore = await goldRush(today);

    // Two deposits (120 + 30 EUR) of a new player, then two rounds of Gold Rush: stakes 15,
    // wins 4, GGR 11.
    const player = await fundedPlayerTokens(url, "120");
    await depositByApi(url, player.tokens.accessToken, "30");
    const session = await gameSession(url, player.tokens.accessToken, "gold-rush");
    await playRound(url, session, "10.00", "4.00");
    await playRound(url, session, "5.00", "0");
    // A goodwill credit of 7.25 EUR through the operator API: a promotional cost, so NGR is
    // GGR less it.
    const adjusted = await fetch(
      `${url}/api/operator/players/${player.tokens.profileId}/adjustments`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${ROOT}`, "content-type": "application/json" },
        body: JSON.stringify({
          key: `reports-goodwill-${Date.now()}`,
          currency: "EUR",
          amount: "7.25",
          reason: "Goodwill",
        }),
      },
    );
    expect(adjusted.status, await adjusted.text()).toBe(201);

    const expected = {
      deposits: (before?.deposits.count ?? 0) + 2,
      deposited: cents(before?.deposits.amount) + 15000n,
      net: cents(before?.deposits.amount) - cents(before?.withdrawals.amount) + 15000n,
      rounds: (before?.bets.rounds ?? 0) + 2,
      ggr: cents(before?.bets.ggr) + 1100n,
      firstDepositors: (before?.players.firstDepositors ?? 0) + 1,
      credits: cents(before?.promotions.adjustments.credits) + 725n,
      ngr: cents(before?.ngr) + 1100n - 725n,
    };
    // The reports consumer adds the events a moment later: through the API first.
    await expect
      .poll(
        async () => {
          const total = (await daily(today, today)).totals[0];
          return [total?.deposits.count, total?.bets.rounds, total?.ngr];
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([expected.deposits, expected.rounds, eur(expected.ngr).slice(0, -4)]);

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Rita, reports", ["reports"])).token);
    const desks = page.getByRole("navigation", { name: "Desks" });
    await desks.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    expect(await desks.getByRole("link", { name: "Players" }).count()).toBe(0);

    // Today is in the default range (the last 7 days); only today's figures are compared.
    await page.getByRole("button", { name: "Today" }).click();
    await page.getByRole("button", { name: "Today", pressed: true }).waitFor();
    const totals = page.getByRole("region", { name: "Totals" });
    const figure = (name: string, value: string) =>
      totals
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name, exact: true }) })
        .getByRole("cell", { name: value, exact: true })
        .waitFor(WAIT);
    // The Today figures, not the last 7 days' still shown while they load.
    await totals
      .getByRole("table", { name: new RegExp(`^Totals, ${today} \\(UTC\\)`) })
      .waitFor(WAIT);
    await totals.getByRole("columnheader", { name: "EUR" }).waitFor(WAIT);
    await figure("Deposits", String(expected.deposits));
    await figure("Deposited", eur(expected.deposited));
    await figure("Net deposits", eur(expected.net));
    await figure("Rounds", String(expected.rounds));
    await figure("GGR", eur(expected.ggr));
    await figure("First-time depositors", String(expected.firstDepositors));
    await figure("Adjustment credits", eur(expected.credits));
    await figure("NGR", eur(expected.ngr));

    // The daily table as CSV: a header row and today's EUR row with the same figures.
    const days = page.getByRole("region", { name: "Per day" });
    await days
      .getByRole("table", { name: `Per UTC day and currency, ${today}`, exact: true })
      .getByRole("rowheader", { name: today })
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      days.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`daily-report-${today}-${today}.csv`);
    const csv = (await readFile(await download.path(), "utf8")).split("\r\n");
    expect(csv[0]).toMatch(/^"Day","Currency","Deposits","Deposited",.*"GGR",.*"NGR"/);
    expect(csv[1]).toContain(
      `"${today}","EUR","${expected.deposits}","${eur(expected.deposited).slice(0, -4)}"`,
    );

    // The game played, with its rounds and GGR of today.
    const games = page.getByRole("region", { name: "Games" });
    await games.getByLabel("Order by").selectOption({ label: "Rounds" });
    const gold = games
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Gold Rush", exact: true }) });
    await gold.getByRole("cell", { name: "Sandbox Slots", exact: true }).waitFor(WAIT);
    await gold
      .getByRole("cell", { name: String((goldBefore?.rounds ?? 0) + 2), exact: true })
      .waitFor(WAIT);
    await gold
      .getByRole("cell", { name: eur(cents(goldBefore?.ggr) + 1100n), exact: true })
      .waitFor(WAIT);

    // A range long before any activity.
    const range = page.getByRole("form", { name: "Report range" });
    await range.getByLabel("From (UTC day)").fill("2020-01-01");
    await range.getByLabel("To (UTC day)").fill("2020-01-31");
    await range.getByRole("button", { name: "Show report" }).click();
    await totals.getByText("No activity in this range.").waitFor(WAIT);
    await games.getByText("No games played in this range.").waitFor(WAIT);
    expect(await page.getByRole("region", { name: "Per day" }).count()).toBe(0);
    expect(await daily("2020-01-01", "2020-01-31")).toMatchObject({ days: [], totals: [] });

    // A backwards range: the API's problem, next to the form.
    await range.getByLabel("From (UTC day)").fill("2020-02-01");
    await range.getByRole("button", { name: "Show report" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Must be on or after from" })
      .first()
      .waitFor(WAIT);
  });

  test("a key without reports has no Reports desk, and the API refuses it", async () => {
    const key = (await issueKey("Sam, support", ["players"])).token;
    const { page } = await site.open();
    await signInWithKey(page, key);
    const desks = page.getByRole("navigation", { name: "Desks" });
    await desks.getByRole("link", { name: "Players" }).waitFor();
    expect(await desks.getByRole("link", { name: "Reports" }).count()).toBe(0);
    await page.goto("/backoffice/reports");
    await page.getByRole("heading", { level: 1, name: "Nothing here" }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    expect((await operatorGet(`/reports/daily?from=${today}&to=${today}`, key)).status).toBe(403);
  });
});
