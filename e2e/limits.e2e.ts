import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { PASSWORD, signInWithModal } from "./support/accounts";
import { screenshot, screenshotDir } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";
import { fundedPlayerTokens, openWallet, signedInPlayer, WAIT, WALLET_ENV } from "./support/wallet";

const site = useSite(WALLET_ENV);

const path = (url: string) => new URL(url).pathname;

type Limit = {
  limitId: string;
  definition: number;
  period: string | null;
  amount: string | null;
  expiresAt: string | null;
  periodEndsAt: string | null;
  pending: { effectiveAt: string; confirmable: boolean; remove: boolean } | null;
};

/** The limits API called directly (the set-up of a test, not what it checks). */
async function limitsApi(
  token: string,
  init: { method?: string; path?: string; body?: Record<string, unknown> } = {},
): Promise<{ data: Limit | Limit[] | null }> {
  const response = await fetch(`${site.server.url}/api/player/limits${init.path ?? ""}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "x-test-country": "DE",
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`limits ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: Limit };
}

const addLimit = (token: string, body: Record<string, unknown>) =>
  limitsApi(token, { method: "POST", body }).then((answer) => answer.data as Limit);

async function openLimits(page: Page): Promise<Locator> {
  await page.goto("/profile/limits");
  await hydrated(page);
  const list = page.getByRole("region", { name: "Your limits" });
  await list.waitFor(WAIT);
  return list;
}

/** A picture of what the viewport shows (a modal is fixed: a full-page picture cuts it). */
async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** The date and time as the page writes them (the browser's locale and time zone). */
function shownDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(value),
      ),
    iso,
  );
}

