// Tournaments in the browser (issue 8 "Tournaments"; TN-01, TN-02): a player finds a running
// tournament on /tournaments, joins it, plays rounds (signed provider wallet calls from the test,
// as a studio sends them) and watches the leaderboard change without reloading; when a
// tournament ends, the completion job pays the prize and the tournament completed alert shows.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, signInWithModal } from "./support/accounts";
import { screenshot } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound as playSessionRound } from "./support/games";
import { subscribed } from "./support/realtime";
import { fundedPlayerTokens, playerApi, WAIT } from "./support/wallet";

const OPERATOR_TOKEN = randomBytes(24).toString("hex");
const site = useSite({
  ...ACCOUNT_ENV,
  SANDBOX_PAYMENTS: "true",
  ...GAME_ENV,
  OPERATOR_API_TOKEN: OPERATOR_TOKEN,
});

const EN = [{ name: "user-language", value: "en" }];

type Frame = Record<string, unknown>;

/** The channels the page's WebSocket subscribed to. */
function watchSubscriptions(page: Page): string[] {
  const channels: string[] = [];
  page.on("websocket", (socket) => {
    if (!socket.url().endsWith("/api/connection/websocket")) return;
    socket.on("framesent", (frame) => {
      for (const line of frame.payload.toString().split("\n")) {
        if (!line.trim()) continue;
        const channel = ((JSON.parse(line) as Frame).subscribe as { channel?: string } | undefined)
          ?.channel;
        if (channel) channels.push(channel);
      }
    });
  });
  return channels;
}

/** A funded EUR player signed in on a fresh page (German request country, English site). */
async function player() {
  const funded = await fundedPlayerTokens(site.server.url, "50.00");
  const { page, context } = await site.open({ country: "DE", cookies: EN });
  await signInWithModal(page, funded.email, PASSWORD);
  return { page, context, ...funded };
}

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  playerApi(site.server.url, path, token, init);

/** One settled round on gold-rush: a bet and a win (possibly 0) that closes it. */
async function playRound(accessToken: string, stake: string, win = "0") {
  const token = await gameSession(site.server.url, accessToken);
  await playSessionRound(site.server.url, token, stake, win);
}

