import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import {
  fundedPlayer,
  methodButton,
  openAccountByApi,
  openWallet,
  selectMethod,
  signedInPlayer,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

const site = useSite(WALLET_ENV);

const path = (url: string) => new URL(url).pathname;

/** Answers GET /api/wallet/accounts with one active BTC account holding 0.01 BTC. */
async function mockBtcAccount(page: Page) {
  await page.route("**/api/wallet/accounts", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          status: 200,
          contentType: "application/json",
          body: JSON.stringify({
            data: [
              {
                id: "7b0d6f1e-2b8a-4a3c-9d41-5e6f7a8b9c0d",
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
}

describe("wallet modal and profile wallet page", () => {
  test("WL-11 WL-12 WL-13 the profile wallet page adds an account, switches the active one and hides one", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/wallet");
    await hydrated(page);
    const table = page.getByRole("table", { name: "Your accounts" });
    await table.getByRole("rowheader", { name: "EUR" }).waitFor(WAIT);

    const add = page.waitForRequest(
      (r) => r.method() === "POST" && path(r.url()) === "/api/wallet/accounts",
    );
    await page.getByLabel("Currency").selectOption("USD");
    await page.getByRole("button", { name: "Add account" }).click();
    expect((await add).postDataJSON()).toEqual({ currency: "USD" });
    await table.getByRole("rowheader", { name: "USD" }).waitFor(WAIT);

    const switching = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/wallet\/accounts\/[^/]+\/switch$/.test(r.url()),
    );
    await page.getByRole("button", { name: "Make USD active" }).click();
    await switching;
    await table.getByRole("row", { name: /USD.*Active/ }).waitFor(WAIT);

    const hiding = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/wallet\/accounts\/[^/]+\/hide$/.test(r.url()),
    );
    await page.getByRole("button", { name: "Hide EUR" }).click();
    await hiding;
    await table.getByRole("rowheader", { name: "EUR" }).waitFor({ state: "detached", ...WAIT });
  });

  test("WL-08 WL-09 WL-10 WL-14 the account switcher shows balances in currency tabs, non-zero first, and switching reloads the methods", async () => {
    const { page, tokens } = await fundedPlayer(site, "20");
    await openAccountByApi(site.server.url, tokens.accessToken, "USD");
    await openAccountByApi(site.server.url, tokens.accessToken, "BTC");
    const dialog = await openWallet(page);
    await waitForBalance(dialog, "20.00 EUR");
    await dialog.getByRole("button", { name: "Switch account" }).click();
    const list = dialog.getByRole("list", { name: "Accounts" });
    await list.getByRole("button").nth(2).waitFor(WAIT);
    const entries = await list.getByRole("button").allTextContents();
    expect(entries.map((text) => text.slice(0, 3))).toEqual(["EUR", "BTC", "USD"]);
    expect(entries[0]).toContain("20.00 EUR");
    await dialog.getByRole("tab", { name: "Crypto" }).click();
    await page.waitForFunction(
      () => document.querySelectorAll(".wallet-switcher__list li").length === 1,
      undefined,
      WAIT,
    );
    expect(await list.getByRole("button").allTextContents()).toEqual([
      expect.stringMatching(/^BTC/),
    ]);
    await dialog.getByRole("tab", { name: "All" }).click();

    const switching = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/wallet\/accounts\/[^/]+\/switch$/.test(r.url()),
    );
    const methods = page.waitForRequest(
      (r) =>
        path(r.url()) === "/api/payment/methods/deposit" &&
        new URL(r.url()).searchParams.get("currency") === "USD",
    );
    await list.getByRole("button", { name: /^USD/ }).click();
    await switching;
    await methods;
    await waitForBalance(dialog, "0.00 USD");
  });

  test("WL-15 WL-16 WL-17 WL-18 WL-19 crypto balances in mBTC with an equivalent currency that is saved, changed and removed", async () => {
    const { page } = await signedInPlayer(site);
    await mockBtcAccount(page);
    const dialog = await openWallet(page);
    await waitForBalance(dialog, "10.00000 mBTC");
    const toggle = dialog.getByRole("switch", { name: "Show crypto in USD" });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await dialog.getByText("≈ 970.00 USD").first().waitFor(WAIT);
    expect(await page.evaluate(() => localStorage.getItem("equivalentCurrency"))).toBe("USD");

    await dialog.getByRole("button", { name: "Change equivalent currency" }).click();
    const modal = page.getByRole("dialog", { name: "Equivalent currency" });
    await modal.getByLabel("Show crypto balances in").selectOption("EUR");
    await modal.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("≈ 898.15 EUR").first().waitFor(WAIT);
    expect(await page.evaluate(() => localStorage.getItem("equivalentCurrency"))).toBe("EUR");

    await dialog.getByRole("switch", { name: "Show crypto in EUR" }).uncheck();
    expect(await page.evaluate(() => localStorage.getItem("equivalentCurrency"))).toBeNull();
    expect(await dialog.getByText(/^≈/).count()).toBe(0);

    // An unknown stored code is not used: the toggle offers the default, USD.
    await page.evaluate(() => localStorage.setItem("equivalentCurrency", "XXX"));
    const again = await openWallet(page);
    await again.getByRole("switch", { name: "Show crypto in USD" }).waitFor(WAIT);
  });

  test("WL-15 a fiat account shows no equivalent", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("equivalentCurrency", "USD"));
    const dialog = await openWallet(page);
    await waitForBalance(dialog, "0.00 EUR");
    expect(await dialog.getByText(/^≈/).count()).toBe(0);
  });

  test("WL-20 WL-22 WL-23 CN-07 the region block shows the request country and its flag; another region is sent as country", async () => {
    const { page } = await signedInPlayer(site);
    const first = page.waitForRequest((r) => path(r.url()) === "/api/payment/methods/deposit");
    const dialog = await openWallet(page);
    await dialog.getByText("Germany").waitFor(WAIT);
    expect(new URL((await first).url()).searchParams.has("country")).toBe(false);
    // CN-07: the region's flag image by the lowercase country code, drawn.
    const flag = dialog.locator(".wallet-region__flag");
    expect(new URL((await flag.getAttribute("src")) ?? "", site.server.url).pathname).toBe(
      "/images/flags/de.svg",
    );
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>(".wallet-region__flag")?.naturalWidth ?? 0) > 0,
    );
    await dialog.getByRole("button", { name: "Change region" }).click();
    const region = page.getByRole("dialog", { name: "Payment region" });
    await region.getByLabel("Country").selectOption("BR");
    const methods = page.waitForRequest(
      (r) =>
        path(r.url()) === "/api/payment/methods/deposit" &&
        new URL(r.url()).searchParams.get("country") === "BR",
    );
    await region.getByRole("button", { name: "Save" }).click();
    await methods;
    await dialog.getByText("Brazil").waitFor(WAIT);
    expect(await page.evaluate(() => localStorage.getItem("paymentRegion"))).toBe("BR");
  });

  test("WL-21 without a known request or registered country the region block says unknown region", async () => {
    // The request's country is not known and neither is the player's: sign-up asks for one now,
    // so the profile is answered without it, as for a player on record from before (otherwise the
    // wallet falls back to the registered country: phone-look.e2e.ts).
    const { page } = await signedInPlayer(site, {
      country: "",
      beforeSignIn: async (signingIn) => {
        await signingIn.route("**/api/player/profile", async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: Record<string, unknown> };
          await route.fulfill({
            response,
            json: { ...body, data: { ...body.data, country: null } },
          });
        });
      },
    });
    const dialog = await openWallet(page);
    await dialog.getByText("Unknown region").waitFor(WAIT);
  });

  test("WL-05 WL-06 below 768 px no method is preselected, the form opens on a click and Back returns to the list", async () => {
    const { page } = await signedInPlayer(site, { width: 375, height: 800 });
    const dialog = await openWallet(page);
    const card = methodButton(dialog, "Card (hosted page)");
    await card.waitFor(WAIT);
    expect(await dialog.locator("input[name=amount]").count()).toBe(0);
    await card.click();
    await dialog.locator("input[name=amount]").waitFor(WAIT);
    expect(await card.count()).toBe(0);
    await dialog.getByRole("button", { name: "Back" }).click();
    await card.waitFor(WAIT);
    expect(await dialog.locator("input[name=amount]").count()).toBe(0);
  });

  test("WL-02 WL-29 deposit-only shows a title instead of tabs; closing a begun deposit asks through cancel-deposit", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/wallet");
    await hydrated(page);
    await page
      .getByRole("region", { name: "Your accounts" })
      .getByRole("button", { name: "Deposit", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "Wallet" });
    await dialog.getByRole("heading", { name: "Deposit" }).waitFor(WAIT);
    expect(await dialog.getByRole("tab", { name: "Withdraw" }).count()).toBe(0);
    // Only a deposit the player began is asked about (an untouched form just closes).
    await selectMethod(dialog, "QR payment");
    await dialog.getByRole("textbox", { name: /^Amount/ }).fill("25");
    await dialog.getByRole("button", { name: "Close" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancel deposit?" });
    await confirm.waitFor(WAIT);
    await confirm.getByRole("button", { name: "Continue deposit" }).click();
    await page.getByRole("dialog", { name: "Wallet" }).waitFor(WAIT);
    await selectMethod(dialog, "QR payment");
    await dialog.getByRole("textbox", { name: /^Amount/ }).fill("30");
    await page
      .getByRole("dialog", { name: "Wallet" })
      .getByRole("button", { name: "Close" })
      .click();
    await page
      .getByRole("dialog", { name: "Cancel deposit?" })
      .getByRole("button", { name: "Cancel deposit" })
      .click();
    await page.waitForFunction(() => !document.querySelector("[role=dialog]"), undefined, WAIT);
  });

  test("WL-25 ER-10 code 13100 shows the deposits notice, reloads the limits, and more info goes to /profile/limits", async () => {
    const { page } = await signedInPlayer(site);
    await page.route("**/api/payment/methods/deposit*", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: 13100, message: "Deposit limit reached" } }),
      }),
    );
    const limits = page.waitForRequest((r) => path(r.url()) === "/api/player/limits");
    const dialog = await openWallet(page);
    // The player has no limit that explains the refusal: a neutral notice, not a deposit limit's.
    await dialog.getByRole("region", { name: "Deposits are not available" }).waitFor(WAIT);
    await limits;
    await dialog.getByRole("button", { name: "More info" }).click();
    await page.waitForURL(/\/profile\/limits$/, WAIT);
    expect(await page.getByRole("dialog", { name: "Cancel deposit?" }).count()).toBe(0);
  });

  test("WL-28 ER-11 without methods (or on another error) a not-available text shows", async () => {
    const { page } = await signedInPlayer(site);
    await page.route("**/api/payment/methods/deposit*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: 500, message: "Boom" } }),
      }),
    );
    const dialog = await openWallet(page);
    await dialog
      .getByText("No deposit methods are available for EUR in your region.")
      .waitFor(WAIT);
  });

  test("WR-01 WR-02 WR-03 WR-04 WR-05 WR-06 WR-07 WR-08 WR-09 WR-10 DP-02 the deposit amount input", async () => {
    const { page } = await signedInPlayer(site);
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (hosted page)");
    const amount = dialog.getByRole("textbox", { name: "Amount (EUR)" });
    await amount.waitFor(WAIT);
    expect(await amount.getAttribute("name")).toBe("amount");
    expect(await amount.getAttribute("inputmode")).toBe("decimal");
    expect(await amount.getAttribute("maxlength")).toBe("10");
    expect(await amount.inputValue()).toBe("50"); // the default preset
    await dialog.getByText("Min 10 EUR · Max 5000 EUR").waitFor(WAIT);
    // Presets within 10…5000 only: 20, 50, 100, 500.
    const presets = await dialog.getByRole("group").getByRole("button").allTextContents();
    expect(presets).toEqual(["20 EUR", "50 EUR", "100 EUR", "500 EUR"]);
    // Issue 31 item 11: the chips' group draws no box of its own (a fieldset's default border
    // and padding once did).
    const box = await dialog
      .getByRole("group", { name: "Suggested amounts" })
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.borderTopWidth, style.borderLeftWidth, style.paddingTop, style.paddingLeft];
      });
    expect(box).toEqual(["0px", "0px", "0px", "0px"]);

    await amount.fill("");
    await amount.pressSequentially("007a.5,9");
    expect(await amount.inputValue()).toBe("7.59");
    const submit = dialog.getByRole("button", { name: "Deposit 10 EUR" });
    await expect.poll(() => submit.isDisabled(), WAIT).toBe(true);
    await amount.blur();
    expect(await amount.inputValue()).toBe("10");
    // The form re-validates after the blur: the button follows a moment later.
    await expect.poll(() => submit.isEnabled(), WAIT).toBe(true);

    await amount.fill("9999");
    const high = dialog.getByRole("button", { name: "Deposit 5000 EUR" });
    await expect.poll(() => high.isDisabled(), WAIT).toBe(true);
    await amount.blur();
    expect(await amount.inputValue()).toBe("5000");
    await expect.poll(() => high.isEnabled(), WAIT).toBe(true);

    await amount.fill("");
    await amount.blur();
    expect(await amount.inputValue()).toBe("10");
    await dialog.getByRole("button", { name: "100 EUR" }).click();
    expect(await amount.inputValue()).toBe("100");
  });

  test("DP-03 WR-27 a limited profile gets the limitedDeposit alert and no deposit request", async () => {
    const { page } = await signedInPlayer(site);
    await page.route("**/api/player/profile", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { data: { ...body.data, status: 2 } } });
    });
    let deposits = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && path(r.url()) === "/api/payment/invoices/deposit") deposits++;
    });
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (hosted page)");
    await dialog.getByRole("button", { name: "Deposit 50 EUR" }).click();
    await page.getByText("Deposits are limited").first().waitFor(WAIT);
    expect(deposits).toBe(0);
    // Withdrawals have no such rule: the form is there.
    await dialog.getByRole("tab", { name: "Withdraw" }).click();
    await selectMethod(dialog, "Bank transfer");
    await dialog.locator("input[name=amount]").waitFor(WAIT);
  });
  test("CN-06 without a logo, the cash-agent withdrawal method shows its own icon and a fiat method the fiat icon", async () => {
    const { page } = await fundedPlayer(site, "100");
    // No seeded method is a cash agent: the server's list gets one, and the bank its logo removed.
    await page.route(
      (url) => url.pathname === "/api/payment/methods/withdrawal",
      async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: Record<string, unknown>[] };
        const bank = body.data.find((method) => method.title === "Bank transfer");
        if (bank) {
          bank.logo = null;
          body.data.push({ ...bank, method: "cash-agent", title: "Cash agent", logo: null });
        }
        await route.fulfill({ response: answer, json: body });
      },
    );
    const dialog = await openWallet(page, "withdraw");
    const icon = (title: string) =>
      methodButton(dialog, title).locator(".wallet-logo").getAttribute("data-icon");
    await methodButton(dialog, "Cash agent").waitFor(WAIT);
    expect(await icon("Cash agent")).toBe("cash-agent");
    expect(await methodButton(dialog, "Cash agent").locator(".wallet-logo svg").count()).toBe(1);
    expect(await icon("Bank transfer")).toBe("fiat");
  });
});
