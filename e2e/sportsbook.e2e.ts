// The sportsbook in the browser (issue 25; RT-06): /betting hosts the sandbox book through its
// SDK. A guest sees the odds move and is asked to sign in when pressing a price, then bets with
// the token the page asks for after sign-in; a funded player places a 3-leg multiple, the events
// are settled from the book's console, the header balance moves live and the bet card with its
// legs shows on /profile/history's Sports tab; start errors of the token request open their
// modal. Each at desktop and at mobile width.
import type { FrameLocator, Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { PASSWORD, registerByApi, uniqueEmail } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { fundedPlayer, playerApi, WAIT, WALLET_ENV } from "./support/wallet";

const CONSOLE_SECRET = "sportsbook-e2e-console-secret";
const site = useSite({
  ...WALLET_ENV,
  // The sandbox sportsbook (and with it BETTING_CLIENT_HOST/ID's defaults) is on with the sandboxes.
  SANDBOX_GAMES: "true",
  SPORTSBOOK_CONSOLE_SECRET: CONSOLE_SECRET,
});
const EN = [{ name: "user-language", value: "en" }];
const PRICE = /\d\.\d{2}$/;

const book = (page: Page): FrameLocator => page.frameLocator('iframe[title="Sportsbook"]');

/** The enabled price buttons of a part of the book ("Arsenal 2.10"). */
const prices = (scope: Locator | FrameLocator) =>
  scope.getByRole("button", { name: PRICE, disabled: false });

/** The names of the prices the book shows now. */
async function shownPrices(page: Page): Promise<string> {
  const names = await book(page)
    .getByRole("button", { name: PRICE })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
  return names.sort().join("|");
}

async function consoleCall(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${site.server.url}/sportsbook/api/console${path}`, {
    method: "POST",
    headers: {
      "x-sportsbook-console-secret": CONSOLE_SECRET,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`console ${path} ${response.status}: ${await response.text()}`);
}

type BookEvent = {
  markets: { id: string; selections: { id: string; name: string }[] }[];
};

/** Settles an event's market on the selection named (it wins), then ends the event. */
async function settleAsWon(eventId: string, selection: string): Promise<void> {
  const response = await fetch(`${site.server.url}/sportsbook/api/events/${eventId}`);
  const event = ((await response.json()) as { data: BookEvent }).data;
  const market = event.markets.find((item) =>
    item.selections.some((choice) => choice.name === selection),
  );
  const choice = market?.selections.find((item) => item.name === selection);
  if (!market || !choice) throw new Error(`no selection ${selection} in ${eventId}`);
  await consoleCall(`/events/${eventId}/markets/${market.id}/settle`, { selectionId: choice.id });
  await consoleCall(`/events/${eventId}/finish`);
}

/** The header's balance button ("Currency: 50.00 EUR"). */
const headerBalance = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: /^Currency:/ });

async function balanceText(page: Page): Promise<string> {
  return ((await headerBalance(page).textContent()) ?? "").trim();
}

describe.each([
  ["desktop", 1280],
  ["mobile", 390],
])("sportsbook at %s width", (_name, width) => {
  const mobile = width < 768;
  const view = { width, height: mobile ? 844 : 900 };

  /** The slip: at mobile width a sheet opened from its button. */
  async function slip(page: Page): Promise<Locator> {
    const frame = book(page);
    if (mobile) await frame.getByRole("button", { name: /^Bet slip \(\d+\)$/ }).click();
    const aside = frame.getByRole("complementary", { name: "Bet slip" });
    await aside.waitFor(WAIT);
    return aside;
  }

  test("RT-06 a guest sees the book and its odds move; a price asks for sign-in, and then the book takes bets", async () => {
    const email = uniqueEmail("book-guest");
    await registerByApi(site.server.url, email);
    const { page } = await site.open({ country: "DE", cookies: EN, ...view });
    await page.goto("/betting");
    await hydrated(page);
    const frame = book(page);
    await prices(frame).first().waitFor(WAIT);
    // Prices move over time (and the stream pushes them to the open page).
    const before = await shownPrices(page);
    await expect
      .poll(() => shownPrices(page), { timeout: 60_000, interval: 1_000 })
      .not.toBe(before);

    await prices(frame.getByRole("region", { name: /^Upcoming/ }).first())
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.waitFor(WAIT);
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor(WAIT);
    // The book restarted with the player's token: the slip offers to place the bet.
    await expect
      .poll(() => page.locator('iframe[title="Sportsbook"]').getAttribute("src"), WAIT)
      .toMatch(/[?&]token=/);
    expect(page.url()).toMatch(/\/betting/);
    // The book takes the selection now (its session starts a moment after the restart: until
    // then a price press still asks for sign-in, which a signed-in site ignores).
    const price = prices(
      book(page)
        .getByRole("region", { name: /^Upcoming/ })
        .first(),
    ).first();
    const taken = mobile
      ? book(page).getByRole("button", { name: /^Bet slip \(\d+\)$/ })
      : book(page).getByRole("complementary", { name: "Bet slip" }).getByRole("button", {
          name: "Place bet",
        });
    await expect
      .poll(
        async () => {
          if (await taken.isVisible()) return true;
          await price.click();
          return false;
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBe(true);
    const aside = await slip(page);
    await aside.getByRole("button", { name: "Place bet" }).waitFor(WAIT);
  }, 180_000);

  test("RT-06 a player places a 3-leg multiple; settled from the console, the balance moves live and the card shows in the history", async () => {
    const { page } = await fundedPlayer(site, "50.00", view);
    await page.goto("/betting");
    await hydrated(page);
    await headerBalance(page).waitFor(WAIT);
    const frame = book(page);
    const upcoming = frame.getByRole("region", { name: /^Upcoming/ }).first();
    await prices(upcoming).first().waitFor(WAIT);

    // One price from each of three upcoming events.
    const picks: { eventId: string; selection: string }[] = [];
    const items = upcoming.getByRole("listitem");
    for (let index = 0; picks.length < 3; index += 1) {
      const item = items.nth(index);
      const price = prices(item).first();
      if ((await price.count()) === 0) continue;
      const href = (await item.getByRole("link").first().getAttribute("href")) ?? "";
      const label = (await price.getAttribute("aria-label")) ?? "";
      await price.click();
      picks.push({
        eventId: href.split("/").pop() ?? "",
        selection: label.replace(/\s+\d+\.\d{2}$/, ""),
      });
    }
    const aside = await slip(page);
    await aside.getByRole("radio", { name: "Multiple" }).check();
    await aside.getByRole("textbox", { name: "Stake", exact: true }).fill("5");
    // Prices drift every 10 s: on a slow machine one may move between the click and the bet,
    // which under the default rule ("higher") would ask to accept the change first.
    await aside.getByRole("combobox", { name: "When odds change" }).selectOption("any");
    const startBalance = await balanceText(page);
    await aside.getByRole("button", { name: "Place bet" }).click();
    await aside.getByText("Bet placed").waitFor(WAIT);
    // The stake left the wallet: the header says so without a reload.
    await expect.poll(() => balanceText(page), WAIT).not.toBe(startBalance);
    const afterBet = await balanceText(page);
    expect(afterBet).toContain("45.00");

    for (const pick of picks) await settleAsWon(pick.eventId, pick.selection);
    await expect.poll(() => balanceText(page), WAIT).not.toBe(afterBet);

    // The platform's view of the bet: won, with its three legs.
    await page.goto("/profile/history");
    await hydrated(page);
    await page.getByRole("tab", { name: "Sports" }).click();
    const card = page.getByRole("article", { name: "Multiple · 3 selections" });
    await card.waitFor(WAIT);
    await card.getByText("Won", { exact: true }).first().waitFor(WAIT);
    const legs = card.getByRole("list", { name: "Selections" }).getByRole("listitem");
    expect(await legs.count()).toBe(3);
    for (const pick of picks) await card.getByText(pick.selection).first().waitFor(WAIT);
    await card.getByText("5.00 EUR").waitFor(WAIT);
  }, 240_000);

  test("RT-06 start errors: a limit opens game-limit-reached then the limits page; restricted bets open their modal", async () => {
    const email = uniqueEmail("book-errors");
    const { accessToken } = await registerByApi(site.server.url, email);
    const accounts = await playerApi<{ id: string; status: number }[]>(
      site.server.url,
      "/api/wallet/accounts",
      accessToken,
    );
    expect(accounts.data.length).toBeGreaterThan(0);
    const { page } = await site.open({ country: "DE", cookies: EN, ...view });
    let code = 14100;
    await page.route("**/api/game/games/*/play", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ error: { code, message: "Refused by the sportsbook" } }),
      }),
    );
    await page.goto("/?sign-in=true");
    const signIn = page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByRole("textbox", { name: "E-mail" }).fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signIn.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor(WAIT);

    await page.goto("/betting");
    const limit = page.getByRole("dialog", { name: "Limit reached" });
    await limit.waitFor(WAIT);
    await limit.getByRole("button", { name: "Close" }).first().click();
    await page.waitForURL(/\/profile\/limits$/, WAIT);

    code = 14306;
    await page.goto("/betting");
    await page.getByRole("dialog", { name: "Restricted bets" }).waitFor(WAIT);
    expect(page.url()).toMatch(/\/betting$/);
  }, 120_000);
});
