import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { useSite } from "./support/fixture";
import { type RoutedRealtime, routeRealtime } from "./support/realtime";
import {
  decideSandboxPayment,
  depositByApi,
  methodButton,
  openWallet,
  selectMethod,
  signedInPlayer,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

const site = useSite(WALLET_ENV);

const isDeposit = (url: string, method: string) =>
  method === "POST" && new URL(url).pathname === "/api/payment/invoices/deposit";

/**
 * MD-08: deposit-success, deposit-pending and deposit-redirect are one success-style view: the
 * success mark, the modal's own text and one OK button.
 */
async function resultView(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  const view = dialog.locator("[data-view=deposit-result]");
  await view.waitFor(WAIT);
  expect(await view.locator("svg circle").getAttribute("stroke")).toContain("--color-success");
  expect(await view.getByRole("button").allTextContents()).toEqual(["OK"]);
}

describe("wallet deposits through the sandbox processor", () => {
  test("WL-01 WL-03 WL-04 WL-07 WL-24 DP-01 DP-04 DP-05 form: the hosted page approves in a new window that closes itself, this tab shows the result and the balance is updated", async () => {
    const { page, context, profileId } = await signedInPlayer(site);
    const methods = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/payment/methods/deposit",
    );
    const dialog = await openWallet(page);
    expect(new URL((await methods).url()).searchParams.get("currency")).toBe("EUR");
    expect(await dialog.getByRole("tab").allTextContents()).toEqual(["Deposit", "Withdraw"]);
    await dialog.getByText(`ID: ${profileId.split("-")[0]?.toUpperCase()}`).waitFor(WAIT);
    const card = methodButton(dialog, "Card (hosted page)");
    await card.waitFor(WAIT);
    expect(await card.textContent()).toContain("Min 10.00 EUR");
    // The method's logo is its seeded picture, loaded (not the fallback icon).
    await expect
      .poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT)
      .toBeGreaterThan(0);
    await card.click();
    const amount = dialog.locator("input[name=amount]");
    expect(await amount.inputValue()).toBe("50");

    // DP-12, DP-18: the preselected deposit bonus declined (the balance below is the deposit).
    await dialog.getByRole("radio", { name: "I don't want a bonus" }).check();
    const request = page.waitForRequest((r) => isDeposit(r.url(), r.method()));
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Deposit 50 EUR" }).click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      method: "sandbox-card",
      currency: "EUR",
      amount: "50",
      bonusId: null,
      isBonusDecline: true,
      fields: {},
    });
    // The processor returns the payment window to its own small page, not the site.
    expect(body.redirectSuccessUrl).toMatch(/\/payment\/return\?deposit=success$/);
    expect(body.redirectErrorUrl).toMatch(/\/payment\/return\?deposit=error$/);
    expect((await request).headers()["idempotency-key"]).toBeTruthy();
    expect(body.country).toBeUndefined();

    // The wallet closed into deposit-redirect; the payment window shows the hosted page.
    await page.getByRole("dialog", { name: "Continue your deposit" }).waitFor(WAIT);
    await resultView(page, "Continue your deposit"); // MD-08
    const payment = await popup;
    await payment.waitForURL(/\/sandbox\/payments\//, WAIT);
    // The first window hears of it too (realtime, or the fallback poll) and shows the alert.
    // The alert stays 3 s, so watch for it from before the approval: the steps in the payment
    // window below can take longer than that on a busy machine.
    const heard = page.getByText("Deposit successful").first().waitFor({ timeout: 60_000 });
    const closed = payment.waitForEvent("close", WAIT);
    await decideSandboxPayment(payment, "approve");
    // The payment window closes itself; this tab shows the result (issue 31 item 5).
    await closed;
    const success = page.getByRole("dialog", { name: "Deposit successful" });
    await success.getByText("Deposited: 50.00 EUR").waitFor(WAIT);
    await success.getByRole("button", { name: "OK" }).click();

    await heard;
    const wallet = await openWallet(page);
    await waitForBalance(wallet, "50.00 EUR");
  });

  test("HD-01 RTM-09 the header shows the active balance, which moves live when a deposit lands elsewhere", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    const banner = page.getByRole("banner");
    await banner.getByText("0.00 EUR").waitFor(WAIT);
    // Paid from another device: only the realtime event tells this page.
    await depositByApi(site.server.url, accessToken, "15");
    await banner.getByText("15.00 EUR").waitFor(WAIT);
    await banner.getByRole("button", { name: /Currency/ }).click();
    const list = banner.getByRole("list", { name: "Your balances" });
    await list.getByRole("listitem").filter({ hasText: "EUR" }).waitFor(WAIT);
    expect(await list.getByRole("listitem").first().getAttribute("aria-current")).toBe("true");
  });

  test("RTM-09 HD-01 a deposit that lands while the page is still subscribing reaches the header once it is subscribed", async () => {
    // The page's subscribe commands for its wallet channels are held back until released.
    const routed: { realtime?: RoutedRealtime } = {};
    const holdWalletChannels = async (page: Page, profileId: string) => {
      routed.realtime = await routeRealtime(page);
      routed.realtime.hold([`wallet:accounts#${profileId}`, `payment:invoices#${profileId}`]);
    };
    const { page, accessToken } = await signedInPlayer(site, { beforeSignIn: holdWalletChannels });
    const realtime = routed.realtime!;
    const banner = page.getByRole("banner");
    await banner.getByText("0.00 EUR").waitFor(WAIT);
    await expect.poll(() => realtime.heldCount(), WAIT).toBeGreaterThan(0);
    // The deposit's events are published before the page listens: they never reach it.
    await depositByApi(site.server.url, accessToken, "15");
    expect(await banner.getByText("0.00 EUR").count()).toBe(1);
    realtime.release();
    // Once the server confirms the subscription, the page reads the balance again.
    await banner.getByText("15.00 EUR").waitFor(WAIT);
  });

  test("DP-07 iframe: the payment is approved inside the frame and the deposit succeeds", async () => {
    const { page } = await signedInPlayer(site);
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (embedded)");
    await dialog.locator("input[name=amount]").fill("25");
    await dialog.getByRole("radio", { name: "I don't want a bonus" }).check();
    await dialog.getByRole("button", { name: "Deposit 25 EUR" }).click();
    await dialog.locator("iframe[title=Payment]").waitFor(WAIT);
    await decideSandboxPayment(dialog.frameLocator("iframe[title=Payment]"), "approve");
    await page.getByRole("dialog", { name: "Deposit successful" }).waitFor(WAIT);
    const wallet = await openWallet(page);
    await waitForBalance(wallet, "25.00 EUR");
  });

  test("DP-06 qr: the QR is shown; paying on the sandbox page it points to completes the deposit", async () => {
    const { page, context } = await signedInPlayer(site);
    const dialog = await openWallet(page);
    await selectMethod(dialog, "QR payment");
    await dialog.locator("input[name=amount]").fill("12.5");
    await dialog.getByRole("radio", { name: "I don't want a bonus" }).check();
    const response = page.waitForResponse((r) => isDeposit(r.url(), r.request().method()));
    await dialog.getByRole("button", { name: "Deposit 12.50 EUR" }).click();
    const qr = ((await (await response).json()) as { data: { qr: string } }).data.qr;
    await dialog.getByRole("img", { name: "Payment QR code" }).waitFor(WAIT);
    const link = dialog.getByRole("link", { name: "Open the payment page" });
    expect(await link.getAttribute("href")).toBe(qr);
    const phone = await context.newPage();
    await phone.goto(qr);
    await decideSandboxPayment(phone, "approve");
    await page.getByRole("dialog", { name: "Deposit successful" }).waitFor(WAIT);
    await resultView(page, "Deposit successful"); // MD-08
    const wallet = await openWallet(page);
    await waitForBalance(wallet, "12.50 EUR");
  });

  test("DP-08 MD-08 message: the deposit-pending modal (the shared success-style view) opens and the invoice waits in the history", async () => {
    const { page } = await signedInPlayer(site);
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Bank transfer");
    await dialog.getByRole("button", { name: "Deposit 50 EUR" }).click();
    await page.getByRole("dialog", { name: "Deposit in progress" }).waitFor(WAIT);
    await resultView(page, "Deposit in progress");
    await page.goto("/profile/history");
    const table = page.getByRole("table", { name: "Payments" });
    await table.getByRole("cell", { name: "Pending" }).waitFor(WAIT);
    // The method's display name, not its key (issue 31).
    expect(await table.getByRole("cell", { name: "Bank transfer" }).count()).toBe(1);
  });

  test("DP-09 DP-10 asyncRedirect: the invoice id waits in session storage, then its QR arrives and is paid", async () => {
    const { page, context } = await signedInPlayer(site);
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Instant invoice");
    const response = page.waitForResponse((r) => isDeposit(r.url(), r.request().method()));
    await dialog.getByRole("button", { name: "Deposit 10 EUR" }).click();
    const invoiceId = ((await (await response).json()) as { data: { invoiceId: string } }).data
      .invoiceId;
    expect(await page.evaluate(() => sessionStorage.getItem("pendingAsyncInvoice"))).toBe(
      invoiceId,
    );
    await dialog.getByRole("img", { name: "Payment QR code" }).waitFor(WAIT);
    const href = await dialog
      .getByRole("link", { name: "Open the payment page" })
      .getAttribute("href");
    const phone = await context.newPage();
    await phone.goto(href ?? "");
    await decideSandboxPayment(phone, "approve");
    await page.getByRole("dialog", { name: "Deposit successful" }).waitFor(WAIT);
    expect(await page.evaluate(() => sessionStorage.getItem("pendingAsyncInvoice"))).toBeNull();
  });

  test("DP-11 ER-12 a payment failed on the hosted page closes its window and this tab shows deposit-error with the amount", async () => {
    const { page, context } = await signedInPlayer(site);
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (hosted page)");
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Deposit 50 EUR" }).click();
    const payment = await popup;
    await payment.waitForURL(/\/sandbox\/payments\//, WAIT);
    // The first window's alert stays 3 s: watch for it from before the decision.
    const heard = page.getByText("Deposit failed").first().waitFor({ timeout: 60_000 });
    const closed = payment.waitForEvent("close", WAIT);
    await decideSandboxPayment(payment, "fail");
    await closed;
    const failed = page.getByRole("dialog", { name: "Deposit failed" });
    await failed.getByText("Deposit of 50.00 EUR not completed.").waitFor(WAIT);
    await heard;
  });

  test("DP-05 the payment window's return page opened on its own is a small page, not the site", async () => {
    const { page } = await signedInPlayer(site);
    for (const [outcome, text] of [
      ["success", "Your payment was sent. You can close this window"],
      ["error", "The payment was not completed. You can close this window"],
    ] as const) {
      await page.goto(`${site.server.url}/payment/return?deposit=${outcome}`);
      await page.getByRole("heading", { name: "Payment window" }).waitFor(WAIT);
      await page.getByText(text).waitFor(WAIT);
      await page.getByRole("button", { name: "Close this window" }).waitFor(WAIT);
      // No site around it: no header, navigation or footer.
      expect(await page.getByRole("banner").count()).toBe(0);
      expect(await page.getByRole("contentinfo").count()).toBe(0);
      expect(await page.getByRole("navigation").count()).toBe(0);
    }
  });

  test("DP-11 a refused deposit request closes the payment window and opens deposit-error", async () => {
    const { page, context } = await signedInPlayer(site);
    await page.route("**/api/payment/invoices/deposit", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: 13500, message: "The payment provider did not answer" },
        }),
      }),
    );
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (hosted page)");
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Deposit 50 EUR" }).click();
    const payment = await popup;
    if (!payment.isClosed()) await payment.waitForEvent("close", WAIT);
    await page.getByRole("dialog", { name: "Deposit failed" }).waitFor(WAIT);
  });
});