describe("responsible-gambling limits in the site", () => {
  test("LM-01 LM-02 LM-03 the limits page lists cash limits with their usage and period end, and a cooling-off until when", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    const section = await openLimits(page);
    await section.getByText("You have no limits.", { exact: false }).waitFor(WAIT);

    await addLimit(accessToken, { definition: 3, period: "daily", currency: "EUR", amount: "100" });
    await addLimit(accessToken, { definition: 1, period: "weekly", currency: "EUR", amount: "50" });
    await addLimit(accessToken, {
      definition: 2,
      period: "monthly",
      currency: "EUR",
      amount: "200",
    });
    const list = (await limitsApi(accessToken)).data as Limit[];
    await page.reload();
    await hydrated(page);
    const limits = page.getByRole("list", { name: "Your limits" });
    await limits.waitFor(WAIT);

    const deposit = limits.getByRole("article", { name: "Deposit limit, daily, EUR" });
    await deposit.getByText("100.00 EUR", { exact: true }).waitFor(WAIT);
    const meter = deposit.getByRole("progressbar", { name: "Used: Deposit limit, daily, EUR" });
    expect(await meter.getAttribute("aria-valuenow")).toBe("0");
    expect(await meter.getAttribute("aria-valuemax")).toBe("100");
    expect(await meter.getAttribute("aria-valuetext")).toBe("0.00 EUR of 100.00 EUR");
    const daily = list.find((limit) => limit.definition === 3);
    await deposit
      .getByText(`Resets ${await shownDate(page, daily?.periodEndsAt ?? "")}`)
      .waitFor(WAIT);
    await limits.getByRole("article", { name: "Bet limit, weekly, EUR" }).waitFor(WAIT);
    await limits.getByRole("article", { name: "Loss limit, monthly, EUR" }).waitFor(WAIT);
    expect(await limits.getByRole("article").count()).toBe(3);
    // Cash limits can be edited and removed.
    await deposit.getByRole("button", { name: "Edit Deposit limit, daily, EUR" }).waitFor(WAIT);
    await deposit.getByRole("button", { name: "Remove Deposit limit, daily, EUR" }).waitFor(WAIT);

    const block = await addLimit(accessToken, { definition: 5, days: 7 });
    await page.reload();
    await hydrated(page);
    const cooling = page.getByRole("article", { name: "Cooling-off" });
    await cooling.getByText(`Until ${await shownDate(page, block.expiresAt ?? "")}`).waitFor(WAIT);
    expect(await cooling.getByRole("button").count()).toBe(0);
    // Blocks come first.
    expect(
      await page
        .getByRole("list", { name: "Your limits" })
        .getByRole("article")
        .first()
        .getAttribute("aria-label"),
    ).toBe("Cooling-off");
  });

  test("LM-04 a deposit limit is added in the add-cash-limit modal", async () => {
    const { page } = await signedInPlayer(site);
    await openLimits(page);
    await page.getByRole("button", { name: "Add a limit" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a limit" });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel("Limit type").selectOption({ label: "Deposit limit" });
    await dialog.getByLabel("Period").selectOption({ label: "Weekly" });
    await dialog
      .getByRole("combobox", { name: "Currency" })
      .locator("option[value=EUR]")
      .waitFor({ state: "attached", ...WAIT });
    expect(await dialog.getByRole("combobox", { name: "Currency" }).inputValue()).toBe("EUR");
    const amount = dialog.getByRole("textbox", { name: "Amount (EUR)" });
    await amount.fill("150,5x");
    expect(await amount.inputValue()).toBe("150.5");

    const posted = page.waitForRequest(
      (r) => r.method() === "POST" && path(r.url()) === "/api/player/limits",
    );
    await dialog.getByRole("button", { name: "Set limit" }).click();
    expect((await posted).postDataJSON()).toEqual({
      definition: 3,
      period: "weekly",
      currency: "EUR",
      amount: "150.5",
    });
    await dialog.waitFor({ state: "detached", ...WAIT });
    const card = page.getByRole("article", { name: "Deposit limit, weekly, EUR" });
    await card.getByText("150.50 EUR", { exact: true }).waitFor(WAIT);

    // A second one of the same kind, currency and period is refused before it is sent.
    await page.getByRole("button", { name: "Add a limit" }).click();
    const again = page.getByRole("dialog", { name: "Add a limit" });
    await again.getByLabel("Period").selectOption({ label: "Weekly" });
    await again.getByText("You already have a limit of this kind", { exact: false }).waitFor(WAIT);
    expect(await again.getByRole("button", { name: "Set limit" }).isDisabled()).toBe(true);
  });

  test("LM-05 a decrease in the same period applies at once", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    await addLimit(accessToken, { definition: 3, period: "daily", currency: "EUR", amount: "100" });
    await openLimits(page);
    await page.getByRole("button", { name: "Edit Deposit limit, daily, EUR" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit limit" });
    const amount = dialog.getByRole("textbox", { name: "Amount (EUR)" });
    await amount.fill("40");
    await dialog.getByText("A lower limit in the same period applies at once.").waitFor(WAIT);
    const put = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/player\/limits\/[^/]+$/.test(path(r.url())),
    );
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await put).postDataJSON()).toEqual({ period: "daily", amount: "40" });
    await dialog.waitFor({ state: "detached", ...WAIT });
    const card = page.getByRole("article", { name: "Deposit limit, daily, EUR" });
    await card.getByText("40.00 EUR", { exact: true }).waitFor(WAIT);
    expect(await card.getByText("Change requested", { exact: false }).count()).toBe(0);
  });

  test("LM-05 an increase waits: the card shows the pending change with the time it takes effect, and it can be dropped", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    await addLimit(accessToken, { definition: 3, period: "daily", currency: "EUR", amount: "100" });
    await openLimits(page);
    await page.getByRole("button", { name: "Edit Deposit limit, daily, EUR" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit limit" });
    await dialog.getByRole("textbox", { name: "Amount (EUR)" }).fill("250");
    await dialog
      .getByText("A higher limit or a new period waits 24 hours", { exact: false })
      .waitFor(WAIT);
    const answer = page.waitForResponse(
      (r) => r.request().method() === "PUT" && /\/api\/player\/limits\/[^/]+$/.test(path(r.url())),
    );
    await dialog.getByRole("button", { name: "Request the change" }).click();
    const updated = ((await (await answer).json()) as { data: Limit }).data;
    expect(updated.pending?.confirmable).toBe(false);
    await dialog.waitFor({ state: "detached", ...WAIT });

    const card = page.getByRole("article", { name: "Deposit limit, daily, EUR" });
    await card.getByText("100.00 EUR", { exact: true }).waitFor(WAIT);
    const when = await shownDate(page, updated.pending?.effectiveAt ?? "");
    await card
      .getByText(
        `Change requested: 250.00 EUR per day. It can take effect from ${when}, once you confirm it.`,
      )
      .waitFor(WAIT);
    expect(await card.getByRole("button", { name: /^Confirm/ }).count()).toBe(0);

    const dropped = page.waitForRequest(
      (r) =>
        r.method() === "DELETE" && /\/api\/player\/limits\/[^/]+\/pending$/.test(path(r.url())),
    );
    await card
      .getByRole("button", { name: "Keep current limit Deposit limit, daily, EUR" })
      .click();
    await dropped;
    await card
      .getByText("Change requested", { exact: false })
      .waitFor({ state: "detached", ...WAIT });
  });

  test("LM-06 remove asks first, then the card shows the pending removal", async () => {
    const { page, accessToken } = await signedInPlayer(site);
    await addLimit(accessToken, { definition: 1, period: "weekly", currency: "EUR", amount: "30" });
    await openLimits(page);
    const card = page.getByRole("article", { name: "Bet limit, weekly, EUR" });
    await card.getByRole("button", { name: "Remove Bet limit, weekly, EUR" }).click();
    const question = card.getByRole("group", { name: /^Remove your Bet limit, weekly, EUR\?/ });
    await question.waitFor(WAIT);
    // "No" leaves everything as it was.
    await question.getByRole("button", { name: "No, keep it" }).click();
    await card.getByRole("button", { name: "Remove Bet limit, weekly, EUR" }).click();

    const removed = page.waitForResponse(
      (r) =>
        r.request().method() === "DELETE" && /\/api\/player\/limits\/[^/]+$/.test(path(r.url())),
    );
    await card.getByRole("button", { name: "Yes, remove" }).click();
    const limit = ((await (await removed).json()) as { data: Limit }).data;
    expect(limit.pending?.remove).toBe(true);
    const when = await shownDate(page, limit.pending?.effectiveAt ?? "");
    await card
      .getByText(`Removal requested. It can take effect from ${when}, once you confirm it.`)
      .waitFor(WAIT);
    expect(await card.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
  });

  test("LM-05 LM-06 a change whose 24 hours have passed offers Confirm (PUT .../confirm) and Keep current limit", async () => {
    // The server's clock cannot be moved from the browser: the list is answered here.
    const { page } = await signedInPlayer(site);
    const limit = {
      limitId: "0b7d2f4e-8a1c-4e2b-9f3d-5a6b7c8d9e0f",
      definition: 3,
      period: "daily",
      currency: "EUR",
      amount: "100.00",
      currentAmount: "0.00",
      periodStartsAt: "2026-01-01T00:00:00.000Z",
      periodEndsAt: "2026-01-02T00:00:00.000Z",
      expiresAt: null,
      createdAt: "2025-12-30T10:00:00.000Z",
      pending: {
        remove: true,
        period: null,
        amount: null,
        requestedAt: "2025-12-31T10:00:00.000Z",
        effectiveAt: "2026-01-01T10:00:00.000Z",
        confirmable: true,
      },
    };
    let confirmed = false;
    await page.route("**/api/player/limits", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ data: confirmed ? [] : [limit] }),
      }),
    );
    await page.route("**/api/player/limits/*/confirm", (route) => {
      confirmed = true;
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ data: null }),
      });
    });
    await openLimits(page);
    const card = page.getByRole("article", { name: "Deposit limit, daily, EUR" });
    await card.getByText("Removal requested. You can confirm it now.").waitFor(WAIT);
    await card
      .getByRole("button", { name: "Keep current limit Deposit limit, daily, EUR" })
      .waitFor(WAIT);
    const confirm = page.waitForRequest(
      (r) =>
        r.method() === "PUT" && path(r.url()) === `/api/player/limits/${limit.limitId}/confirm`,
    );
    await card.getByRole("button", { name: "Confirm removal Deposit limit, daily, EUR" }).click();
    await confirm;
    await page.getByText("You have no limits.", { exact: false }).waitFor(WAIT);
  });

  test("LM-02 LM-08 a cooling-off from the self-exclusion modal: the wallet names the break and deposit methods are refused", async () => {
    const { page } = await signedInPlayer(site, { width: 375, height: 740 });
    await openLimits(page);
    await page.getByRole("button", { name: "Take a break" }).click();
    const dialog = page.getByRole("dialog", { name: "Self-exclusion" });
    await dialog.waitFor(WAIT);
    expect(await dialog.getByRole("radio", { name: /^Take a break/ }).isChecked()).toBe(true);
    await dialog.getByLabel("How long").selectOption({ label: "1 week" });
    await dialog
      .getByText("Until it ends you cannot deposit or place bets.", { exact: false })
      .waitFor(WAIT);
    await dialog.getByText("It cannot be undone or shortened.", { exact: true }).waitFor(WAIT);
    await dialog.getByText("You can still withdraw your balance.").waitFor(WAIT);
    const submit = dialog.getByRole("button", { name: "Start the break" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: /^I understand/ }).check();
    await expect.poll(() => submit.isDisabled(), WAIT).toBe(false);
    const posted = page.waitForRequest(
      (r) => r.method() === "POST" && path(r.url()) === "/api/player/limits",
    );
    await submit.click();
    expect((await posted).postDataJSON()).toEqual({ definition: 5, days: 7 });
    await dialog.waitFor({ state: "detached", ...WAIT });
    await page
      .getByRole("article", { name: "Cooling-off" })
      .getByText(/^Until /)
      .waitFor(WAIT);

    const methods = page.waitForResponse(
      (r) => path(r.url()) === "/api/payment/methods/deposit",
      WAIT,
    );
    const wallet = await openWallet(page);
    // Issue 31: the break is named as such, not as a deposit limit.
    await wallet
      .getByRole("region", { name: "Deposits paused: you are taking a break" })
      .getByText(
        /^Deposits are not available during your break \(cooling-off\), which lasts until /,
      )
      .waitFor(WAIT);
    const refused = await methods;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(13100);
  });

  test("LM-07 a deposit limit used up shows the wallet's limit notice", async () => {
    const funded = await fundedPlayerTokens(site.server.url, "20");
    await addLimit(funded.tokens.accessToken, {
      definition: 3,
      period: "monthly",
      currency: "EUR",
      amount: "20",
    });
    const { page } = await site.open({
      country: "DE",
      cookies: [{ name: "user-language", value: "en" }],
    });
    await signInWithModal(page, funded.email, PASSWORD);
    const wallet = await openWallet(page);
    await wallet.getByRole("region", { name: "Deposit limit reached" }).waitFor(WAIT);

    await openLimits(page);
    const card = page.getByRole("article", { name: "Deposit limit, monthly, EUR" });
    await card.getByText("Limit reached for this period.").waitFor(WAIT);
    const meter = card.getByRole("progressbar", { name: "Used: Deposit limit, monthly, EUR" });
    expect(await meter.getAttribute("aria-valuenow")).toBe("20");
    expect(await meter.getAttribute("aria-valuetext")).toBe("20.00 EUR of 20.00 EUR");
  });

  for (const width of [375, 1280]) {
    test(`the limits page and its modals render at ${width} px (screenshots)`, async () => {
      const funded = await fundedPlayerTokens(site.server.url, "30");
      const token = funded.tokens.accessToken;
      await addLimit(token, { definition: 3, period: "daily", currency: "EUR", amount: "100" });
      const bet = await addLimit(token, {
        definition: 1,
        period: "weekly",
        currency: "EUR",
        amount: "50",
      });
      await limitsApi(token, {
        method: "PUT",
        path: `/${bet.limitId}`,
        body: { period: "monthly", amount: "80" },
      });
      await addLimit(token, { definition: 5, days: 14 });
      const { page } = await site.open({
        country: "DE",
        cookies: [{ name: "user-language", value: "en" }],
        width,
        height: width < 768 ? 740 : 900,
      });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await signInWithModal(page, funded.email, PASSWORD);
      await openLimits(page);
      await page.getByRole("article", { name: "Bet limit, weekly, EUR" }).waitFor(WAIT);
      await page.waitForFunction(() => !document.querySelector("[data-preloader]"));
      await screenshot(page, `limits-${width}`);

      await page.getByRole("button", { name: "Edit Deposit limit, daily, EUR" }).click();
      const edit = page.getByRole("dialog", { name: "Edit limit" });
      await edit.getByRole("textbox", { name: "Amount (EUR)" }).fill("150");
      await edit.getByText("waits 24 hours", { exact: false }).waitFor(WAIT);
      await viewportShot(page, `limits-edit-${width}`);
      await edit.getByRole("button", { name: "Cancel" }).click();
      await edit.waitFor({ state: "detached", ...WAIT });

      await page.getByRole("button", { name: "Self-exclude" }).click();
      const block = page.getByRole("dialog", { name: "Self-exclusion" });
      await block.getByText("What this means").waitFor(WAIT);
      await viewportShot(page, `limits-self-exclusion-${width}`);
      await block.getByRole("button", { name: "Cancel" }).click();
      await block.waitFor({ state: "detached", ...WAIT });

      await page.getByRole("button", { name: "Add a limit" }).click();
      await page.getByRole("dialog", { name: "Add a limit" }).getByText("Limit type").waitFor(WAIT);
      await viewportShot(page, `limits-add-${width}`);
      expect(errors).toEqual([]);
    });
  }
});
