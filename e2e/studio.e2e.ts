// The in-house studio in the browser (issue 5 "In-house studio"; GM-04, BE-32): a guest plays a
// demo round from the demo launch; a signed-in funded player launches each of the five games
// through the play API, plays a real round and sees the balance move by payout − stake; the
// player rotates the seed and verifies the round on the public verifier page.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, signInWithModal } from "./support/accounts";
import { useSite } from "./support/fixture";
import { fundedPlayerTokens, WAIT } from "./support/wallet";

const site = useSite({ ...ACCOUNT_ENV, SANDBOX_PAYMENTS: "true" });
const EN = [{ name: "user-language", value: "en" }];

/** POST /api/game/games/{id}/play, as the game page sends it (GM-04); guests without a token. */
async function launch(slug: string, accessToken?: string): Promise<string> {
  const response = await fetch(`${site.server.url}/api/game/games/${slug}/play`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-test-country": "DE",
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ mode: accessToken ? "real" : "demo" }),
  });
  if (!response.ok) throw new Error(`play ${response.status}: ${await response.text()}`);
  const { url } = ((await response.json()) as { data: { url: string } }).data;
  expect(url.startsWith("/studio/play/")).toBe(true);
  return url;
}

function cents(text: string): number {
  return Math.round(Number(text) * 100);
}

const balance = (page: Page) => page.getByRole("status", { name: "Balance" });

/** The balance shown, in cents, once the page shows one. */
async function readBalance(page: Page): Promise<number> {
  await balance(page).waitFor(WAIT);
  const text = (await balance(page).textContent()) ?? "";
  return cents(text.split(" ")[0]!);
}

/** Plays one round with the game's button; returns the stake and payout the result states. */
async function playRound(page: Page, button: string, stake: number): Promise<number> {
  const before = await readBalance(page);
  await page.getByRole("button", { name: button, exact: true }).click();
  const result = page.locator(".result[role=status]");
  await result.waitFor(WAIT);
  const text = (await result.textContent()) ?? "";
  const won = /You won ([\d.]+)/.exec(text);
  const payout = won ? cents(won[1]!) : 0;
  expect(text).toMatch(/You won|No win this time/);
  const expected = ((before - stake + payout) / 100).toFixed(2);
  await expect
    .poll(async () => (await balance(page).textContent())?.split(" ")[0], WAIT)
    .toBe(expected);
  return payout;
}

describe("in-house studio", () => {
  test("GM-04 a guest launches a demo and plays a round with play money", async () => {
    const url = await launch("dice");
    const { page } = await site.open({ country: "DE", cookies: EN });
    await page.goto(url);
    await page.getByRole("heading", { name: "Dice", level: 1 }).waitFor(WAIT);
    await page.getByText("Demo", { exact: true }).waitFor(WAIT);
    expect(await readBalance(page)).toBe(100_000);
    await page.getByLabel("Bet amount (FUN)").fill("5.00");
    await page.getByLabel("Target", { exact: true }).fill("49.50");
    await page.getByRole("radio", { name: "Over the target" }).check();
    await playRound(page, "Roll", 500);
    await page.getByRole("link", { name: "Verify round 0" }).waitFor(WAIT);
  });

  test("BE-32 a funded player plays a real round of each game, sees the balance change, and verifies a round", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "100.00");
    const { page } = await site.open({ country: "DE", cookies: EN, width: 390, height: 844 });
    await signInWithModal(page, funded.email, PASSWORD);
    const token = funded.tokens.accessToken;

    await page.goto(await launch("european-roulette", token));
    expect(await readBalance(page)).toBe(10_000);
    await page.getByLabel("Chip value (EUR)").fill("1.00");
    await page.getByRole("button", { name: "Bet on Red" }).click();
    await page.getByRole("button", { name: "Bet on 17" }).click();
    await page.getByText("Total stake: 2.00 EUR").waitFor(WAIT);
    await playRound(page, "Spin", 200);

    await page.goto(await launch("baccarat", token));
    await page.getByRole("radio", { name: "Tie (pays 8:1)" }).check();
    await page.getByLabel("Bet amount (EUR)").fill("1.00");
    await playRound(page, "Deal", 100);
    await page.getByRole("list", { name: "Player cards" }).waitFor(WAIT);

    await page.goto(await launch("limbo", token));
    await page.getByLabel("Target multiplier").fill("2.00");
    await playRound(page, "Play", 100);

    await page.goto(await launch("fruit-lines", token));
    await page.getByLabel("Bet per line (EUR)").selectOption("0.05");
    await page.getByText("10 lines × 0.05 = 0.50 EUR per spin").waitFor(WAIT);
    await playRound(page, "Spin", 50);
    await page.getByRole("img", { name: /^Reels: top / }).waitFor(WAIT);

    await page.goto(await launch("dice", token));
    const hash = await page.getByRole("status", { name: "Server seed hash" }).textContent();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await playRound(page, "Roll", 100);
    // Reveal the seed, then check the round on the public verifier.
    await page.getByRole("button", { name: "Rotate server seed" }).click();
    const revealed = page.getByRole("status", { name: "Revealed server seed" });
    await revealed.waitFor(WAIT);
    expect(await page.getByRole("status", { name: "Server seed hash" }).textContent()).not.toBe(
      hash,
    );
    await page.getByRole("link", { name: "Verify round 0" }).click();
    await page.getByRole("heading", { name: "Fairness verifier" }).waitFor(WAIT);
    await page
      .getByText("Verified: the seeds give exactly the recorded outcome and payout.")
      .waitFor(WAIT);
    expect(await page.getByLabel("Server seed").inputValue()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText(hash!).first().waitFor(WAIT);

    // By hand: another nonce gives another roll; nonce 0 gives the recorded one again.
    // (Nonce 0 of the seed pair was the first round of the session: the roulette spin.)
    const recorded = await page.locator("dt:has-text('Recorded outcome') + dd").textContent();
    expect(recorded).toMatch(/^Pocket \d+/);
    await page.getByLabel("Nonce").fill("1");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText(/^Outcome: Pocket /).waitFor(WAIT);
    await page.getByLabel("Nonce").fill("0");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText(`Outcome: ${recorded}`).waitFor(WAIT);
  });
});
