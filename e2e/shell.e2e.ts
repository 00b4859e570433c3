import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import { repoRoot } from "./support/server";

describe("preloader and error page with default content", () => {
  const site = useSite();

  test("RT-34 RT-35 the preloader covers the page, hides after 500 ms and is removed after 1000 ms", async () => {
    const { page } = await site.open();
    await page.addInitScript(() => {
      const w = window as unknown as { __preloader: { hidden?: number; removed?: number } };
      w.__preloader = {};
      new MutationObserver(() => {
        const el = document.querySelector("[data-preloader]");
        if (el && !w.__preloader.hidden && el.getAttribute("data-state") === "hidden") {
          w.__preloader.hidden = performance.now();
        }
        if (!el && w.__preloader.hidden && !w.__preloader.removed)
          w.__preloader.removed = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
      window.addEventListener("load", () => {
        (window as unknown as { __loadAt: number }).__loadAt = performance.now();
      });
    });
    const res = await page.goto("/");
    expect(await res?.text()).toContain("data-preloader");
    await page.waitForFunction(() => !document.querySelector("[data-preloader]"), null, {
      timeout: 10_000,
    });
    const t = await page.evaluate(() => ({
      ...(window as unknown as { __preloader: { hidden: number; removed: number } }).__preloader,
      load: (window as unknown as { __loadAt: number }).__loadAt,
    }));
    expect(t.hidden - t.load).toBeGreaterThanOrEqual(450);
    expect(t.removed - t.load).toBeGreaterThanOrEqual(950);
    expect(t.removed - t.hidden).toBeGreaterThanOrEqual(400);
  });

  test("ST-01 ST-10 start-up loads providers, collections and registration fields; the build version is polled", async () => {
    const { page } = await site.open();
    const seen: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      seen.push(url.pathname + url.search);
    });
    const isVersion = (r: { url(): string }) => new URL(r.url()).pathname === "/version.json";
    const firstPoll = page.waitForResponse(isVersion);
    await page.goto("/");
    await hydrated(page);
    await firstPoll;
    // Other tests' pages live in the same browser: make this one the visible tab, as a person
    // switching back to it would.
    await page.bringToFront();
    await page.waitForFunction(() => document.visibilityState === "visible");
    const before = seen.filter((p) => p.startsWith("/version.json")).length;
    // The poll also runs when the page becomes visible again (tab switch).
    const polled = page.waitForRequest(isVersion);
    await page.evaluate(() =>
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true })),
    );
    await polled;
    expect(seen.filter((p) => p.startsWith("/version.json")).length).toBeGreaterThan(before);
    expect(seen).toContain("/api/game/providers");
    expect(seen).toContain("/api/game/collections");
    expect(seen).toContain("/api/player/fields/validations?scenario=registration");
    const version = (await (await fetch(`${site.server.url}/version.json`)).json()) as {
      version: string;
    };
    expect(version.version).toBeTruthy();
  });

  test("BE-45 the build manifest and the current build's code chunks are served; a chunk of another build is not", async () => {
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, "apps/web/build/client/version.json"), "utf8"),
    ) as { version: string };
    const served = await fetch(`${site.server.url}/version.json?t=1`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("no-cache");
    expect(await served.json()).toEqual(manifest);

    const { page } = await site.open();
    await page.goto("/");
    await hydrated(page);
    const chunks = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLScriptElement>("script[src]"),
        ...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]"),
      ].map(
        (element) =>
          new URL(element instanceof HTMLScriptElement ? element.src : element.href).pathname,
      ),
    );
    const scripts = chunks.filter((chunk) => chunk.startsWith("/assets/"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const chunk of new Set(scripts)) {
      const response = await fetch(`${site.server.url}${chunk}`);
      expect([chunk, response.status]).toEqual([chunk, 200]);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      expect(response.headers.get("cache-control")).toContain("immutable");
    }
    // A chunk the current build does not have (an older deployment's) is a plain 404, not a
    // page: the dynamic import fails at once and the app reloads (ER-24).
    const stale = await fetch(`${site.server.url}/assets/chunk-of-another-build-0000.js`);
    expect(stale.status).toBe(404);
    expect(stale.headers.get("content-type") ?? "").not.toMatch(/html/);
  });

  test("assets are sent as they were compressed at build time (brotli 11, gzip 9), or as they are", async () => {
    const assets = join(repoRoot, "apps/web/build/client/assets");
    const entry = readdirSync(assets).find((name) => /^entry\.client-.*\.js$/.test(name));
    expect(entry).toBeDefined();
    const file = join(assets, entry!);
    /** The bytes on the wire, not decoded, with the response's content-encoding. */
    const raw = (acceptEncoding: string | null) =>
      new Promise<{ encoding: string | undefined; type: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          const url = new URL(`/assets/${entry}`, site.server.url);
          const call = request(
            url,
            { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () =>
                resolve({
                  encoding: response.headers["content-encoding"],
                  type: response.headers["content-type"],
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          call.on("error", reject);
          call.end();
        },
      );
    const br = await raw("gzip, deflate, br");
    expect([br.encoding, br.type]).toEqual(["br", expect.stringMatching(/javascript/)]);
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    const gzip = await raw("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    const plain = await raw(null);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(readFileSync(file))).toBe(true);
  });

  test("RT-36 RT-37 the preloader stays on auto-login with state and on the social callback", async () => {
    const { page } = await site.open();
    // The page's clock is the test's: time is moved forward, not waited for.
    await page.clock.install();
    for (const path of [
      "/auth/autologin?state=abc",
      "/auth/social/google/callback?code=x&state=y",
    ]) {
      await page.goto(path);
      await hydrated(page);
      // The default dismissal completes within 1000 ms of load; move well past that.
      await page.clock.runFor(1500);
      expect([path, await page.locator("[data-preloader]").count()]).toEqual([path, 1]);
    }
  });

  test("RT-38 RT-39 RT-40 RT-41 RT-43 a failing page shows the error page with fallback texts", async () => {
    const { page } = await site.open();
    // Force the content service to fail for this page: the loader throws and the error page shows.
    await page.route("**/api/content/**/pages/static/terms", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":500,"message":"boom"}}',
      }),
    );
    await page.goto("/de");
    await hydrated(page);
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: /Geschäftsbedingungen|Terms/ })
      .click();
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await page
      .getByText(
        "The page you are trying to access does not exist or has been moved. Try going back to our homepage.",
      )
      .waitFor();
    expect(await page.getByRole("img", { name: /error/i }).count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Homepage" }).click();
    await page.waitForURL((url) => url.pathname === "/de");
  });
});

describe("error page texts overridden by content", () => {
  const contentDir = mkdtempSync(join(tmpdir(), "casino-content-"));
  cpSync(join(repoRoot, "content"), contentDir, { recursive: true });
  const file = join(contentDir, "en", "global-components.json");
  const globals = JSON.parse(readFileSync(file, "utf8"));
  globals.error = {
    title: "Oops, table closed",
    description: "Try the lobby.",
    buttonLabel: "Back to lobby",
  };
  writeFileSync(file, JSON.stringify(globals));
  const site = useSite({ CONTENT_DIR: contentDir });

  test("RT-42 error.title, error.description and error.buttonLabel override the error page", async () => {
    const { page } = await site.open();
    await page.goto("/static/no-such-page");
    await page.getByRole("heading", { name: "Oops, table closed" }).waitFor();
    await page.getByText("Try the lobby.").waitFor();
    await page.getByRole("link", { name: "Back to lobby" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});
