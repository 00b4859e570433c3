import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { countryHeader, repoRoot } from "./server";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export type ContextOptions = {
  /** Request country the server sees (through the trusted test header). */
  country?: string;
  width?: number;
  height?: number;
  cookies?: { name: string; value: string }[];
  /**
   * Blocked unless a test asks: once the site's service worker controls a page (it registers on
   * load and claims its clients), Chromium sends the page's requests through it and
   * `page.route` no longer sees them, so a mocked answer is silently skipped for the real one
   * (the ER-04 sign-up test registered for real under load and never saw its mocked 422).
   */
  serviceWorkers?: "allow" | "block";
  baseURL: string;
};

export async function newContext(browser: Browser, o: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: o.baseURL,
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    serviceWorkers: o.serviceWorkers ?? "block",
    extraHTTPHeaders: o.country ? { [countryHeader]: o.country } : {},
  });
  if (o.cookies?.length) {
    await context.addCookies(o.cookies.map((c) => ({ ...c, url: o.baseURL })));
  }
  return context;
}

export const screenshotDir = join(repoRoot, "screenshots");

/** Saves a full-page screenshot under screenshots/ (not committed) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
