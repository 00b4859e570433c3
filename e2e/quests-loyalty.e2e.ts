// Quests and loyalty in the browser (issue 8 "Quests", "Loyalty"): a player opens the quests hub,
// activates a quest, plays rounds (signed provider wallet calls from the test, as a studio sends
// them) and watches the quest's tasks, then their loyalty points and level, change without
// reloading.
import type { Page, Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, signInWithModal } from "./support/accounts";
import { screenshot } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound } from "./support/games";
import { subscribed } from "./support/realtime";
import { fundedPlayerTokens, playerApi, WAIT } from "./support/wallet";

const site = useSite({
  ...ACCOUNT_ENV,
  SANDBOX_PAYMENTS: "true",
  ...GAME_ENV,
});

const EN = [{ name: "user-language", value: "en" }];

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  playerApi(site.server.url, path, token, init);

/** `count` settled rounds on gold-rush in one game session. */
async function playRounds(accessToken: string, count: number, stake: string, win = "0") {
  const token = await gameSession(site.server.url, accessToken);
  for (let i = 0; i < count; i++) await playRound(site.server.url, token, stake, win);
}

/** The retention calls the page made, as "METHOD path?query". */
function watchRetentionCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/retention/")) {
      calls.push(`${request.method()} ${url.pathname}${decodeURIComponent(url.search)}`);
    }
  });
  return calls;
}

async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

async function stillSamePage(page: Page) {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);
}

