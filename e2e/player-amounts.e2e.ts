// Money shown right (issue 31 items 3 and 6): in a BTC wallet every amount carries its unit, in
// the player's one choice of mBTC or BTC (the wallet, the deposit bonus picker, the welcome
// package, the profile wallet, the header), bonus amounts converted from the bonus's own
// currency at the site's rates, open ranges in words; the history names payment methods by
// display name with their logo and labels rounds by net result.
import { describe, expect, test } from "vitest";
import { PASSWORD, signInWithModal } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound } from "./support/games";
import {
  fundedPlayerTokens,
  openAccountByApi,
  openWallet,
  signedInPlayer,
  switchAccountByApi,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

const site = useSite({ ...WALLET_ENV, ...GAME_ENV, SANDBOX_CHAIN: "true" });

const EN = [{ name: "user-language", value: "en" }];

describe("amounts with their unit (issue 31 item 3)", () => {
  test("WL-19 BN-13 BN-14 DP-16 CR-07 a BTC wallet shows bonuses, ranges and balances in the player's one unit, converted at the site's rates", async () => {
    const player = await signedInPlayer(site);
    const { page } = player;
    const btc = await openAccountByApi(site.server.url, player.accessToken, "BTC");
    await switchAccountByApi(site.server.url, player.accessToken, btc.id);

    const dialog = await openWallet(page);
    // The default unit: mBTC (spec §5), for the balance and the method's minimum alike.
    await waitForBalance(dialog, "0.00000 mBTC");
    const bitcoin = dialog.getByRole("button", { name: /^Bitcoin/ });
    await bitcoin.waitFor(WAIT);
    expect(await bitcoin.textContent()).toContain("Min 0.10000 mBTC");
    // The 10 USD cash bonus is what a BTC deposit gets: 10 / 97000 BTC, not "10 BTC".
    const bonuses = dialog.getByRole("radiogroup", { name: "Deposit bonus" });
    await bonuses.getByText("0.10309 mBTC", { exact: true }).waitFor(WAIT);
    // A percentage bonus without an amount (crypto) shows its cap with its unit.
    await bonuses.getByText("up to 2.06185 mBTC", { exact: true }).first().waitFor(WAIT);
    // Ranges carry their unit on both ends; an open end is said in words.
    await bonuses.getByText("Deposit 0.10309 mBTC – 51.54639 mBTC").first().waitFor(WAIT);
    await bonuses.getByText("Deposit from 0.51546 mBTC, no maximum").waitFor(WAIT);
    const shown = (await dialog.textContent()) ?? "";
    expect(shown).not.toContain("∞");
    expect(shown).not.toMatch(/\b10 BTC\b/);

    // The one choice: whole BTC, everywhere.
    const unit = dialog.getByRole("switch", { name: "Show BTC in mBTC" });
    expect(await unit.isChecked()).toBe(true);
    await unit.click();
    await waitForBalance(dialog, "0.00000000 BTC");
    await bonuses.getByText("0.00010309 BTC", { exact: true }).waitFor(WAIT);
    await bonuses.getByText("up to 0.00206185 BTC", { exact: true }).first().waitFor(WAIT);
    await bonuses.getByText("Deposit from 0.00051546 BTC, no maximum").waitFor(WAIT);
    expect(await bitcoin.textContent()).toContain("Min 0.00010000 BTC");
    // (only the switch's own label still names mBTC)
    expect(await bonuses.textContent()).not.toContain("mBTC");
    expect(await dialog.getByTestId("wallet-balance").textContent()).toBe("0.00000000 BTC");

    // Other pages follow the same choice: the welcome package's facts and the profile wallet.
    await page.goto("/welcome-package");
    await hydrated(page);
    const facts = page.getByRole("main");
    await facts.getByText("0.00206185 BTC", { exact: true }).waitFor(WAIT);
    await facts.getByText("0.00010309 BTC – 0.05154639 BTC", { exact: true }).waitFor(WAIT);
    expect(await facts.textContent()).not.toContain("mBTC");
    await page.goto("/profile/wallet");
    await hydrated(page);
    const row = page.getByRole("row", { name: /^BTC/ });
    await row.getByRole("cell", { name: "0.00000000 BTC" }).first().waitFor(WAIT);

    // And back to mBTC from the wallet: every page again.
    const again = await openWallet(page);
    await again.getByRole("switch", { name: "Show BTC in mBTC" }).click();
    await waitForBalance(again, "0.00000 mBTC");
  }, 180_000);
});

describe("history (issue 31 item 6)", () => {
  test("PR-08 GM-09 payments show the method's name and logo; rounds are labelled by net result", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "50.00");
    const token = await gameSession(site.server.url, funded.tokens.accessToken);
    await playRound(site.server.url, token, "1.00", "0.50"); // roulette 1.00 → 0.50
    await playRound(site.server.url, token, "1.00", "1.00");
    await playRound(site.server.url, token, "2.00", "5.00");
    await playRound(site.server.url, token, "1.00", "0");

    const { page } = await site.open({ country: "DE", cookies: EN });
    await signInWithModal(page, funded.email, PASSWORD);
    await page.goto("/profile/history");
    await hydrated(page);
    const payments = page.getByRole("table", { name: "Payments" });
    const method = payments.getByRole("cell", { name: "QR payment" });
    await method.waitFor(WAIT);
    expect(await method.locator("img").getAttribute("src")).toBe("/images/payments/qr.svg");
    expect(await payments.textContent()).not.toContain("sandbox-qr");

    await page.getByRole("tab", { name: "Bets" }).click();
    const bets = page.getByRole("table", { name: "Bets" });
    await bets
      .getByRole("row", { name: /1\.00 EUR.*0\.50 EUR.*Lost \(part returned\)/ })
      .waitFor(WAIT);
    await bets.getByRole("row", { name: /1\.00 EUR.*1\.00 EUR.*Stake returned/ }).waitFor(WAIT);
    await bets.getByRole("row", { name: /2\.00 EUR.*5\.00 EUR.*Won/ }).waitFor(WAIT);
    await bets.getByRole("row", { name: /1\.00 EUR.*0\.00 EUR.*Lost$/ }).waitFor(WAIT);
    // Only the round that paid more than its stake is "Won".
    expect(await bets.getByRole("cell", { name: "Won", exact: true }).count()).toBe(1);
  }, 180_000);
});
