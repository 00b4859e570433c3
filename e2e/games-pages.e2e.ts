// The player site's game pages (issue 5 "Web"; GM-01..GM-12, RT-10, RT-13, RT-16, CN-04): guests
// browse rails, search and play demos; players play for real in an iframe, keep favorites, find
// recently played games and their bets in the history; below 768 px the mobile-game modal asks.
import { randomBytes } from "node:crypto";
import type { Page, Request, Response } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, signInWithModal } from "./support/accounts";
import { screenshot } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";
import {
  GAME_ENV,
  gameSession as launchGameSession,
  walletCall as signedWalletCall,
} from "./support/games";
import { routeRealtime } from "./support/realtime";
import { fundedPlayerTokens, WAIT } from "./support/wallet";

const site = useSite({
  ...ACCOUNT_ENV,
  SANDBOX_PAYMENTS: "true",
  ...GAME_ENV,
});

const EN = [{ name: "user-language", value: "en" }];

function isApi(method: string, path: string | RegExp) {
  return (request: Request) =>
    request.method() === method &&
    (typeof path === "string"
      ? new URL(request.url()).pathname === path
      : path.test(new URL(request.url()).pathname + new URL(request.url()).search));
}

function responseTo(page: Page, method: string, path: string | RegExp): Promise<Response> {
  return page.waitForResponse((response) => isApi(method, path)(response.request()), WAIT);
}

/** A funded EUR player signed in on a fresh page (German request country, English site). */
async function player(options: { width?: number; height?: number } = {}) {
  const funded = await fundedPlayerTokens(site.server.url, "50.00");
  const { page, context } = await site.open({ country: "DE", cookies: EN, ...options });
  await signInWithModal(page, funded.email, PASSWORD);
  return { page, context, ...funded };
}

const walletCall = (action: "bet" | "win", body: Record<string, unknown>) =>
  signedWalletCall(site.server.url, action, body);
const gameSession = (accessToken: string, game?: string) =>
  launchGameSession(site.server.url, accessToken, game);

async function guest(options: { width?: number; height?: number } = {}) {
  const { page } = await site.open({ country: "DE", cookies: EN, ...options });
  return page;
}

