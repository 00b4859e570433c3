// Accessibility of the player site (issue 31 item 14): an axe-core scan (WCAG 2.2 A and AA rules)
// of the main pages and modals finds no violations, as a guest and signed in, at desktop and
// phone width; focus is visible and kept inside an open modal; and focus lands somewhere useful
// after closing the wallet, after signing in and after starting a game's demo.
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { PASSWORD, registerByApi, uniqueEmail } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV } from "./support/games";
import { methodButton, selectMethod, signedInPlayer, WAIT, WALLET_ENV } from "./support/wallet";

const site = useSite({ ...WALLET_ENV, ...GAME_ENV });

const axeSource = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

/** The axe tags of WCAG 2.0, 2.1 and 2.2 levels A and AA. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const EN = [{ name: "user-language", value: "en" }];

type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };

/**
 * Runs axe on the page as it is now and returns its violations, one line each: where, the rule's
 * id and help, and the elements. Injected by evaluate (a CDP call): the site's CSP would refuse an
 * inline script tag.
 */
async function scan(page: Page, where: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      // Game and sportsbook frames are the providers' pages (third-party content the site
      // cannot change): the frame element itself is still checked (its title), not its inside.
      iframes: false,
      resultTypes: ["violations"],
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, TAGS);
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`,
  );
}

type Visit = {
  name: string;
  path: string;
  /** What shows once the page's content is there. */
  ready: (page: Page) => Locator;
  /** A step before the scan (choosing a payment method shows its form). */
  act?: (page: Page) => Promise<void>;
};

const main = (page: Page) => page.getByRole("main");
const h1 = (name: string | RegExp) => (page: Page) =>
  main(page).getByRole("heading", { level: 1, name });
const dialog = (name: string) => (page: Page) => page.getByRole("dialog", { name });

const PAGES: Visit[] = [
  {
    name: "home",
    path: "/",
    ready: (page) =>
      page.getByRole("list", { name: "Popular", exact: true }).getByRole("link").first(),
  },
  {
    name: "game category",
    path: "/categories/slots",
    ready: (page) => main(page).getByRole("link", { name: /^Gold Rush/ }),
  },
  { name: "game page", path: "/games/dice", ready: (page) => page.getByText("Dice").first() },
  {
    name: "betting",
    path: "/betting",
    ready: (page) => page.locator('iframe[title="Sportsbook"]'),
  },
  {
    name: "promotions",
    path: "/welcome-package",
    ready: (page) => main(page).getByRole("heading").first(),
  },
  { name: "tournaments", path: "/tournaments", ready: h1("Tournaments") },
  {
    name: "a tournament",
    path: "/tournaments/weekly-race",
    ready: (page) => page.getByRole("heading", { name: "Weekly Race" }).first(),
  },
  { name: "FAQ", path: "/questions", ready: (page) => main(page).getByRole("heading").first() },
];

const PROFILE: Visit[] = (
  [
    ["/profile/info", "Personal information"],
    ["/profile/wallet", "Wallet"],
    ["/profile/limits", "Limits"],
    ["/profile/history", "History"],
    ["/profile/bonuses", "Bonuses"],
    ["/profile/notifications", "Notifications"],
    ["/profile/security", "Security"],
    ["/profile/documents", "Documents"],
    ["/profile/verification", "Verification"],
  ] as const
).map(([path, title]) => ({ name: path, path, ready: h1(title) }));

const GUEST_MODALS: Visit[] = [
  { name: "sign-in modal", path: "/?sign-in=true", ready: dialog("Sign in") },
  { name: "sign-up modal", path: "/?sign-up=true", ready: dialog("Sign up") },
];

const wallet = dialog("Wallet");

const PLAYER_MODALS: Visit[] = [
  {
    name: "wallet deposit",
    path: "/?wallet=deposit",
    ready: (page) => methodButton(wallet(page), "QR payment"),
    act: (page) => selectMethod(wallet(page), "QR payment"),
  },
  {
    name: "wallet withdraw",
    path: "/?wallet=withdraw",
    ready: (page) => wallet(page).getByRole("region", { name: "Balance" }),
  },
];

async function visitAll(page: Page, visits: Visit[], label: string): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.path);
    await hydrated(page);
    await visit.ready(page).first().waitFor(WAIT);
    await page.waitForFunction(() => !document.querySelector("[data-preloader]"));
    await visit.act?.(page);
    found.push(...(await scan(page, `${label} ${visit.name}`)));
  }
  return found;
}

const WIDTHS = [
  ["desktop", 1280, 800],
  ["phone", 375, 740],
] as const;

describe("accessibility scan (axe-core, WCAG 2.2 AA)", () => {
  for (const [label, width, height] of WIDTHS) {
    test(`a guest's main pages and modals have no violations at ${label} width`, {
      timeout: 240_000,
    }, async () => {
      const { page } = await site.open({ country: "DE", cookies: EN, width, height });
      const found = await visitAll(page, [...PAGES, ...GUEST_MODALS], `guest ${label}`);
      expect(found, found.join("\n")).toEqual([]);
    });

    test(`a player's main pages, profile and wallet have no violations at ${label} width`, {
      timeout: 300_000,
    }, async () => {
      const { page } = await signedInPlayer(site, { width, height });
      const found = await visitAll(
        page,
        [...PAGES, ...PROFILE, ...PLAYER_MODALS],
        `player ${label}`,
      );
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});

