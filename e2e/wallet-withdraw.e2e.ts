import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import {
  fundedPlayer,
  openAccountByApi,
  openWallet,
  selectMethod,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

const site = useSite(WALLET_ENV);
const IBAN = "DE89370400440532013000";

describe("wallet withdrawals and the payment history", () => {
  test("WD-01 WD-02 WD-04 WD-05 WL-27 PR-08 PR-09 a withdrawal lowers the balance, waits in the history as pending, and declining it returns the funds", async () => {
    const { page } = await fundedPlayer(site, "100");
    const methods = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/payment/methods/withdrawal",
    );
    const wager = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/risk/reasons/turn-over-wager",
    );
    const dialog = await openWallet(page, "withdraw");
    expect(new URL((await methods).url()).searchParams.get("currency")).toBe("EUR");
    await waitForBalance(dialog, "100.00 EUR");
    await selectMethod(dialog, "Bank transfer");
    // The turn-over call answers 404 on this server: no wager owed, so the form shows.
    expect(new URL((await wager).url()).searchParams.get("currency")).toBe("EUR");
    const amount = dialog.locator("input[name=amount]");
    await amount.waitFor(WAIT);
    await amount.fill("30");
    await dialog.locator("input[name=iban]").fill(IBAN);
    await dialog.locator("input[name=accountHolder]").fill("Ann Example");
    const request = page.waitForRequest(
      (r) =>
        r.method() === "POST" && new URL(r.url()).pathname === "/api/payment/invoices/withdrawal",
    );
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      method: "sandbox-bank-payout",
      currency: "EUR",
      amount: "30",
      fields: { iban: IBAN, accountHolder: "Ann Example" },
    });
    expect((await request).headers()["idempotency-key"]).toBeTruthy();
    await page.getByText("Withdrawal requested").first().waitFor(WAIT);
    await page.getByRole("dialog", { name: "Wallet" }).waitFor({ state: "detached", ...WAIT });
    expect(await page.getByRole("dialog", { name: "Cancel deposit?" }).count()).toBe(0);

    const again = await openWallet(page, "withdraw");
    await waitForBalance(again, "70.00 EUR");

    await page.goto("/profile/history");
    await hydrated(page);
    const table = page.getByRole("table", { name: "Payments" });
    const pending = table.getByRole("row").filter({ hasText: "Bank transfer" });
    await pending.getByRole("cell", { name: "Pending" }).waitFor(WAIT);
    expect(await pending.getByRole("cell", { name: "30.00 EUR" }).count()).toBe(1);
    await page.getByText("withdrawn").first().waitFor(WAIT);

    const decline = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/payment\/invoices\/[^/]+\/decline$/.test(r.url()),
    );
    await pending.getByRole("button", { name: /^Decline payment/ }).click();
    await decline;
    await pending.getByRole("cell", { name: "Declined" }).waitFor(WAIT);

    // Filters: only withdrawals, only declined ones.
    await page.getByLabel("Type").selectOption("2");
    await page.getByLabel("Status").selectOption("4");
    await table.getByRole("cell", { name: "Declined" }).waitFor(WAIT);
    await page.waitForFunction(
      () => document.querySelectorAll("table tbody tr").length === 1,
      undefined,
      WAIT,
    );
    await page.getByText("Page 1 of 1").waitFor(WAIT);

    await page.goto("/profile/wallet");
    await hydrated(page);
    await page
      .getByRole("table", { name: "Your accounts" })
      .getByRole("cell", { name: "100.00 EUR" })
      .first()
      .waitFor(WAIT);
  });

  test("WR-11 WR-13 ER-13 ER-14 the amount is held to min and the withdrawable balance; server field errors and failures show", async () => {
    const { page } = await fundedPlayer(site, "50");
    const dialog = await openWallet(page, "withdraw");
    await selectMethod(dialog, "Bank transfer");
    const amount = dialog.locator("input[name=amount]");
    await amount.fill("60");
    await dialog.getByText("The maximum value allowed is 50").waitFor(WAIT);
    await amount.fill("5");
    await dialog.getByText("The minimum value allowed is 20").waitFor(WAIT);
    await amount.fill("25");
    await dialog.locator("input[name=iban]").fill("not-an-iban");
    await dialog.getByText("The value format is invalid").waitFor(WAIT);
    await dialog.locator("input[name=iban]").fill(IBAN);
    await dialog.locator("input[name=accountHolder]").fill("Ann Example");
    const submit = dialog.getByRole("button", { name: "Withdraw" });
    await expect.poll(() => submit.isEnabled(), WAIT).toBe(true);

    await page.route("**/api/payment/invoices/withdrawal", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: 422,
            message: "Invalid",
            fields: { "fields.iban": ["This IBAN is closed"] },
          },
        }),
      }),
    );
    await submit.click();
    await dialog.getByText("This IBAN is closed").waitFor(WAIT);

    await page.unroute("**/api/payment/invoices/withdrawal");
    await page.route("**/api/payment/invoices/withdrawal", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: 500, message: "Boom" } }),
      }),
    );
    await dialog.locator("input[name=iban]").fill(`${IBAN}1`);
    await submit.click();
    await page.getByText("Something went wrong").first().waitFor(WAIT);
  });

  test("WD-06 WR-26 owed wagering replaces the withdraw form with the turn-over panel", async () => {
    const { page } = await fundedPlayer(site, "50");
    await page.route("**/api/risk/reasons/turn-over-wager*", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({
          data: { total: "300", turnOverWager: "100", turnOverWagerAmount: "200", currency: "EUR" },
        }),
      }),
    );
    const dialog = await openWallet(page, "withdraw");
    await selectMethod(dialog, "Bank transfer");
    const bar = dialog.getByRole("progressbar", { name: "Turnover progress" });
    await bar.waitFor(WAIT);
    expect(await bar.getAttribute("aria-valuetext")).toBe("33.33%");
    await dialog.getByText("Wager 200 EUR more before you can withdraw.").waitFor(WAIT);
    expect(await dialog.locator("input[name=amount]").count()).toBe(0);
  });

  test("WR-17 WD-08 a crypto withdrawal checks wallet_id against the network and sends fields.crypto_network", async () => {
    const { page, tokens } = await fundedPlayer(site, "10");
    const btc = await openAccountByApi(site.server.url, tokens.accessToken, "BTC");
    // A BTC balance to withdraw from (a crypto deposit is another test's business).
    await page.route("**/api/wallet/accounts", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            status: 200,
            contentType: "application/json",
            body: JSON.stringify({
              data: [
                {
                  id: btc.id,
                  currency: "BTC",
                  status: 1,
                  balance: "0.01000000",
                  withdrawalBalance: "0.01000000",
                  bonusBalance: "0.00000000",
                  isHidden: false,
                },
              ],
            }),
          })
        : route.continue(),
    );
    await page.route("**/api/payment/invoices/withdrawal", (route) =>
      route.fulfill({
        status: 201,
        contentType: "application/json",
        body: JSON.stringify({ data: { invoiceId: "inv-1", action: null, fields: {} } }),
      }),
    );
    const dialog = await openWallet(page, "withdraw");
    await selectMethod(dialog, "Bitcoin");
    await dialog.getByLabel("Network").waitFor(WAIT);
    expect(await dialog.locator("select[name=crypto_network]").inputValue()).toBe("bitcoin");
    await dialog.locator("input[name=amount]").fill("0.005");
    const walletId = dialog.locator("input[name=wallet_id]");
    await walletId.fill("0x52908400098527886E0F7030069857D2E4169EE7");
    await dialog.getByText("The value format is invalid").waitFor(WAIT);
    await walletId.fill("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    await dialog.getByText("The value format is invalid").waitFor({ state: "detached", ...WAIT });
    const request = page.waitForRequest(
      (r) =>
        r.method() === "POST" && new URL(r.url()).pathname === "/api/payment/invoices/withdrawal",
    );
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      method: "crypto-btc-payout",
      currency: "BTC",
      amount: "0.005",
      accountId: btc.id,
      fields: {
        crypto_network: "bitcoin",
        wallet_id: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      },
    });
    await page.getByText("Withdrawal requested").first().waitFor(WAIT);
  });
  test("LC-09 a method's field labels and hints are those of the current locale, else the en ones", async () => {
    const { page, context } = await fundedPlayer(site, "100");
    await context.addCookies([{ name: "user-language", value: "pt-br", url: site.server.url }]);
    await page.goto("/pt-br?wallet=withdraw");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Carteira" });
    await dialog.waitFor(WAIT);
    await selectMethod(dialog, "Bank transfer");
    // The account holder's label has a pt-br text; the IBAN's hint has none and falls back to en.
    await dialog.getByRole("textbox", { name: "Titular da conta" }).waitFor(WAIT);
    const iban = dialog.locator("input[name=iban]");
    const hint = await iban.evaluate((input) =>
      (input.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(hint).toContain("Your bank account number");
    expect(await dialog.getByText("Account holder", { exact: true }).count()).toBe(0);
    expect(await dialog.getByText("Deine Kontonummer").count()).toBe(0);
  });
});
