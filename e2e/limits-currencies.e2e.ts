// Issue 31 item 2: deposit limits are per currency (the spec's rule, the default). The limits
// form says so where the limit is set; the wallet's deposit form caps the amount at what the
// limit of the selected currency leaves, says the limit is the reason, and says when the
// player's limits are in another currency and do not count this one.
import { describe, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import {
  openAccountByApi,
  openWallet,
  playerApi,
  selectMethod,
  signedInPlayer,
  switchAccountByApi,
  WAIT,
  WALLET_ENV,
} from "./support/wallet";

const site = useSite(WALLET_ENV);

describe("deposit limits per currency in the limits form and the wallet (issue 31)", () => {
  test("LM-04 the add-cash-limit form says a deposit limit counts only its own currency", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/limits");
    await hydrated(page);
    await page.getByRole("button", { name: "Add a limit" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a limit" });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel("Limit type").selectOption({ label: "Deposit limit" });
    await dialog
      .getByRole("combobox", { name: "Currency" })
      .locator("option[value=EUR]")
      .waitFor({ state: "attached", ...WAIT });
    await dialog
      .getByRole("note")
      .getByText("A deposit limit counts only deposits in EUR.", { exact: false })
      .waitFor(WAIT);
    // A bet limit says nothing about deposits.
    await dialog.getByLabel("Limit type").selectOption({ label: "Bet limit" });
    await dialog.getByRole("note").waitFor({ state: "detached", ...WAIT });
  }, 180_000); // a sign-in (Argon2id) and several page loads on a busy host

  test("WL-25 LM-07 DP-02 the deposit form caps the amount at the limit's room and names the limit; another currency's deposits are not counted", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    await playerApi(site.server.url, "/api/player/limits", accessToken, {
      method: "POST",
      body: { definition: 3, period: "daily", currency: "EUR", amount: "20" },
    });
    const dialog = await openWallet(page, "deposit");
    await selectMethod(dialog, "Card (hosted page)");
    const note = dialog.getByRole("note");
    await note
      .getByText("Your daily deposit limit of 20.00 EUR leaves 20.00 EUR until", { exact: false })
      .waitFor(WAIT);
    await note
      .getByText("That is why the maximum here is 20.00 EUR.", { exact: false })
      .waitFor(WAIT);
    await note.getByText("counts only deposits in EUR", { exact: false }).waitFor(WAIT);
    // The method's own max (5000) gives way to the limit's room.
    await dialog.getByText(/Max 20(\.00)? EUR/).waitFor(WAIT);

    // The limits page's card says it too.
    await page.goto("/profile/limits");
    await hydrated(page);
    await page
      .getByRole("article", { name: "Deposit limit, daily, EUR" })
      .getByText("A deposit limit counts only deposits in EUR.", { exact: false })
      .waitFor(WAIT);

    // In USD the EUR limit does not apply, and the wallet says why.
    const usd = await openAccountByApi(site.server.url, accessToken, "USD");
    await switchAccountByApi(site.server.url, accessToken, usd.id);
    const again = await openWallet(page, "deposit");
    await selectMethod(again, "Card (hosted page)");
    await again
      .getByRole("note")
      .getByText("Your deposit limits are set in EUR and do not count deposits in USD.")
      .waitFor(WAIT);
    await again.getByText(/Max 5000(\.00)? USD/).waitFor(WAIT);
  }, 180_000); // a sign-in (Argon2id) and several page loads on a busy host
});
