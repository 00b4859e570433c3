import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";

const site = useSite();

const bodyLocked = (page: import("playwright-core").Page) =>
  page.evaluate(() => getComputedStyle(document.body).overflow === "hidden");

describe("header and drawer", () => {
  test("HD-01 HD-03 on mobile the drawer opens and closes and locks body scroll while open", async () => {
    const { page } = await site.open({ width: 375, height: 740 });
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await menu.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector("button[aria-controls='site-drawer']")
          ?.getAttribute("aria-expanded") === "true",
    );
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" })
      .waitFor();
    expect(await bodyLocked(page)).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).click();
    await page.waitForFunction(() => getComputedStyle(document.body).overflow !== "hidden");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
  });

  test("HD-02 the compact drawer flag is kept in localStorage and restored on reload", async () => {
    const { page } = await site.open({ width: 1280 });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Collapse menu" }).click();
    await page.getByRole("button", { name: "Expand menu" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("drawerCompact"))).toBe("true");
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Expand menu" }).waitFor();
    await page.getByRole("button", { name: "Expand menu" }).click();
    await page.getByRole("button", { name: "Collapse menu" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("drawerCompact"))).toBe("false");
  });

  test("HD-01 guest user nav offers sign in and sign up; the language switcher lists every locale", async () => {
    const { page } = await site.open({ width: 1280 });
    await page.goto("/");
    await hydrated(page);
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    await page.keyboard.press("Escape");
    const language = page.locator("#site-drawer").getByRole("button", { name: /^Language:/ });
    await language.click();
    expect(await language.getAttribute("aria-expanded")).toBe("true");
    await page
      .locator("#site-drawer")
      .getByRole("link", { name: /Deutsch/ })
      .click();
    await page.waitForURL((url) => url.pathname === "/de");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "user-language")?.value).toBe("de");
  });

  test("ST-08 --vh and --vh-static are 1% of the window height and follow resizes", async () => {
    const { page } = await site.open({ width: 400, height: 800 });
    await page.goto("/");
    await hydrated(page);
    const read = () =>
      page.evaluate(() => ({
        vh: getComputedStyle(document.documentElement).getPropertyValue("--vh").trim(),
        vhStatic: getComputedStyle(document.documentElement).getPropertyValue("--vh-static").trim(),
      }));
    expect(await read()).toEqual({ vh: "8px", vhStatic: "8px" });
    await page.setViewportSize({ width: 400, height: 600 });
    await page.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue("--vh").trim() === "6px",
    );
  });
});
