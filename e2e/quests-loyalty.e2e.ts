// Quests and loyalty in the browser (issue 8 "Quests", "Loyalty"): a player opens the quests hub,
// activates a quest, plays rounds (signed provider wallet calls from the test, as a studio sends
// them) and watches the quest's tasks, then their loyalty points and level, change without
// reloading.
import { createHmac, randomBytes } from "node:crypto";
import type { Page, Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, signInWithModal } from "./support/accounts";
import { screenshot } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";
import { fundedPlayerTokens, WAIT } from "./support/wallet";

const PROVIDER_SECRET = randomBytes(24).toString("hex");
const site = useSite({
  ...ACCOUNT_ENV,
  SANDBOX_PAYMENTS: "true",
  GAME_PROVIDER_SECRETS: `sandbox-slots=${PROVIDER_SECRET}`,
});

const EN = [{ name: "user-language", value: "en" }];

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${site.server.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "x-test-country": "DE",
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path} ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** A signed provider wallet call, as the studio sandbox-slots sends it (docs/provider-wallet-api.md). */
async function walletCall(action: "bet" | "win", body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const mac = createHmac("sha256", PROVIDER_SECRET).update(`${timestamp}.${raw}`).digest("hex");
  const response = await fetch(`${site.server.url}/api/game/wallet/sandbox-slots/${action}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-casino-timestamp": String(timestamp),
      "x-casino-signature": `sha256=${mac}`,
    },
    body: raw,
  });
  if (!response.ok) throw new Error(`${action} ${response.status}: ${await response.text()}`);
}

/** Settled rounds on gold-rush: each a bet and a win (possibly 0) that closes it. */
async function playRounds(accessToken: string, count: number, stake: string, win = "0") {
  const session = await api("/api/game/games/gold-rush/play", accessToken, {
    method: "POST",
    body: { mode: "real" },
  });
  const token = session.data.token as string;
  for (let i = 0; i < count; i++) {
    const roundId = `round-${randomBytes(6).toString("hex")}`;
    const common = { token, roundId, currency: "EUR" };
    await walletCall("bet", { ...common, transactionId: `bet-${roundId}`, amount: stake });
    await walletCall("win", { ...common, transactionId: `win-${roundId}`, amount: win });
  }
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
    await page.goto("/loyalty");
    await hydrated(page);
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
});
