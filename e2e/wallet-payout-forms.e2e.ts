// Withdraw forms beyond the bank transfer: payouts the processor collects on its own page (a new
// window for `form`, a frame in the wallet for `iframe`), every field type, prefilled fields,
// and the maximum amount with and without a network.
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import {
  decideSandboxPayment,
  fundedPlayer,
  networkField,
  openWallet,
  selectMethod,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

const site = useSite(WALLET_ENV);

const isWithdrawal = (url: string, method: string) =>
  method === "POST" && new URL(url).pathname === "/api/payment/invoices/withdrawal";

describe("withdraw forms", () => {
  test("WD-03 processingType form: the payout page opens in a new window, the wallet closes, and the payout is made there", async () => {
    const { page, context } = await fundedPlayer(site, "50");
    const dialog = await openWallet(page, "withdraw");
    await waitForBalance(dialog, "50.00 EUR");
    await selectMethod(dialog, "Card payout (hosted page)");
    await dialog.locator("input[name=amount]").fill("30");
    const request = page.waitForRequest((r) => isWithdrawal(r.url(), r.method()));
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      method: "sandbox-card-payout",
      amount: "30",
      fields: {},
    });
    const payout = await popup;
    await payout.waitForURL(/\/sandbox\/payments\//, WAIT);
    await page.getByRole("dialog", { name: "Wallet" }).waitFor({ state: "detached", ...WAIT });
    // The funds are set aside at once; the processor's page pays them out.
    const again = await openWallet(page, "withdraw");
    await waitForBalance(again, "20.00 EUR");
    await decideSandboxPayment(payout, "approve");
    await page.goto("/profile/history");
    await hydrated(page);
    const row = page
      .getByRole("table", { name: "Payments" })
      .getByRole("row")
      .filter({ hasText: "Card payout (hosted page)" });
    await row.getByRole("cell", { name: "Successful" }).waitFor(WAIT);
  });

  test("WD-03 WR-20 WR-21 processingType iframe shows the payout page in the wallet; text, select and textarea fields; a prefilled invalid value shows its error at once", async () => {
    const { page } = await fundedPlayer(site, "60");
    // WR-21: the server prefills `phone` from the profile; one that breaks the phone rule (an
    // old profile value, say) is shown with its error before the player touches anything.
    await page.route("**/api/payment/methods/withdrawal*", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { fields: { key: string }[] }[] };
      for (const method of body.data) {
        for (const field of method.fields) {
          if (field.key === "phone") Object.assign(field, { value: "+49 12" });
        }
      }
      await route.fulfill({ response, json: body });
    });
    const dialog = await openWallet(page, "withdraw");
    await waitForBalance(dialog, "60.00 EUR");
    await selectMethod(dialog, "Mobile money (embedded)");
    const phone = dialog.getByRole("textbox", { name: "Mobile number" });
    await phone.waitFor(WAIT);
    expect(await phone.inputValue()).toBe("+49 12");
    const phoneError = dialog.getByRole("alert").filter({ hasText: /phone|number|invalid/i });
    await phoneError.first().waitFor(WAIT);

    // WR-20: a select with the method's options, a textarea, a text input.
    const operator = dialog.getByRole("combobox", { name: "Operator" });
    expect(await operator.locator("option").allTextContents()).toEqual(
      expect.arrayContaining(["Vivo", "Claro", "TIM"]),
    );
    const note = dialog.getByRole("textbox", { name: "Note to the recipient" });
    expect(await note.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    expect(await phone.evaluate((element) => element.tagName)).toBe("INPUT");

    await phone.fill("+5511987654321");
    await phoneError.first().waitFor({ state: "detached", ...WAIT });
    await operator.selectOption({ label: "Claro" });
    await note.fill("Rent for\nNovember");
    await dialog.locator("input[name=amount]").fill("20");
    const request = page.waitForRequest((r) => isWithdrawal(r.url(), r.method()));
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    expect((await request).postDataJSON()).toMatchObject({
      method: "sandbox-mobile-payout",
      amount: "20",
      fields: { phone: "+5511987654321", operator: "claro", note: "Rent for\nNovember" },
    });
    const frame = dialog.frameLocator("iframe[title=Payment]");
    await dialog.locator("iframe[title=Payment]").waitFor(WAIT);
    await decideSandboxPayment(frame, "approve");
    await frame
      .getByText(/succeeded/)
      .first()
      .waitFor(WAIT);
    const again = await openWallet(page, "withdraw");
    await waitForBalance(again, "40.00 EUR");
  });

  test("WR-12 the withdraw amount is held to the method's max, or to the selected network's max", async () => {
    const { page } = await fundedPlayer(site, "1500");
    const dialog = await openWallet(page, "withdraw");
    await waitForBalance(dialog, "1500.00 EUR");
    await selectMethod(dialog, "Mobile money (embedded)");
    const amount = dialog.locator("input[name=amount]");
    await amount.fill("1100");
    // The method's max (1000 EUR), not the withdrawable balance (1500 EUR).
    await dialog.getByText("The maximum value allowed is 1000").waitFor(WAIT);
    await amount.fill("999");
    await dialog
      .getByText("The maximum value allowed is 1000")
      .waitFor({ state: "detached", ...WAIT });

    // A network brings its own max: the bank method offered with two networks here.
    await page.route("**/api/payment/methods/withdrawal*", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      const data = body.data.map((method) =>
        method.method === "sandbox-bank-payout"
          ? {
              ...method,
              fields: [
                networkField([
                  { id: "sepa", name: "SEPA", minAmount: "20.00", maxAmount: "100.00" },
                  { id: "swift", name: "SWIFT", minAmount: "20.00", maxAmount: "1500.00" },
                ]),
              ],
            }
          : method,
      );
      await route.fulfill({ response, json: { ...body, data } });
    });
    const networked = await openWallet(page, "withdraw");
    await selectMethod(networked, "Bank transfer");
    const network = networked.getByLabel("Network");
    await network.waitFor(WAIT);
    const value = networked.locator("input[name=amount]");
    await value.fill("150");
    await networked.getByText("The maximum value allowed is 100").waitFor(WAIT);
    await network.selectOption({ label: "SWIFT" });
    await networked
      .getByText("The maximum value allowed is 100")
      .waitFor({ state: "detached", ...WAIT });
    await value.fill("1600");
    await networked.getByText("The maximum value allowed is 1500").waitFor(WAIT);
  });
});
