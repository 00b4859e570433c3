import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";

const site = useSite();

function query(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

describe("modals", () => {
  test("MD-02 a guest on /?sign-in=true gets the sign-in modal reopened", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.waitFor();
    expect(query(page.url()).get("sign-in")).toBe("true");
  });

  test("MD-03 MD-04 MD-06 a guest's /?wallet=deposit is removed from the URL and no wallet opens", async () => {
    const { page } = await site.open();
    await page.goto("/?wallet=deposit&keep=1");
    await hydrated(page);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("wallet"));
    expect(query(page.url()).get("keep")).toBe("1");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  test("MD-04 a wallet query value other than deposit or withdraw never opens the wallet", async () => {
    const { page } = await site.open();
    await page.goto("/?wallet=foo");
    await hydrated(page);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("wallet"));
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  test("MD-01 MD-05 opening sign-up from the header adds its query; closing removes it", async () => {
    const { page } = await site.open();
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("button", { name: "Sign up" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign up" });
    await dialog.waitFor();
    expect(query(page.url()).get("sign-up")).toBe("true");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(query(page.url()).has("sign-up")).toBe(false);
  });

  test("MD-10 SI-07 sign-in ignores a click outside but has a close button; Escape closes it", async () => {
    const { page } = await site.open();
    // The page's clock is the test's: time is moved forward, not waited for.
    await page.clock.install();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    // A dismissal would start the 250 ms close transition; move past it.
    await page.clock.runFor(400);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  test("MD-11 MD-07 an open-to-anyone modal closes on a click outside", async () => {
    const { page } = await site.open();
    await page.goto("/?categories=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Categories" });
    await dialog.waitFor();
    await page.mouse.click(3, 3);
    await dialog.waitFor({ state: "detached" });
    expect(query(page.url()).has("categories")).toBe(false);
  });

  test("MD-12 MD-13 stacked modals sit 2 z-index levels apart above 1000 and lock body scroll", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.getByRole("button", { name: "Forgot password" }).click();
    await page.getByRole("dialog", { name: "Forgot password" }).waitFor();
    const layers = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("[data-modal-layer]")].map((el) =>
        Number(getComputedStyle(el).zIndex),
      ),
    );
    expect(layers).toEqual([1000, 1002]);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Forgot password" }).waitFor({ state: "detached" });
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelectorAll("[role=dialog]").length === 0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  });

  test("MD-14 the modal transition lasts 250 ms", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    const duration = await page.evaluate(() => {
      const layer = document.querySelector<HTMLElement>("[data-modal-layer]");
      return layer ? getComputedStyle(layer).transitionDuration : null;
    });
    expect(duration?.split(",").map((d) => d.trim())).toContain("0.25s");
  });
});
