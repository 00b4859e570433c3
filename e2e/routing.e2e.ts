import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";

const site = useSite();

async function status(path: string, country?: string): Promise<number> {
  const res = await fetch(new URL(path, site.server.url), {
    redirect: "manual",
    headers: country ? { "x-test-country": country } : {},
  });
  return res.status;
}

describe("routes", () => {
  test("RT-01 RT-02 / and /main render the home page", async () => {
    const { page } = await site.open();
    for (const path of ["/", "/main"]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await page.getByRole("main").waitFor();
      expect(await page.title()).not.toBe("");
    }
  });

  test("RT-04 RT-07 RT-10 RT-11 RT-12 RT-13 RT-14 RT-15 RT-16 RT-17 RT-19 RT-20 RT-21 RT-22 every page of spec §2 resolves", async () => {
    const collections = (await (await fetch(`${site.server.url}/api/game/collections`)).json()) as {
      data: { slug: string }[];
    };
    const paths = [
      ...collections.data.map((c) => `/categories/${c.slug}`),
      "/tournaments/weekly-race",
      "/contact",
      "/favorites",
      "/games/1",
      "/loyalty",
      "/profile",
      ...[
        "bonuses",
        "documents",
        "history",
        "info",
        "limits",
        "notifications",
        "security",
        "verification",
        "wallet",
      ].map((c) => `/profile/${c}`),
      "/providers",
      "/questions",
      "/recently-played",
      "/static/terms",
      "/bonus/welcome",
      "/tournaments",
      "/welcome-package",
      "/about-us",
      "/auth/autologin",
    ];
    for (const path of paths) expect([path, await status(path)]).toEqual([path, 200]);
  });

  test("RT-23 RT-24 every route resolves under a non-default locale prefix", async () => {
    for (const path of [
      "/pt-br",
      "/de",
      "/pt-br/contact",
      "/de/static/terms",
      "/pt-br/profile/limits",
    ]) {
      expect([path, await status(path)]).toEqual([path, 200]);
    }
  });

  test("BE-01 pages and their assets are served compressed", async () => {
    const page = await fetch(site.server.url, { headers: { "accept-encoding": "br, gzip" } });
    expect(page.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    const html = await page.text();
    const script = /<link rel="modulepreload" href="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(new URL(script ?? "", site.server.url), {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(asset.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  test("RT-24 the default locale has no prefix: /en/... redirects to the unprefixed path", async () => {
    const res = await fetch(new URL("/en/contact?a=1", site.server.url), { redirect: "manual" });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(new URL(res.headers.get("location") ?? "", site.server.url).pathname).toBe("/contact");
  });

  test("ER-23 page validation failures give 404 Page Not Found", async () => {
    for (const path of [
      "/xx/contact",
      "/static/no-such-page",
      "/categories/no-such-category",
      "/a/b/c/d",
    ]) {
      expect([path, await status(path)]).toEqual([path, 404]);
    }
    const { page } = await site.open();
    await page.goto("/static/no-such-page");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  });

  test("RT-26 verify, password-reset and questions resolve with and without a locale prefix", async () => {
    for (const path of [
      "/verify/abc123",
      "/password-reset/abc123",
      "/questions",
      "/de/verify/abc123",
      "/pt-br/password-reset/abc123",
      "/pt-br/questions",
      "/questions/general",
    ]) {
      expect([path, await status(path)]).toEqual([path, 200]);
    }
  });

  test("RT-08 RT-09 /categories redirects to the first collection, keeping prefix and query", async () => {
    const collections = (await (await fetch(`${site.server.url}/api/game/collections`)).json()) as {
      data: { slug: string }[];
    };
    const first = collections.data[0]?.slug;
    expect(first).toBeTruthy();
    const { page } = await site.open();
    await page.goto("/categories?sort=new");
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe(`/categories/${first}`);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("new");
    await page.goto("/de/categories?sort=new");
    expect(new URL(page.url()).pathname).toBe(`/de/categories/${first}`);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("new");
  });

  test("RT-25 RT-33 pages carry title, description, image and an alternate link per locale", async () => {
    const { page } = await site.open();
    for (const path of ["/", "/static/terms", "/de/contact"]) {
      await page.goto(path);
      const head = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
        image: document.querySelector('meta[property="og:image"]')?.getAttribute("content"),
        alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
          l.getAttribute("hreflang"),
          new URL(l.getAttribute("href") ?? "", location.href).pathname,
        ]),
      }));
      expect(head.title).toBeTruthy();
      expect(head.description).toBeTruthy();
      expect(head.image).toBeTruthy();
      const byLang = Object.fromEntries(head.alternates);
      const bare = path.replace(/^\/de/, "") || "/";
      expect(byLang.en).toBe(bare);
      expect(byLang.de).toBe(bare === "/" ? "/de" : `/de${bare}`);
      expect(byLang["pt-br"]).toBe(bare === "/" ? "/pt-br" : `/pt-br${bare}`);
    }
  });

  test("RT-03 RT-20 content pages render their Markdown, localised with fallback", async () => {
    const { page } = await site.open();
    await page.goto("/static/terms");
    const enTitle = await page.getByRole("heading", { level: 1 }).textContent();
    expect(enTitle?.length).toBeGreaterThan(2);
    await page.goto("/about-us");
    await page.getByRole("heading", { level: 1 }).waitFor();
  });

  test("LC-01 LC-02 LC-03 locale choice: cookie, then request country, then default", async () => {
    const lang = async (opts: Parameters<typeof site.open>[0]) => {
      const { page, context } = await site.open(opts);
      await page.goto("/contact");
      const result = {
        lang: await page.evaluate(() => document.documentElement.lang),
        path: new URL(page.url()).pathname,
      };
      await context.close();
      return result;
    };
    expect((await lang({ cookies: [{ name: "user-language", value: "de" }] })).lang).toBe("de");
    expect(
      (await lang({ cookies: [{ name: "user-language", value: "zz" }], country: "BR" })).lang,
    ).toBe("en");
    expect((await lang({ country: "BR" })).lang).toBe("pt-br");
    expect((await lang({ country: "SE" })).lang).toBe("en");
    expect((await lang({})).lang).toBe("en");
  });

  test("RT-31 RT-32 navigation scrolls to the top; a hash scrolls to its element", async () => {
    const { page } = await site.open({ width: 800, height: 400 });
    await page.goto("/static/terms");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await page.waitForURL(/\/static\/privacy$/);
    await page.waitForFunction(() => window.scrollY === 0);
    const target = await page.evaluate(() => document.querySelector("[id]:not(#root)")?.id);
    expect(target).toBeTruthy();
    await page.goto(`/static/terms#${target}`);
    await hydrated(page);
    await page.waitForFunction((id) => {
      const el = document.getElementById(id);
      return el ? Math.abs(el.getBoundingClientRect().top) < 80 : false;
    }, target as string);
  });

  test("LC-10 internal links keep the current locale prefix", async () => {
    const { page } = await site.open();
    await page.goto("/de/contact");
    await hydrated(page);
    const hrefs = await page.evaluate(() =>
      [...document.querySelectorAll("a[href^='/']:not([hreflang])")].map(
        (a) => a.getAttribute("href") ?? "",
      ),
    );
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs.filter(
      (h) => !h.startsWith("/api") && !/^\/(en|pt-br)(\/|$)/.test(h),
    )) {
      expect(href.startsWith("/de")).toBe(true);
    }
  });
});
