// Issue 31 items 11 and 12: what a player sees on a phone (375 px) and the small things. The
// signed-in header shows the balance itself; the sign-up search boxes and lists are wide enough
// for their text; a started game opens under the site header; the wallet names the payment
// region in the site's language even when the request's country is unknown. Providers have logos, the footer links no page twice, the
// notifications popover's "Mark all as read" is a styled button, and the Questions page has
// real topics in each locale.
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { PASSWORD, signInWithModal } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { fundedPlayerTokens, WAIT, WALLET_ENV } from "./support/wallet";

const site = useSite(WALLET_ENV);

const PHONE = { width: 375, height: 740 };

/** A guest from Germany on the English site (the language cookie wins over the country's). */
const GUEST = { country: "DE", cookies: [{ name: "user-language", value: "en" }] };

/** A funded player (50 EUR, registered in DE) signed in on a fresh page. */
async function player(options: { width?: number; height?: number; country?: string | null }) {
  const funded = await fundedPlayerTokens(site.server.url, "50");
  const { country = "DE", ...view } = options;
  const { page } = await site.open({
    ...(country ? { country } : {}),
    cookies: [{ name: "user-language", value: "en" }],
    ...view,
  });
  await signInWithModal(page, funded.email, PASSWORD);
  return page;
}

/** The element's box is inside the screen and its own text is not cut. */
async function expectShownWhole(element: Locator, where: string) {
  const box = await element.boundingBox();
  expect(box, `${where}: no box`).not.toBeNull();
  if (!box) return;
  const width = await element.evaluate(() => document.documentElement.clientWidth);
  expect(box.width, `${where}: too narrow to read`).toBeGreaterThan(20);
  expect(box.x, `${where}: starts off screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: ends off screen`).toBeLessThanOrEqual(width + 0.5);
  const cut = await element.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(cut, `${where}: its text is cut`).toBeLessThanOrEqual(0);
}

/**
 * How many pixels of a text control's text do not fit its content box: the placeholder of a
 * search box, or the chosen option of a list (less its arrow).
 */
function overflowOfText(control: Locator): Promise<number> {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return Number.POSITIVE_INFINITY;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text =
      el instanceof HTMLSelectElement
        ? (el.selectedOptions[0]?.text ?? "")
        : (el as HTMLInputElement).value || (el as HTMLInputElement).placeholder;
    const arrow = el instanceof HTMLSelectElement ? 20 : 0;
    const inner =
      el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return Math.ceil(context.measureText(text).width - inner);
  });
}

async function signUpDialog(page: Page) {
  await page.goto("/?sign-up=true");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  await dialog.getByRole("searchbox", { name: "Search countries" }).waitFor(WAIT);
  return dialog;
}

describe("issue 31 item 11: a phone (375 px)", () => {
  test("HD-01 the signed-in header shows the balance, not just a wallet icon (375 and 320 px)", async () => {
    const page = await player(PHONE);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const balance = page
        .getByRole("banner")
        .getByRole("button", { name: /^Currency/ })
        .getByText("50.00 EUR", { exact: true });
      await balance.waitFor(WAIT);
      await expectShownWhole(balance, `balance at ${width} px`);
      const scroll = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(scroll, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
  }, 120_000);

  test("SU-17 the sign-up country and currency boxes show their whole text", async () => {
    for (const prefix of ["", "/de", "/pt-br"]) {
      const { page } = await site.open({ ...GUEST, ...PHONE });
      await page.goto(`${prefix}/?sign-up=true`);
      await hydrated(page);
      const dialog = page.getByRole("dialog").first();
      const searches = dialog.getByRole("searchbox");
      await searches.first().waitFor(WAIT);
      expect(await searches.count()).toBe(2);
      for (const search of await searches.all()) {
        const name = `${prefix || "en"} ${await search.getAttribute("placeholder")}`;
        expect(await overflowOfText(search), `${name}: placeholder cut`).toBeLessThanOrEqual(0);
      }
      // The lists beside them (country, then currency) show their chosen option whole.
      const lists = dialog.locator("select:near(input[type=search])");
      for (const list of (await lists.all()).slice(0, 2)) {
        expect(await overflowOfText(list), `${prefix || "en"} list cut`).toBeLessThanOrEqual(0);
      }
    }
    const { page } = await site.open({ ...GUEST, ...PHONE });
    const dialog = await signUpDialog(page);
    await expectShownWhole(dialog.getByRole("searchbox", { name: "Search countries" }), "search");
  }, 180_000);

  test("GM-04 a started game opens under the site header, which stays usable", async () => {
    const { page } = await site.open({ ...GUEST, ...PHONE });
    await page.goto("/games/dice");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Play game" });
    await dialog.getByRole("button", { name: "Play the demo" }).click();
    const frame = page.getByTitle("Dice", { exact: true });
    await frame.waitFor(WAIT);
    const header = page.getByRole("banner").first();
    const headerBox = await header.boundingBox();
    const frameBox = await frame.boundingBox();
    expect(headerBox && frameBox).toBeTruthy();
    if (!headerBox || !frameBox) return;
    expect(frameBox.y, "the game starts under the header").toBeGreaterThanOrEqual(
      headerBox.y + headerBox.height - 1,
    );
    expect(frameBox.width).toBeGreaterThanOrEqual(340);
    // The header's own buttons are on top, not covered by the game.
    const signIn = header.getByRole("button", { name: "Sign in", exact: true });
    const covered = await signIn.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return !hit || element.contains(hit) ? "" : `${hit.tagName}.${hit.className}`;
    });
    expect(covered).toBe("");
  });

  test("WL-22 the payment region is the player's country in the site's language, even with no request country", async () => {
    const page = await player({ ...PHONE, country: null });
    for (const [prefix, label, name] of [
      ["", "Payment region:", "Germany"],
      ["/de", "Zahlungsregion:", "Deutschland"],
    ] as const) {
      await page.goto(`${prefix}/?wallet=deposit`);
      await hydrated(page);
      const dialog = page.getByRole("dialog").first();
      await dialog.getByText(label, { exact: true }).waitFor(WAIT);
      await dialog.getByText(name, { exact: true }).waitFor(WAIT);
      expect(await dialog.getByText(/Unknown region|Unbekannte Region/).count()).toBe(0);
    }
  }, 120_000);
});

