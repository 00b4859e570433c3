// Issue 31 item 1 (compliance wording): a self-excluded player is told so, in words and with the
// end date in their locale and time zone, in the wallet (not "deposit limit reached") and on a
// game page, which offers no real-money play (the server refuses it, 400/13111) but keeps the demo.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV } from "./support/games";
import { openWallet, playerApi, signedInPlayer, WAIT, WALLET_ENV } from "./support/wallet";

const site = useSite({ ...WALLET_ENV, ...GAME_ENV });

/** The player's profile zone: not the browser's (UTC), so a date in it proves the zone is used. */
const ZONE = "Asia/Tokyo";

/** A raw ISO timestamp, as the server's refusal messages carry them. */
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type Limit = { expiresAt: string | null };

/** Self-excludes the player for 6 months (by API: the set-up, not what is checked). */
async function selfExclude(token: string): Promise<Limit> {
  await playerApi(site.server.url, "/api/player/profile", token, {
    method: "PUT",
    body: { timeZone: ZONE },
  });
  const { data } = await playerApi<Limit>(site.server.url, "/api/player/limits", token, {
    method: "POST",
    body: { definition: 4, months: 6 },
  });
  return data;
}

/** The date as the site should write it: the page's language, the player's zone. */
function shownDate(page: Page, iso: string, locale: string): Promise<string> {
  return page.evaluate(
    ({ value, tag, zone }) =>
      new Intl.DateTimeFormat(tag, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: zone,
      }).format(new Date(value)),
    { value: iso, tag: locale, zone: ZONE },
  );
}

describe("responsible-gambling wording", () => {
  test("a self-excluded player opening Deposit is told about the self-exclusion and its end, not a deposit limit", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    const block = await selfExclude(accessToken);
    const until = await shownDate(page, block.expiresAt ?? "", "en");
    expect(until).not.toMatch(ISO);

    const methods = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/payment/methods/deposit",
      WAIT,
    );
    const wallet = await openWallet(page);
    const notice = wallet.getByRole("region", { name: "Deposits paused: self-exclusion" });
    await notice
      .getByText(
        `Deposits are not available during your self-exclusion, which lasts until ${until}.`,
        { exact: true },
      )
      .waitFor(WAIT);
    expect(((await (await methods).json()) as { error: { code: number } }).error.code).toBe(13100);
    expect(await wallet.getByRole("region", { name: "Deposit limit reached" }).count()).toBe(0);
    expect(await wallet.getByText(/limit period ends/).count()).toBe(0);
    expect(await wallet.textContent()).not.toMatch(ISO);
    await notice.getByRole("button", { name: "More info" }).waitFor(WAIT);
  });

  test("in German the wallet's notice and its date are German", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    const block = await selfExclude(accessToken);
    await page.context().addCookies([{ name: "user-language", value: "de", url: site.server.url }]);
    const until = await shownDate(page, block.expiresAt ?? "", "de");
    await page.goto("/de?wallet=deposit");
    await hydrated(page);
    const wallet = page.getByRole("dialog").first();
    await wallet
      .getByRole("region", { name: "Einzahlungen pausiert: Selbstausschluss" })
      .getByText(
        `Während deines Selbstausschlusses sind keine Einzahlungen möglich. Er gilt bis ${until}.`,
      )
      .waitFor(WAIT);
  });

  test("on a game page a self-excluded player is offered no real-money play, sees until when, and can play the demo", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    const block = await selfExclude(accessToken);
    const until = await shownDate(page, block.expiresAt ?? "", "en");
    const launches: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && /\/api\/game\/games\/\d+\/play$/.test(request.url())) {
        launches.push((request.postDataJSON() as { mode: string }).mode);
      }
    });

    await page.goto("/games/dice");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Dice" }).waitFor(WAIT);
    await page
      .getByRole("status")
      .filter({
        hasText: `Real-money play is not available during your self-exclusion, until ${until}.`,
      })
      .waitFor(WAIT);
    expect(await page.getByRole("button", { name: "Play for real money" }).count()).toBe(0);
    expect(await page.locator("body").textContent()).not.toMatch(ISO);

    await page.getByRole("button", { name: "Try the demo" }).click();
    await page.getByTitle("Dice", { exact: true }).waitFor(WAIT);
    await page.getByText("Demo", { exact: true }).waitFor(WAIT);
    expect(await page.getByRole("button", { name: "Play for real money" }).count()).toBe(0);
    expect(launches).toEqual(["demo"]);
  });
});
