import { describe, expect, test } from "vitest";
import { screenshot } from "./support/browser";
import { hydrated, useSite } from "./support/fixture";

const site = useSite();

// Pictures of the main pages at phone and desktop widths, for a person to look at
// (screenshots/, not committed). Each must render without a page error.
describe("screenshots of the main pages", () => {
  for (const width of [375, 1280]) {
    test(`main pages render at ${width} px`, async () => {
      const { page } = await site.open({ width, height: width < 768 ? 740 : 900 });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      for (const [name, path] of [
        ["home", "/"],
        ["home-de", "/de"],
        ["terms", "/static/terms"],
        ["contact", "/contact"],
        ["profile", "/profile"],
        ["not-found", "/static/no-such-page"],
        ["sign-in", "/?sign-in=true"],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        await page.waitForFunction(() => !document.querySelector("[data-preloader]"));
        await screenshot(page, `${name}-${width}`);
      }
      expect(errors).toEqual([]);
    });
  }

  test("GEO-01 GEO-02 a restrictType 1 country gets the geo-restricted layout, others the default", async () => {
    const { page } = await site.open({ country: "BE" });
    await page.goto("/");
    await hydrated(page);
    await screenshot(page, "geo-restricted-1280");
    expect(await page.getByRole("banner").getByRole("button", { name: "Sign up" }).count()).toBe(0);
    const other = await site.open({ country: "SE" });
    await other.page.goto("/");
    await hydrated(other.page);
    await other.page.getByRole("banner").getByRole("button", { name: "Sign up" }).waitFor();
  });
});
