// The player site on phones from 320 px wide: every main page, the wallet modal (deposit and
// withdraw), the sign-in and sign-up modals and the mobile-game modal, as a guest and as a
// signed-in funded player. No page scrolls sideways, a modal stays inside the screen, and the
// header's controls are all visible, inside the screen and not covered by one another.
// One browser context per role; the pages are visited in a loop.
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import { fundedPlayer, methodButton, WAIT, WALLET_ENV } from "./support/wallet";

const site = useSite(WALLET_ENV);

const PHONE = { width: 320, height: 640 };

type Visit = {
  path: string;
  /** What shows once the page's content is there (measuring earlier would prove nothing). */
  ready: (page: Page) => Locator;
  /** A modal the page opens: it must fit the screen; the header is checked after it closes. */
  dialog?: string;
  /** A button in the dialog to press next (a payment method), and what shows then: measured too. */
  open?: (dialog: Locator) => Locator;
  opened?: (dialog: Locator) => Locator;
};

const main = (page: Page) => page.getByRole("main");
const heading = (name: string) => (page: Page) =>
  main(page).getByRole("heading", { level: 1, name, exact: true });

const SHARED: Visit[] = [
  {
    path: "/",
    ready: (page) =>
      page.getByRole("list", { name: "Popular", exact: true }).getByRole("link").first(),
  },
  {
    path: "/categories/slots",
    ready: (page) => main(page).getByRole("link", { name: /^Gold Rush/ }),
  },
  { path: "/providers", ready: (page) => main(page).getByRole("link", { name: "Sandbox Slots" }) },
  {
    path: "/games/dice",
    ready: (page) =>
      page
        .getByRole("dialog", { name: "Play game" })
        .getByRole("button", { name: "Play the demo" }),
    dialog: "Play game",
  },
  { path: "/tournaments", ready: heading("Tournaments") },
  { path: "/loyalty", ready: heading("Loyalty") },
  { path: "/contact", ready: (page) => main(page).getByRole("button", { name: /^Send/ }) },
];

const PROFILE: [string, string][] = [
  ["/profile/info", "Personal information"],
  ["/profile/wallet", "Wallet"],
  ["/profile/limits", "Limits"],
  ["/profile/history", "History"],
  ["/profile/bonuses", "Bonuses"],
  ["/profile/notifications", "Notifications"],
  ["/profile/documents", "Documents"],
];

const GUEST: Visit[] = [
  ...SHARED,
  // A guest's profile page asks to sign in: its title, or the sign-in modal it opens (which hides
  // the page from role queries).
  ...PROFILE.map(([path, title]) => ({
    path,
    ready: (page: Page) =>
      heading(title)(page)
        .or(page.getByRole("dialog", { name: "Sign in" }))
        .first(),
  })),
  {
    path: "/?sign-in=true",
    ready: (page) =>
      page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Log in" }),
    dialog: "Sign in",
  },
  {
    path: "/?sign-up=true",
    ready: (page) =>
      page.getByRole("dialog", { name: "Sign up" }).getByRole("textbox", { name: "E-mail" }),
    dialog: "Sign up",
  },
];

const PLAYER_PROFILE: Record<string, (page: Page) => Locator> = {
  "/profile/info": (page) => main(page).getByRole("textbox", { name: "Nickname" }),
  "/profile/wallet": (page) =>
    main(page).getByRole("table", { name: "Your accounts" }).getByRole("row", { name: /EUR/ }),
  "/profile/limits": (page) => main(page).getByRole("button", { name: "Add a limit" }),
  "/profile/history": (page) =>
    main(page)
      .getByRole("table", { name: "Payments" })
      .getByRole("row", { name: /50\.00 EUR/ }),
  "/profile/bonuses": (page) => main(page).getByRole("button", { name: "Apply code" }),
  "/profile/notifications": (page) => main(page).getByText("Deposit received").first(),
  "/profile/documents": (page) => main(page).getByRole("button", { name: "Upload" }),
};

const PLAYER: Visit[] = [
  ...SHARED,
  ...PROFILE.map(([path]) => ({ path, ready: PLAYER_PROFILE[path]! })),
  {
    path: "/?wallet=deposit",
    ready: (page) => methodButton(page.getByRole("dialog", { name: "Wallet" }), "QR payment"),
    dialog: "Wallet",
    open: (dialog) => methodButton(dialog, "QR payment"),
    opened: (dialog) => dialog.getByRole("textbox", { name: /^Amount/ }),
  },
  {
    path: "/?wallet=withdraw",
    ready: (page) => methodButton(page.getByRole("dialog", { name: "Wallet" }), "Bank transfer"),
    dialog: "Wallet",
    open: (dialog) => methodButton(dialog, "Bank transfer"),
    opened: (dialog) => dialog.getByRole("textbox", { name: /^Amount/ }),
  },
];