/** What has focus now: whether it is inside the open dialog, and whether it shows it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    return {
      name: element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "",
      inDialog: element.closest("[role=dialog]") !== null,
      visible: outline || style.boxShadow !== "none",
    };
  });
}

/** Tabs forward then backward through an open dialog: focus stays inside and always shows. */
async function expectFocusTrapped(page: Page): Promise<void> {
  const seen: string[] = [];
  for (const key of [...Array(20).fill("Tab"), ...Array(8).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    const now = await focused(page);
    expect(now, `focus after ${key} (${seen.length} presses)`).toMatchObject({
      inDialog: true,
      visible: true,
    });
    seen.push(now?.name ?? "");
  }
  // It went round: fewer distinct stops than presses.
  expect(new Set(seen).size).toBeLessThan(20);
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

describe("focus (issue 31 item 14)", () => {
  test("focus is visible and trapped in the sign-in modal; a successful sign-in puts it on the account button", async () => {
    const email = uniqueEmail("a11y");
    await registerByApi(site.server.url, email);
    const { page } = await site.open({ country: "DE", cookies: EN });
    await page.goto("/");
    await hydrated(page);
    const signIn = page.getByRole("banner").getByRole("button", { name: "Sign in" });
    await signIn.click();
    const modal = dialog("Sign in")(page);
    await modal.getByRole("button", { name: "Log in" }).waitFor(WAIT);
    await expectFocusTrapped(page);
    // Escape gives focus back to the button that opened it.
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached", ...WAIT });
    await expect.poll(() => isFocused(signIn), WAIT).toBe(true);

    await signIn.click();
    await modal.getByRole("textbox", { name: "E-mail" }).fill(email);
    await modal.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await modal.getByRole("button", { name: "Log in" }).click();
    const account = page.getByRole("banner").getByRole("button", { name: "Account" });
    await account.waitFor(WAIT);
    await modal.waitFor({ state: "detached", ...WAIT });
    await expect.poll(() => isFocused(account), WAIT).toBe(true);
  });

  test("WL-29 the wallet keeps focus inside; closed with nothing entered it asks nothing, and focus goes back to Deposit (also after Cancel deposit?)", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/");
    await hydrated(page);
    const deposit = page.getByRole("banner").getByRole("button", { name: "Deposit", exact: true });
    await deposit.click();
    const modal = wallet(page);
    await methodButton(modal, "QR payment").waitFor(WAIT);
    await expectFocusTrapped(page);
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached", ...WAIT });
    expect(await dialog("Cancel deposit?")(page).count()).toBe(0);
    await expect.poll(() => isFocused(deposit), WAIT).toBe(true);

    // Something entered: closing asks, and cancelling still returns focus to Deposit.
    await deposit.click();
    await selectMethod(modal, "QR payment");
    await modal.getByRole("textbox", { name: /^Amount/ }).fill("25");
    await modal.getByRole("button", { name: "Close" }).click();
    const confirm = dialog("Cancel deposit?")(page);
    await confirm.getByRole("button", { name: "Continue deposit" }).click();
    await modal
      .getByRole("textbox", { name: /^Amount/ })
      .or(methodButton(modal, "QR payment"))
      .first()
      .waitFor(WAIT);
    await selectMethod(modal, "QR payment");
    await modal.getByRole("textbox", { name: /^Amount/ }).fill("30");
    await modal.getByRole("button", { name: "Close" }).click();
    await confirm.getByRole("button", { name: "Cancel deposit" }).click();
    await page.waitForFunction(() => !document.querySelector("[role=dialog]"), undefined, WAIT);
    await expect.poll(() => isFocused(deposit), WAIT).toBe(true);
  });

  test("GM-03 starting a game's demo moves focus into the game frame", async () => {
    const { page } = await site.open({ country: "DE", cookies: EN });
    await page.goto("/games/dice");
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Dice" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Try the demo" }).click();
    const frame = page.getByTitle("Dice", { exact: true });
    await frame.waitFor(WAIT);
    await expect.poll(() => isFocused(frame), WAIT).toBe(true);

    // From the demo-game modal too: its closing does not take focus back out of the frame.
    await page.goto("/games/limbo");
    await hydrated(page);
    await page.getByRole("button", { name: "Play for real money" }).click();
    await dialog("Demo game")(page).getByRole("button", { name: "Play the demo" }).click();
    const limbo = page.getByTitle("Limbo", { exact: true });
    await limbo.waitFor(WAIT);
    await page.waitForFunction(() => !document.querySelector("[role=dialog]"), undefined, WAIT);
    await expect.poll(() => isFocused(limbo), WAIT).toBe(true);
  });

  test("/profile/info's landmarks have distinct names", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/info");
    await hydrated(page);
    await h1("Personal information")(page).waitFor(WAIT);
    await page.getByRole("button", { name: "Save" }).waitFor(WAIT);
    // The page's region is named by its h1; the form's card by its own heading.
    expect(
      await page.getByRole("region", { name: "Personal information", exact: true }).count(),
    ).toBe(1);
    await page.getByRole("region", { name: "Your details", exact: true }).waitFor(WAIT);
  });
});