describe("tournaments", () => {
  // Long flows (sign-in, join, several rounds, a rival; a tournament that has to end): they get
  // more than the default minute on a busy machine.
  test("TN-02 a player joins a running tournament, plays, and the leaderboard updates without reloading", {
    timeout: 180_000,
  }, async () => {
    const { page, tokens } = await player();
    // TN-02: the player's own tournaments channel and the public leaderboards, subscribed by the
    // tournaments page's own socket (not the sign-in page's, still open while it loads).
    const subscriptions = Promise.all([
      subscribed(page, `retention:tournaments#${tokens.profileId}`, 60_000),
      subscribed(page, "retention:tournament-leaderboards", 60_000),
    ]);
    await page.goto("/tournaments");
    await hydrated(page);
    const running = page.getByRole("region", { name: "Running" });
    await running.getByRole("link", { name: "Weekly Race" }).click();
    await page.getByRole("heading", { level: 2, name: "Weekly Race" }).waitFor(WAIT);
    await page.getByRole("cell", { name: "100.00 EUR" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Join tournament" }).click();
    await page.getByText("You're in").waitFor(WAIT);
    await subscriptions;
    // A marker that a reload would lose.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    const board = page.getByRole("table", { name: "Leaderboard" });
    const mine = board.getByRole("row").filter({ hasText: "(you)" });
    await mine.waitFor(WAIT);
    await playRound(tokens.accessToken, "2.00");
    await mine.filter({ hasText: "2.00 EUR" }).waitFor(WAIT);
    await playRound(tokens.accessToken, "1.50", "3.00");
    await mine.filter({ hasText: "3.50 EUR" }).waitFor(WAIT);
    expect(await mine.getAttribute("aria-current")).toBe("true");
    // Another player's bigger stake puts them above, live too.
    const rival = await fundedPlayerTokens(site.server.url, "50.00");
    await api("/api/retention/tournaments/weekly-race/join", rival.tokens.accessToken, {
      method: "PUT",
    });
    await playRound(rival.tokens.accessToken, "10.00");
    await board
      .getByRole("row")
      .filter({ hasText: "10.00 EUR" })
      .filter({ hasNotText: "(you)" })
      .waitFor(WAIT);
    // The place is the row's first cell.
    await expect.poll(() => mine.getByRole("cell").first().textContent(), WAIT).toBe("2");
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
    await screenshot(page, "tournament-leaderboard");
  });

  test("TN-01 when a tournament ends the winner is paid and sees the tournament completed alert", {
    timeout: 180_000,
  }, async () => {
    const { page, tokens } = await player();
    const identity = `sprint-${randomBytes(3).toString("hex")}`;
    const now = Date.now();
    await api("/api/operator/tournaments", OPERATOR_TOKEN, {
      method: "POST",
      body: {
        identity,
        title: "Lightning Sprint",
        scoring: "bet_sum",
        currency: "EUR",
        startsAt: new Date(now - 60_000).toISOString(),
        // Long enough to join and play on a busy machine.
        endsAt: new Date(now + 30_000).toISOString(),
        prizes: [{ placeFrom: 1, placeTo: 1, type: "cash", amount: "5.00" }],
      },
    });
    await page.goto(`/tournaments/${identity}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Join tournament" }).click();
    await page.getByText("You're in").waitFor(WAIT);
    await playRound(tokens.accessToken, "1.00");
    const board = page.getByRole("table", { name: "Leaderboard" });
    await board.getByRole("row").filter({ hasText: "1.00 EUR" }).waitFor(WAIT);
    // The completion job runs every 10 s on the server; the alert comes over realtime.
    const toast = page
      .getByRole("status")
      .filter({ hasText: "You finished 1st in Lightning Sprint and won 5.00 EUR." });
    await toast.waitFor({ timeout: 60_000 });
    await page.getByText("This tournament has finished.").waitFor(WAIT);
    const accounts = await api("/api/wallet/accounts", tokens.accessToken);
    const eur = (accounts.data as unknown as { currency: string; balance: string }[]).find(
      (account) => account.currency === "EUR",
    );
    // 50.00 deposited, 1.00 staked and lost, 5.00 won.
    expect(eur?.balance).toBe("54.00");
  });

  test("a guest sees the list by state and a tournament's rules, watches its leaderboard live, and is asked to sign in to join", async () => {
    const { page } = await site.open({ country: "DE", cookies: EN });
    const channels = watchSubscriptions(page);
    await page.goto("/tournaments");
    await hydrated(page);
    await page
      .getByRole("region", { name: "Upcoming" })
      .getByRole("link", { name: "Big Multiplier" })
      .waitFor(WAIT);
    await page.getByRole("link", { name: "Weekly Race" }).click();
    await page.getByRole("heading", { level: 3, name: "Rules" }).waitFor(WAIT);
    await page.getByText("Minimum bet 0.10 EUR").waitFor(WAIT);
    // A guest connection subscribes the public leaderboards only.
    await expect.poll(() => channels, WAIT).toContain("retention:tournament-leaderboards");
    expect(channels.filter((channel) => channel.includes("#"))).toEqual([]);
    const whale = await fundedPlayerTokens(site.server.url, "50.00");
    await api("/api/retention/tournaments/weekly-race/join", whale.tokens.accessToken, {
      method: "PUT",
    });
    await playRound(whale.tokens.accessToken, "20.00");
    await page
      .getByRole("table", { name: "Leaderboard" })
      .getByRole("row")
      .filter({ hasText: "20.00 EUR" })
      .waitFor(WAIT);
    await page.getByRole("button", { name: "Sign in to join" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).waitFor(WAIT);
  });
});