describe("issue 31 item 12: logos, footer, notifications, questions", () => {
  test("GM-08 every provider tile shows its logo", async () => {
    const { page } = await site.open(GUEST);
    await page.goto("/providers");
    await hydrated(page);
    const list = page.getByRole("main").getByRole("list", { name: "Game providers" });
    for (const name of ["Originals", "Sandbox Slots", "Sandbox Live"]) {
      const link = list.getByRole("link", { name, exact: true });
      await link.waitFor(WAIT);
      const logo = link.locator("img");
      await logo.waitFor(WAIT);
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const box = await logo.boundingBox();
      expect(box?.width, `${name} logo`).toBeGreaterThanOrEqual(32);
    }
  });

  test("no two footer links lead to the same page", async () => {
    const { page } = await site.open(GUEST);
    await page.goto("/");
    await hydrated(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Responsible gambling", exact: true }).waitFor(WAIT);
    const hrefs = await footer
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
    const twice = hrefs.filter((href, i) => hrefs.indexOf(href) !== i);
    expect(twice).toEqual([]);
    await footer.getByRole("link", { name: "Responsible gambling tools" }).click();
    await page.waitForURL(/\/profile\/limits$/);
  });

  test("NT-01 the popover's Mark all as read is a styled button", async () => {
    const page = await player({ width: 1280, height: 800 });
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: /^Notifications/ }).click();
    const panel = header.getByRole("region", { name: "Notifications" });
    const button = panel.getByRole("button", { name: "Mark all as read" });
    await button.waitFor(WAIT);
    const look = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        radius: parseFloat(style.borderTopLeftRadius),
        border: style.borderTopStyle === "none" || parseFloat(style.borderTopWidth) === 0,
        height: element.getBoundingClientRect().height,
        background: style.backgroundColor,
        weight: Number(style.fontWeight),
      };
    });
    expect(look.radius, "rounded like the site's buttons").toBeGreaterThanOrEqual(12);
    expect(look.border, "no browser border").toBe(true);
    expect(look.height).toBeGreaterThanOrEqual(40);
    expect(look.weight).toBeGreaterThanOrEqual(600);
    expect(look.background).not.toBe("rgb(239, 239, 239)");
  });

  test("RT-17 the Questions page lists real topics in en, de and pt-br", async () => {
    const { page } = await site.open(GUEST);
    for (const [prefix, title] of [
      ["", "Payments"],
      ["/de", "Zahlungen"],
      ["/pt-br", "Pagamentos"],
    ] as const) {
      await page.goto(`${prefix}/questions`);
      await hydrated(page);
      const main = page.getByRole("main");
      const topics = main.getByRole("list").last().getByRole("link");
      await topics.first().waitFor(WAIT);
      expect(await topics.count(), `${prefix || "en"} topics`).toBeGreaterThanOrEqual(5);
      await main
        .getByRole("link", { name: new RegExp(`^${title}`) })
        .first()
        .click();
      await main.getByRole("heading", { level: 1, name: title }).waitFor(WAIT);
      expect(await main.getByRole("heading", { level: 2 }).count()).toBeGreaterThanOrEqual(5);
    }
  }, 120_000);
});