/** The header's controls, left to right, found by role and name. */
function headerControls(page: Page, player: boolean): [string, Locator][] {
  const header = page.getByRole("banner");
  const button = (name: string | RegExp) =>
    header.getByRole("button", typeof name === "string" ? { name, exact: true } : { name });
  const start: [string, Locator][] = [
    ["Menu", button("Menu")],
    ["brand", header.getByRole("link", { name: "Nebula Casino" })],
  ];
  if (!player) return [...start, ["Sign in", button("Sign in")], ["Sign up", button("Sign up")]];
  return [
    ...start,
    ["balance", button(/^Currency/)],
    ["Deposit", button("Deposit")],
    ["Notifications", button(/^Notifications/)],
    ["Account", button("Account")],
    ["Log out", button("Log out")],
  ];
}

/** The page's scroll width against its width: more means the page scrolls sideways. */
function widths(page: Page) {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scroll, client } = await widths(page);
  expect(scroll, `${where}: scroll width ${scroll} > ${client}`).toBeLessThanOrEqual(client);
}

/**
 * Every header control is visible, inside the screen, not covered (the element at its centre is
 * the control itself), and each one starts after the previous one ends.
 */
async function expectHeaderFits(page: Page, player: boolean, where: string) {
  const { client } = await widths(page);
  let previous: { name: string; right: number } | null = null;
  for (const [name, control] of headerControls(page, player)) {
    await control.waitFor(WAIT).catch((error: Error) => {
      throw new Error(`${where}: ${name} not visible: ${error.message}`);
    });
    const box = await control.boundingBox();
    expect(box, `${where}: ${name} has no box`).not.toBeNull();
    if (!box) continue;
    expect(box.width, `${where}: ${name} has no width`).toBeGreaterThan(0);
    expect(box.x, `${where}: ${name} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where}: ${name} ends past ${client}`).toBeLessThanOrEqual(
      client + 0.5,
    );
    if (previous) {
      expect(box.x, `${where}: ${name} overlaps ${previous.name}`).toBeGreaterThanOrEqual(
        previous.right - 0.5,
      );
    }
    const cover = await control.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return !hit || element.contains(hit) ? "" : `${hit.tagName} ${hit.className}`;
    });
    expect(cover, `${where}: ${name} is covered`).toBe("");
    previous = { name, right: box.x + box.width };
  }
}

/** The dialog is inside the screen and nothing in it makes it scroll sideways. */
async function expectDialogFits(page: Page, dialog: Locator, where: string) {
  const { client } = await widths(page);
  const box = await dialog.boundingBox();
  expect(box, `${where}: dialog has no box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${where}: dialog starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: dialog ends past ${client}`).toBeLessThanOrEqual(
    client + 0.5,
  );
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, `${where}: dialog content is wider than the dialog`).toBeLessThanOrEqual(0);
}

async function visitAll(page: Page, visits: Visit[], player: boolean) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const visit of visits) {
    const where = `${player ? "player" : "guest"} ${visit.path}`;
    await page.goto(visit.path);
    await hydrated(page);
    await visit.ready(page).waitFor(WAIT);
    // The route preloader covers the page while it fades out.
    await page.waitForFunction(() => !document.querySelector("[data-preloader]"), null, WAIT);
    await expectNoSidewaysScroll(page, where);
    if (visit.dialog) {
      const dialog = page.getByRole("dialog", { name: visit.dialog });
      await expectDialogFits(page, dialog, where);
      if (visit.open && visit.opened) {
        await visit.open(dialog).click();
        await visit.opened(dialog).waitFor(WAIT);
        await expectDialogFits(page, dialog, `${where} (form)`);
        await expectNoSidewaysScroll(page, `${where} (form)`);
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached", ...WAIT });
      await expectNoSidewaysScroll(page, `${where} (closed)`);
    }
    // A guest's profile page opens the sign-in modal, which hides the page from assistive
    // technology (and so from role queries): the header is checked where no dialog is open.
    if ((await page.getByRole("dialog").count()) === 0) {
      await expectHeaderFits(page, player, where);
    }
  }
  expect(errors).toEqual([]);
}

describe("small screens", () => {
  test("a guest's pages and modals fit a 320 px phone: no sideways scroll, header controls in view", async () => {
    const { page } = await site.open({
      ...PHONE,
      country: "DE",
      cookies: [{ name: "user-language", value: "en" }],
    });
    await visitAll(page, GUEST, false);
  });

  test("a signed-in player's pages and the wallet fit a 320 px phone: no sideways scroll, header controls in view", async () => {
    const { page } = await fundedPlayer(site, "50.00", { width: PHONE.width });
    await page.setViewportSize(PHONE);
    await visitAll(page, PLAYER, true);
    // The header from the smallest phone to a tablet beside the drawer rail and a laptop.
    await page.goto("/profile/wallet");
    await hydrated(page);
    await page.waitForFunction(() => !document.querySelector("[data-preloader]"), null, WAIT);
    for (const width of [320, 360, 375, 414, 480, 600, 768, 1024]) {
      await page.setViewportSize({ width, height: 700 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      await expectNoSidewaysScroll(page, `player header at ${width} px`);
      await expectHeaderFits(page, true, `player header at ${width} px`);
    }
    // Seventeen pages and dialogs, then eight widths: more than the default minute when the
    // machine is loaded (each step waits for what it checks, never for time).
  }, 150_000);
});