describe("game pages", () => {
  test("RT-13 GM-03 GM-04 a guest opens a game: real money asks to sign in (demo-game), the demo plays in an iframe", async () => {
    const page = await guest();
    await page.goto("/games/dice");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Dice" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Play for real money" }).click();
    const dialog = page.getByRole("dialog", { name: "Demo game" });
    await dialog.getByRole("button", { name: "Sign in" }).waitFor(WAIT);
    const launched = responseTo(page, "POST", /^\/api\/game\/games\/\d+\/play$/);
    await dialog.getByRole("button", { name: "Play the demo" }).click();
    const response = await launched;
    expect(response.request().postDataJSON()).toMatchObject({ mode: "demo" });
    const { data } = (await response.json()) as { data: { url: string; mode: string } };
    expect(data.mode).toBe("demo");
    const frame = page.getByTitle("Dice", { exact: true });
    await frame.waitFor(WAIT);
    expect(await frame.getAttribute("src")).toBe(data.url);
    await page.getByText("Demo", { exact: true }).waitFor(WAIT);
  });

  test("GM-04 a game without a demo tells a guest so, an unknown game is a 404 page, a restricted one opens geo-restricted-game", async () => {
    const page = await guest();
    await page.goto("/games/pharaoh-spins");
    await hydrated(page);
    await page.getByText("This game has no demo.").first().waitFor(WAIT);
    expect(await page.getByRole("button", { name: "Try the demo" }).count()).toBe(0);
    const missing = await page.goto("/games/no-such-game");
    expect(missing?.status()).toBe(404);
    // Live casino is not offered in Germany: the game's page says so in geo-restricted-game.
    await page.goto("/games/live-roulette");
    await hydrated(page);
    await page
      .getByRole("dialog", { name: "Game not available" })
      .getByText("This game is not available in your country.")
      .waitFor(WAIT);
  });

  test("GM-04 GM-06 GM-11 a player's game starts for real in the active currency; favorite and recently played", async () => {
    const { page } = await player();
    await page.goto("/");
    await hydrated(page);
    const launched = responseTo(page, "POST", /^\/api\/game\/games\/\d+\/play$/);
    await page.goto("/games/gold-rush");
    const response = await launched;
    expect(response.request().postDataJSON()).toMatchObject({ mode: "real", currency: "EUR" });
    const { data } = (await response.json()) as { data: { url: string; mode: string } };
    expect(data.mode).toBe("real");
    const frame = page.getByTitle("Gold Rush", { exact: true });
    await frame.waitFor(WAIT);
    expect(await frame.getAttribute("src")).toBe(data.url);
    const kept = await page.evaluate(() => sessionStorage.getItem("return-game"));
    expect(JSON.parse(kept ?? "{}")).toMatchObject({ slug: "gold-rush", mode: "real" });

    const favorite = page.getByRole("button", { name: "Favorite Gold Rush" });
    expect(await favorite.getAttribute("aria-pressed")).toBe("false");
    const added = page.waitForRequest(isApi("POST", /^\/api\/game\/games\/\d+\/favorite$/), WAIT);
    await favorite.click();
    await added;
    await page.waitForFunction(
      () =>
        document
          .querySelector('[aria-label="Favorite Gold Rush"]')
          ?.getAttribute("aria-pressed") === "true",
    );
    await screenshot(page, "game-page-1280");

    await page.goto("/favorites");
    await hydrated(page);
    const favorites = page.getByRole("list", { name: "Favorite games" });
    await favorites.getByRole("link", { name: /^Gold Rush/ }).waitFor(WAIT);
    await page.goto("/recently-played");
    await hydrated(page);
    await page
      .getByRole("list", { name: "Recently played" })
      .getByRole("link", { name: /^Gold Rush/ })
      .waitFor(WAIT);
    // Unfavoriting from the card sends DELETE.
    await page.goto("/favorites");
    await hydrated(page);
    const removed = page.waitForRequest(isApi("DELETE", /^\/api\/game\/games\/\d+\/favorite$/));
    await page.getByRole("button", { name: "Remove Gold Rush from favorites" }).click();
    await removed;
  });

  test("GM-04 BE-32 an outside studio's game (the sandbox studio) spins for real in the frame: its balance and the wallet move by payout − stake", async () => {
    const { page, tokens } = await player();
    await page.goto("/games/gold-rush");
    const frame = page.frameLocator('iframe[title="Gold Rush"]');
    await frame.getByText("Balance: 50.00 EUR").waitFor(WAIT);
    await frame.getByLabel("Stake (EUR)").fill("2.00");
    await frame.getByRole("button", { name: "Spin" }).click();
    const result = frame.getByRole("status");
    await expect.poll(() => result.textContent(), WAIT).toMatch(/^Last spin: staked 2\.00 EUR/);
    const won = /won ([\d.]+) EUR/.exec((await result.textContent()) ?? "")?.[1] ?? "0";
    const expected = (50 - 2 + Number(won)).toFixed(2);
    await frame.getByText(`Balance: ${expected} EUR`).waitFor(WAIT);
    const accounts = await fetch(`${site.server.url}/api/wallet/accounts`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    const { data } = (await accounts.json()) as { data: { currency: string; balance: string }[] };
    expect(data.find((account) => account.currency === "EUR")?.balance).toBe(expected);
  });

  test("GM-11 a guest asking for real money signs in and the game starts for real", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "10.00");
    const page = await guest();
    await page.goto("/games/dice");
    await hydrated(page);
    await page.getByRole("button", { name: "Play for real money" }).click();
    const dialog = page.getByRole("dialog", { name: "Demo game" });
    await dialog.getByRole("button", { name: "Sign in" }).click();
    const signIn = page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByRole("textbox", { name: "E-mail" }).fill(funded.email);
    await signIn.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const launched = responseTo(page, "POST", /^\/api\/game\/games\/\d+\/play$/);
    await signIn.getByRole("button", { name: "Log in" }).click();
    const response = await launched;
    expect(response.request().postDataJSON()).toMatchObject({ mode: "real" });
    await page.getByTitle("Dice", { exact: true }).waitFor(WAIT);
    await page.getByText("Real money", { exact: true }).waitFor(WAIT);
  });

  test("GM-04 below 768 px the game page opens the mobile-game modal; the chosen demo fills the screen", async () => {
    const page = await guest({ width: 375, height: 740 });
    await page.goto("/games/limbo");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Play game" });
    await dialog.getByRole("button", { name: "Play for real money" }).waitFor(WAIT);
    await dialog.getByRole("button", { name: "Play the demo" }).click();
    const frame = page.getByTitle("Limbo", { exact: true });
    await frame.waitFor(WAIT);
    const box = await frame.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(340);
    await screenshot(page, "game-page-375");
  });

  test("GM-01 GM-02 GM-10 RT-10 a guest browses the collection rails, searches, and sees all of a category page by page", async () => {
    const page = await guest();
    const collections = page.waitForRequest(isApi("GET", "/api/game/collections"), WAIT);
    const winners = page.waitForRequest(isApi("GET", "/api/game/spins/winners"), WAIT);
    await page.goto("/");
    await hydrated(page);
    await collections;
    await winners;
    const rail = page.getByRole("list", { name: "Popular", exact: true });
    await rail.getByRole("link", { name: /^Dice Originals/ }).waitFor(WAIT);

    const search = page.getByRole("searchbox", { name: "Search games" });
    const searched = page.waitForRequest(isApi("GET", /^\/api\/game\/games\?.*search=gold/), WAIT);
    await search.fill("gold");
    await searched;
    const results = page.getByRole("list", { name: "Search results" });
    await results.getByRole("link", { name: /^Gold Rush/ }).waitFor(WAIT);
    expect(await results.getByRole("listitem").count()).toBe(1);
    await screenshot(page, "home-games-1280");

    await page.getByRole("link", { name: "See all Slots games" }).click();
    await page.waitForURL(/\/categories\/slots$/, WAIT);
    await page.getByRole("heading", { level: 1, name: "Slots" }).waitFor(WAIT);
    const grid = page.getByRole("list", { name: "Slots", exact: true });
    await grid.getByRole("link", { name: /^Gold Rush/ }).waitFor(WAIT);
    // Sorting asks the server again with the sort filter (GM-02).
    const sorted = page.waitForRequest(
      isApi("GET", /^\/api\/game\/games\?.*collection=slots.*sort=title/),
      WAIT,
    );
    await page.getByLabel("Sort by").selectOption("title");
    await sorted;
    await grid.getByRole("link", { name: /^Fruit Lines/ }).waitFor(WAIT);

    // Opening a card goes to the game page and its close button comes back here.
    await grid.getByRole("link", { name: /^Ocean Gems/ }).click();
    await page.getByRole("heading", { level: 1, name: "Ocean Gems" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Close game" }).click();
    await page.waitForURL(/\/categories\/slots$/, WAIT);
  });

  test("RT-16 GM-08 the providers page links each provider's page, which reads the provider and lists its games", async () => {
    const page = await guest();
    const providers = page.waitForRequest(isApi("GET", "/api/game/providers"), WAIT);
    await page.goto("/providers");
    await hydrated(page);
    await providers;
    const list = page.getByRole("list", { name: "Game providers" });
    const one = page.waitForRequest(isApi("GET", "/api/game/providers/sandbox-slots"), WAIT);
    await list.getByRole("link", { name: "Sandbox Slots" }).click();
    await one;
    await page.getByRole("heading", { level: 1, name: "Sandbox Slots" }).waitFor(WAIT);
    await page
      .getByRole("list", { name: "Games by Sandbox Slots" })
      .getByRole("link", { name: /^Gold Rush/ })
      .waitFor(WAIT);
    // Live casino is not offered in Germany: its provider's page has nothing to list there.
    await page.goto("/providers/sandbox-live");
    await hydrated(page);
    await page.getByText("This provider has no games here.").waitFor(WAIT);
    // The providers modal leads to the same pages.
    await page.goto("/?providers=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Providers" });
    await dialog.getByRole("link", { name: "Originals" }).click();
    await page.getByRole("heading", { level: 1, name: "Originals" }).waitFor(WAIT);
  });

  test("GM-09 the history lists the player's bets and spins, and filters open bets", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "50.00");
    const token = await gameSession(funded.tokens.accessToken);
    const id = () => randomBytes(6).toString("hex");
    const won = `round-${id()}`;
    await walletCall("bet", {
      token,
      transactionId: id(),
      roundId: won,
      amount: "2.00",
      currency: "EUR",
    });
    await walletCall("win", {
      token,
      transactionId: id(),
      roundId: won,
      amount: "5.00",
      currency: "EUR",
    });
    await walletCall("bet", {
      token,
      transactionId: id(),
      roundId: `round-${id()}`,
      amount: "1.50",
      currency: "EUR",
    });

    const { page } = await site.open({ country: "DE", cookies: EN });
    await signInWithModal(page, funded.email, PASSWORD);
    await page.goto("/profile/history");
    await hydrated(page);
    await page.getByRole("table", { name: "Payments" }).waitFor(WAIT);
    const bets = page.waitForRequest(isApi("GET", /^\/api\/game\/bets\?page=1&perPage=10$/), WAIT);
    await page.getByRole("tab", { name: "Bets" }).click();
    await bets;
    const table = page.getByRole("table", { name: "Bets" });
    await table.getByRole("row", { name: /Gold Rush.*2\.00 EUR.*5\.00 EUR.*Won/ }).waitFor(WAIT);
    await table.getByRole("row", { name: /Gold Rush.*1\.50 EUR.*Pending/ }).waitFor(WAIT);
    const open = page.waitForRequest(isApi("GET", /^\/api\/game\/bets\?.*isSettled=0/), WAIT);
    await page.getByLabel("Settlement").selectOption("0");
    await open;
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Bets"] tbody tr').length === 1,
    );
    const spins = page.waitForRequest(
      isApi("GET", /^\/api\/game\/spins\?page=1&perPage=10$/),
      WAIT,
    );
    await page.getByRole("tab", { name: "Spins" }).click();
    await spins;
    const spinRows = page.getByRole("table", { name: "Spins" }).getByRole("row");
    await spinRows.filter({ hasText: "1.50 EUR" }).waitFor(WAIT);
    expect(await spinRows.count()).toBe(3);
    await screenshot(page, "history-bets-1280");
  });

  test("GM-09 the bets history pages ten at a time", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "50.00");
    const token = await gameSession(funded.tokens.accessToken);
    const id = () => randomBytes(6).toString("hex");
    for (let n = 1; n <= 11; n++) {
      await walletCall("bet", {
        token,
        transactionId: id(),
        roundId: `round-${id()}`,
        amount: `0.${String(n).padStart(2, "0")}`,
        currency: "EUR",
      });
    }

    const { page } = await site.open({ country: "DE", cookies: EN });
    await signInWithModal(page, funded.email, PASSWORD);
    await page.goto("/profile/history");
    await hydrated(page);
    await page.getByRole("table", { name: "Payments" }).waitFor(WAIT);
    await page.getByRole("tab", { name: "Bets" }).click();
    const pager = page.getByRole("navigation", { name: "Pages of Bets" });
    await pager.getByText("Page 1 of 2").waitFor(WAIT);
    expect(await pager.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(true);
    const second = page.waitForRequest(
      isApi("GET", /^\/api\/game\/bets\?page=2&perPage=10$/),
      WAIT,
    );
    await pager.getByRole("button", { name: "Next page" }).click();
    await second;
    await pager.getByText("Page 2 of 2").waitFor(WAIT);
    const table = page.getByRole("table", { name: "Bets" });
    // Newest first: the first bet (0.01) is alone on the second page.
    await table.getByRole("row", { name: /0\.01 EUR.*Pending/ }).waitFor(WAIT);
    expect(await table.locator("tbody tr").count()).toBe(1);
    expect(await pager.getByRole("button", { name: "Next page" }).isDisabled()).toBe(true);
    await pager.getByRole("button", { name: "Previous page" }).click();
    await pager.getByText("Page 1 of 2").waitFor(WAIT);
  });

  test("GM-12 a max-bet and a restricted-bet event on the player's game-bets channel open max-bets and restricted-bets", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "10.00");
    const { page } = await site.open({ country: "DE", cookies: EN });
    const channel = `game:bets#${funded.tokens.profileId}`;
    const realtime = await routeRealtime(page);
    await signInWithModal(page, funded.email, PASSWORD);
    await page.goto("/games/dice");
    await hydrated(page);
    await page.getByTitle("Dice", { exact: true }).waitFor(WAIT);
    await expect.poll(() => realtime.isSubscribed(channel), WAIT).toBe(true);
    const push = (data: Record<string, unknown>) => realtime.push(channel, data);
    push({ type: "game.bet.max.exceed", playerBonus: { currency: "EUR" }, maxBetAmount: "5.00" });
    const maxBets = page.getByRole("dialog", { name: "Maximum bet" });
    await maxBets.getByText("a bet may be at most 5.00 EUR", { exact: false }).waitFor(WAIT);
    await maxBets.getByRole("button", { name: "OK" }).click();
    push({ type: "game.bet.restricted" });
    await page.getByRole("dialog", { name: "Restricted bets" }).waitFor(WAIT);
  });

  test("CN-04 a rail's games and covers load only once it is within 400 px of the viewport", async () => {
    const page = await guest({ width: 1280, height: 600 });
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/game/games") asked.push(url.searchParams.get("collection") ?? "");
      if (url.pathname.startsWith("/images/games/")) asked.push(url.pathname);
    });
    await page.goto("/");
    await hydrated(page);
    await page
      .getByRole("list", { name: "Popular", exact: true })
      .getByRole("link")
      .first()
      .waitFor(WAIT);
    const last = page.getByRole("list", { name: "Table Games", exact: true });
    const top = await last.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(600 + 400);
    expect(asked).not.toContain("table-games");
    expect(asked).not.toContain("/images/games/european-roulette.svg");
    // Scrolled to 300 px above it: inside the 400 px margin, so it loads.
    await page.evaluate((y) => window.scrollBy(0, y), top - 600 - 300);
    await last.getByRole("link", { name: /^European Roulette/ }).waitFor(WAIT);
    expect(asked).toContain("table-games");
    await expect.poll(() => asked.includes("/images/games/european-roulette.svg"), WAIT).toBe(true);
    // The cover is the game's own picture, loaded and shown over the drawn placeholder.
    const cover = last.getByRole("link", { name: /^European Roulette/ }).locator("img");
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT)
      .toBeGreaterThan(0);
  });
});
