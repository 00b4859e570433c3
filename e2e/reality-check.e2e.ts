// Responsible gambling on game pages (issue 6): the session clock and the reality check while
// playing for real, and the game-limit-reached modal when a bet limit stops a bet.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, signInWithModal } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound, walletCall } from "./support/games";
import { fundedPlayerTokens, playerApi, WAIT } from "./support/wallet";

const site = useSite({ ...ACCOUNT_ENV, SANDBOX_PAYMENTS: "true", ...GAME_ENV });
const EN = [{ name: "user-language", value: "en" }];

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  playerApi(site.server.url, path, token, init);

/** A funded player signed in, on the real-money page of gold-rush. */
async function playerOnGame(options: { clock?: boolean } = {}) {
  const funded = await fundedPlayerTokens(site.server.url, "50.00");
  const { page } = await site.open({ country: "DE", cookies: EN });
  // The page's clock is Playwright's, so the test moves it instead of waiting minutes.
  if (options.clock) await page.clock.install();
  await signInWithModal(page, funded.email, PASSWORD);
  await page.goto("/games/gold-rush");
  await hydrated(page);
  await expect.poll(() => page.locator("iframe").count(), WAIT).toBe(1);
  return { page, ...funded };
}

function sessionClock(page: Page) {
  return page.getByRole("timer");
}

describe("responsible gambling on game pages", () => {
  test("reality check: the session clock runs while playing; every interval a dialog shows the time and net result; Continue goes on, Stop leaves the game", async () => {
    const { page, tokens } = await playerOnGame({ clock: true });
    await api("/api/player/reality-check", tokens.accessToken, {
      method: "PUT",
      body: { intervalMinutes: 10 },
    });
    // Rounds in this sign-in session: staked 5.00, won 2.00.
    const token = await gameSession(site.server.url, tokens.accessToken);
    await playRound(site.server.url, token, "3.00", "2.00");
    await playRound(site.server.url, token, "2.00", "0");
    await page.reload();
    await hydrated(page);
    await expect.poll(() => sessionClock(page).textContent(), WAIT).toMatch(/Session\s+\d\d:\d\d/);

    await page.clock.fastForward("10:05");
    const dialog = page.getByRole("alertdialog", { name: "Reality check" });
    await dialog.waitFor(WAIT);
    await expect.poll(() => dialog.textContent(), WAIT).toContain("-3.00 EUR");
    expect(await dialog.textContent()).toMatch(/playing for 10 minutes/);
    expect(await dialog.getByRole("link", { name: "Set limits or take a break" }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Continue playing" }).click();
    await dialog.waitFor({ state: "detached", ...WAIT });
    // Acknowledged until the next interval: nothing at 15 minutes, asked again at 20.
    await page.clock.fastForward("05:00");
    await expect.poll(() => sessionClock(page).textContent(), WAIT).toMatch(/15:\d\d/);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await page.clock.fastForward("05:00");
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toMatch(/playing for 20 minutes/);
    await dialog.getByRole("button", { name: "Stop playing" }).click();
    await page.waitForURL((url) => url.pathname === "/", WAIT);
  });

  test("reality check: the interval is chosen on /profile/limits", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "5.00");
    const { page } = await site.open({ country: "DE", cookies: EN });
    await signInWithModal(page, funded.email, PASSWORD);
    await page.goto("/profile/limits");
    await hydrated(page);
    const select = page.getByRole("combobox", { name: "Remind me every" });
    await select.waitFor(WAIT);
    expect(await select.inputValue()).toBe("60");
    await select.selectOption("30");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor(WAIT);
    const saved = await api("/api/player/reality-check", funded.tokens.accessToken);
    expect(saved.data.intervalMinutes).toBe(30);
  });

  test("a bet over the player's bet limit is refused at the wallet API and opens game-limit-reached", async () => {
    const { page, tokens } = await playerOnGame();
    await api("/api/player/limits", tokens.accessToken, {
      method: "POST",
      body: { definition: 1, period: "daily", currency: "EUR", amount: "10" },
    });
    const token = await gameSession(site.server.url, tokens.accessToken);
    const refused = await walletCall(
      site.server.url,
      "bet",
      {
        token,
        transactionId: "limit-bet",
        roundId: "limit-round",
        amount: "12.00",
        currency: "EUR",
      },
      { allowRefusal: true },
    );
    expect(refused.status).toBe(400);
    const dialog = page.getByRole("dialog", { name: "Limit reached" });
    await dialog.waitFor(WAIT);
    // The view is its own chunk: wait for it, not only for the frame.
    await expect
      .poll(() => dialog.textContent(), WAIT)
      .toContain("This bet would go past your bet limit.");
    expect(await dialog.textContent()).toContain("0.00 of 10.00 EUR used");
    await dialog.getByRole("link", { name: "View my limits" }).click();
    await page.waitForURL(/\/profile\/limits$/, WAIT);
  });
});
