import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { type ContextOptions, launchBrowser, newContext } from "./browser";
import { startServer, type TestServer } from "./server";

export type Site = {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) and page on this site. */
  open: (
    options?: Omit<ContextOptions, "baseURL">,
  ) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * One server process (with the given environment) and one Chromium for the test file; each test
 * opens its own contexts, so cookies and storage never leak between tests, and they are closed
 * when the test ends.
 */
export function useSite(env: Record<string, string> = {}): Site {
  const site = {} as Site;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
    site.server = server;
    site.browser = browser;
    site.open = async (options = {}) => {
      const context = await newContext(browser, { ...options, baseURL: server.url });
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    };
  });
  // A test's pages keep running after it (realtime sockets, invoice polling, version polling):
  // close them, so later tests of the file do not share the CPU with every earlier test's tabs.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map(closeContext));
  });
  afterAll(async () => {
    await Promise.all(contexts.splice(0).map(closeContext));
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

/**
 * Closes a context whose pages may still have route handlers at work (a refetch the test did not
 * wait for): they are dropped first, so closing does not fail them as unhandled rejections.
 */
async function closeContext(context: BrowserContext): Promise<void> {
  await Promise.all(
    context.pages().map((page) => page.unrouteAll({ behavior: "ignoreErrors" }).catch(() => {})),
  );
  await context.unrouteAll({ behavior: "ignoreErrors" }).catch(() => {});
  await context.close().catch(() => {});
}

/** Resolves when the page has hydrated (React Router sets window.__reactRouterRouteModules early,
 * so wait for the app's own marker on <html>). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