describe("quests and loyalty", () => {
  test("QS-01 QS-02 QS-03 QS-06 QS-08 LY-01 LY-02 LY-04 a player activates a quest, plays, and sees tasks, points and the level change live", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "60.00");
    const { page } = await site.open({ country: "DE", cookies: EN });
    const calls = watchRetentionCalls(page);
    await signInWithModal(page, funded.email, PASSWORD);
    const listening = subscribed(page, `retention:quests#${funded.tokens.profileId}`);
    await page.goto("/loyalty");
    await hydrated(page);
    await listening;
    // LY-01, LY-02: the account and the level ladder.
    const account = page.getByRole("region", { name: "Your loyalty account" });
    await account.getByText("Level 1: Bronze").waitFor(WAIT);
    await account.getByText("0 points", { exact: true }).waitFor(WAIT);
    await page
      .getByRole("table", { name: "Levels" })
      .getByRole("cell", { name: "Diamond" })
      .waitFor(WAIT);
    await markNoReload(page);

    // The hub from the account menu.
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("button", { name: "Quests" }).click();
    const hub = page.getByRole("dialog", { name: "Quests" });
    const warmUp = hub.getByRole("article", { name: "Warm-up" });
    await warmUp.waitFor(WAIT);
    await expect
      .poll(() => calls, WAIT)
      .toEqual(
        expect.arrayContaining([
          "GET /api/retention/quests?currency=EUR",
          "GET /api/retention/player-quests?state[]=2&currency=EUR",
        ]),
      );
    // QS-03: activate; QS-06: the state change to 2 raises the stateChanged alert.
    await warmUp.getByRole("button", { name: "Activate" }).click();
    await page.getByText("Quest Warm-up is now active.").waitFor(WAIT);
    const quests = (await api("/api/retention/quests?currency=EUR", funded.tokens.accessToken))
      .data as unknown as { id: string; name: string }[];
    const questId = quests.find((quest) => quest.name === "Warm-up")?.id;
    expect(calls).toContain(`PUT /api/retention/quests/${questId}/activate`);
    await warmUp.getByText("Active", { exact: true }).waitFor(WAIT);

    // Two bets: the task's progress moves without reloading.
    await playRounds(funded.tokens.accessToken, 2, "0.10", "1.00");
    await warmUp.getByRole("progressbar", { name: "Place 5 bets: 2 / 5" }).waitFor(WAIT);
    await warmUp.getByRole("progressbar", { name: "Win 5.00: 2.00 EUR / 5.00 EUR" }).waitFor(WAIT);
    // Three more complete both tasks (QS-08: taskCompleted) and the quest (3: no stateChanged).
    await playRounds(funded.tokens.accessToken, 3, "0.10", "1.00");
    await page.getByText("You completed Place 5 bets in Warm-up.").waitFor(WAIT);
    await warmUp.getByText("Completed", { exact: true }).waitFor(WAIT);
    await page.getByText("You completed Win 5.00 in Warm-up.").waitFor(WAIT);
    // QS-07: the change to 3 raised no stateChanged alert (only the two task alerts show).
    expect(await page.getByText("Quest Warm-up is now completed.").count()).toBe(0);
    await screenshot(page, "quests-hub");
    await hub.getByRole("button", { name: "Close" }).click();

    // The reward's 50 points reach the loyalty page live; bets add more.
    await account.getByText("50 points", { exact: true }).waitFor(WAIT);
    await playRounds(funded.tokens.accessToken, 1, "5.00");
    await account.getByText("55 points", { exact: true }).waitFor(WAIT);
    // LY-04: reaching Silver away from a game page opens the loyalty-level modal.
    await playRounds(funded.tokens.accessToken, 1, "45.00");
    const levelModal = page.getByRole("dialog", { name: "Loyalty level" });
    await levelModal.getByText("Level 2: Silver").waitFor(WAIT);
    await account.getByText("100 points", { exact: true }).waitFor(WAIT);
    await screenshot(page, "loyalty-level-up");
    expect(await stillSamePage(page)).toBe(true);
  });

  test("QS-04 the player cancels an active quest from the hub and sees the stateChanged alert", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "60.00");
    const { page } = await site.open({ country: "DE", cookies: EN });
    const calls = watchRetentionCalls(page);
    await signInWithModal(page, funded.email, PASSWORD);
    const listening = subscribed(page, `retention:quests#${funded.tokens.profileId}`);
    await page.goto("/?quests-hub=true");
    await hydrated(page);
    await listening;
    const explorer = page
      .getByRole("dialog", { name: "Quests" })
      .getByRole("article", { name: "Slot explorer" });
    await explorer.getByRole("button", { name: "Activate" }).click();
    await page.getByText("Quest Slot explorer is now active.").waitFor(WAIT);
    await explorer.getByRole("button", { name: "Cancel quest" }).click();
    await page.getByText("Quest Slot explorer is now cancelled.").waitFor(WAIT);
    await explorer.getByRole("button", { name: "Activate" }).waitFor(WAIT);
    expect(
      calls.some((call) => /^PUT \/api\/retention\/player-quests\/[0-9a-f-]+\/cancel$/.test(call)),
    ).toBe(true);
  });

  test("LY-03 a level-up on a game page shows a notification for 3 s instead of the modal", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "150.00");
    const { page } = await site.open({ country: "DE", cookies: EN });
    await signInWithModal(page, funded.email, PASSWORD);
    const listening = subscribed(page, `retention:accounts#${funded.tokens.profileId}`);
    await page.goto("/games/gold-rush");
    await hydrated(page);
    await listening;
    await playRounds(funded.tokens.accessToken, 1, "100.00");
    const notice = page.getByRole("status").filter({ hasText: "You reached loyalty level 2." });
    await notice.waitFor(WAIT);
    const shown = Date.now();
    await notice.waitFor({ state: "detached", timeout: 10_000 });
    const lasted = Date.now() - shown;
    // 3000 ms on screen (the 300 ms leave animation and polling give some slack).
    expect(lasted).toBeGreaterThan(2000);
    expect(lasted).toBeLessThan(5000);
    expect(await page.getByRole("dialog", { name: "Loyalty level" }).count()).toBe(0);
  });
});

describe("quests and loyalty switched off", () => {
  const off = useSite({
    ...ACCOUNT_ENV,
    SANDBOX_PAYMENTS: "true",
    QUESTS_ENABLED: "false",
    LOYALTY_ENABLED: "false",
  });

  test("QS-09 RT-29 with the flags off there is no quest or loyalty UI and no retention call", async () => {
    const funded = await fundedPlayerTokens(off.server.url, "50.00");
    const { page } = await off.open({ country: "DE", cookies: EN });
    const calls = watchRetentionCalls(page);
    await signInWithModal(page, funded.email, PASSWORD);
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("button", { name: "Add funds" }).waitFor(WAIT);
    expect(await page.getByRole("button", { name: "Quests" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Loyalty" }).count()).toBe(0);
    const loyalty = await fetch(`${off.server.url}/loyalty`);
    expect(loyalty.status).toBe(404);
    expect(calls).toEqual([]);
  });
});
