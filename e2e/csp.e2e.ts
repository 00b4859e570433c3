// Issue 24: the player site's Content-Security-Policy has no 'unsafe-inline' in script-src; the
// pages' inline scripts carry the render's nonce, and the site still works: no violation is
// reported on the home page, a game page (the demo in its frame) or a signed-in page.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  ACCOUNT_ENV,
  PASSWORD,
  registerByApi,
  signInWithModal,
  uniqueEmail,
} from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV } from "./support/games";
import { WAIT } from "./support/wallet";

const site = useSite({ ...ACCOUNT_ENV, ...GAME_ENV });

const EN = [{ name: "user-language", value: "en" }];

/** Collects CSP violations of every document the page loads: events and console reports. */
async function watchViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => {
    seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return () => [...seen];
}

function scriptSrc(policy: string | undefined): string {
  return (
    (policy ?? "")
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith("script-src ")) ?? ""
  );
}

describe("Content-Security-Policy", () => {
  test("the home page's policy has a nonce and no 'unsafe-inline' script; the page hydrates with no violation", async () => {
    const { page } = await site.open({ country: "DE", cookies: EN });
    const violations = await watchViolations(page);
    const response = await page.goto("/");
    const policy = scriptSrc((await response?.allHeaders())?.["content-security-policy"]);
    expect(policy).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain("unsafe-inline");
    await hydrated(page);
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor(WAIT);
    // The inline scripts of the page carry the nonce (the browser hides its value from the DOM).
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((script) => !/json/.test(script.getAttribute("type") ?? ""))
        .map((script) => (script as HTMLScriptElement).nonce !== ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every(Boolean)).toBe(true);
    expect(violations()).toEqual([]);
  });

  test("a game page plays its demo in the frame, and a signed-in page works, with no violation", async () => {
    const email = uniqueEmail("csp");
    await registerByApi(site.server.url, email);
    const { page } = await site.open({ country: "DE", cookies: EN });
    const violations = await watchViolations(page);
    const response = await page.goto("/games/dice");
    expect(scriptSrc((await response?.allHeaders())?.["content-security-policy"])).not.toContain(
      "unsafe-inline",
    );
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Dice" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Play for real money" }).click();
    const dialog = page.getByRole("dialog", { name: "Demo game" });
    await dialog.getByRole("button", { name: "Play the demo" }).click();
    await page.getByTitle("Dice", { exact: true }).waitFor(WAIT);

    await signInWithModal(page, email, PASSWORD);
    await page.goto("/profile/security");
    await hydrated(page);
    await page.getByRole("table", { name: "Active sessions" }).waitFor(WAIT);
    expect(violations()).toEqual([]);
  });
});
