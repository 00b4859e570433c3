import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test, vi } from "vitest";
import {
  ACCOUNT_ENV,
  PASSWORD,
  registerByApi,
  signInWithModal,
  uniqueEmail,
} from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";

const site = useSite(ACCOUNT_ENV);

/** The same claims with `exp` in the past (the signature no longer matters: it is refreshed first). */
function expired(token: string): string {
  const [header, payload] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<
    string,
    unknown
  >;
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.expired`;
}

/**
 * Leaves the app (about:blank) and puts an expired access token in the cookie. The signed-in
 * page must not run while the cookie is swapped: a call it makes then would refresh the token
 * itself, and the next page would find a fresh one.
 */
async function expireToken(page: Page, context: BrowserContext): Promise<string> {
  await page.goto("about:blank");
  const token = (await context.cookies()).find((c) => c.name === "token")?.value ?? "";
  const stale = expired(token);
  await context.addCookies([{ name: "token", value: stale, url: site.server.url }]);
  return stale;
}

async function signedIn(tag: string) {
  const email = uniqueEmail(tag);
  await registerByApi(site.server.url, email);
  const { page, context } = await site.open();
  await signInWithModal(page, email, PASSWORD);
  return { page, context, email };
}

describe("session handling", () => {
  test("SI-21 ST-07 after sign-in the wallet accounts and the profile load", async () => {
    const email = uniqueEmail("post");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    const accounts = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/wallet/accounts",
    );
    const profile = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/player/profile");
    await signInWithModal(page, email, PASSWORD);
    await accounts;
    await profile;
  });

  test("HC-03 ST-05 ER-22 an installed app reports pwaInstalled with the bearer token; its failure is only logged", async () => {
    const email = uniqueEmail("pwa");
    await registerByApi(site.server.url, email);
    const { page, context } = await site.open();
    await page.addInitScript(() => {
      Object.defineProperty(window.navigator, "standalone", { value: true });
    });
    // HC-03: a guest's calls carry no Authorization header.
    const guestCall = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/api/"));
    await page.goto("/");
    await hydrated(page);
    expect((await guestCall).headers().authorization).toBeUndefined();
    // ER-22: the profile update fails; the page only logs it.
    await page.route("**/api/player/profile", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: 500, message: "Internal error" } }),
          })
        : route.continue(),
    );
    const report = page.waitForRequest(
      (r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/player/profile",
    );
    const logged = page.waitForEvent("console", (message) =>
      message.text().includes("Installed-app report failed"),
    );
    await signInWithModal(page, email, PASSWORD);
    const request = await report;
    // ST-05: PUT /api/player/profile {pwaInstalled: true}.
    expect(request.postDataJSON()).toEqual({ pwaInstalled: true });
    // HC-03: signed in, calls carry the bearer access token.
    const token = (await context.cookies()).find((c) => c.name === "token")?.value;
    expect(request.headers().authorization).toBe(`Bearer ${token}`);
    expect((await logged).type()).toBe("warning");
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  test("ST-03 ST-09 a signed-in page opens the realtime connection at start-up; on a phone, showing again asks for the wallet", async () => {
    const email = uniqueEmail("mobile");
    await registerByApi(site.server.url, email);
    const { page } = await site.open({ width: 390, height: 844 });
    await page.addInitScript(() => {
      Object.defineProperty(window.navigator, "userAgent", {
        value:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      });
    });
    await signInWithModal(page, email, PASSWORD);
    // ST-03: a start-up with a session connects to the realtime endpoint.
    const socket = page.waitForEvent("websocket");
    await page.reload();
    await hydrated(page);
    expect(new URL((await socket).url()).pathname).toBe("/api/connection/websocket");
    // ST-09: the page becomes visible again: GET /api/wallet/accounts is sent again.
    await page
      .getByRole("banner")
      .getByRole("button", { name: "Log out" })
      .waitFor({ state: "attached" });
    let asked = 0;
    page.on("request", (r) => {
      if (r.method() === "GET" && new URL(r.url()).pathname === "/api/wallet/accounts") asked++;
    });
    // The listener is attached by an effect once the client knows the session, which on a loaded
    // machine can come after the page looks signed in: the page is shown again until it asks.
    const before = asked;
    await vi.waitFor(
      async () => {
        if (asked === before) {
          await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        }
        expect(asked).toBeGreaterThan(before);
      },
      { timeout: 30_000, interval: 250 },
    );
  });

  /**
   * On a loaded /profile/security page, puts an expired access token in the cookie and submits
   * the password form (a wrong current password): an API call from the page, which must refresh
   * first. (A page load would not: the server render makes a fresh token from the session cookie.)
   */
  async function callWithExpiredToken(page: Page, context: BrowserContext): Promise<string> {
    await page.goto("/profile/security");
    await hydrated(page);
    await page.getByRole("table", { name: "Active sessions" }).waitFor();
    await page.getByLabel("Current password").fill("not-my-password-1");
    await page.getByLabel("New password", { exact: true }).fill("another-pass-1");
    await page.getByLabel("Repeat new password").fill("another-pass-1");
    // The page's start-up calls (accounts, notifications, sessions) are over before the token goes
    // stale: on a loaded machine one of them could otherwise be the call that refreshes, and the
    // submit below would not be the first call to need a fresh token.
    await page.waitForLoadState("networkidle");
    const token = (await context.cookies()).find((c) => c.name === "token")?.value ?? "";
    const stale = expired(token);
    await context.addCookies([{ name: "token", value: stale, url: site.server.url }]);
    await page.getByRole("button", { name: "Change password" }).click();
    return stale;
  }

  test("SE-02 SE-03 an expired access token is refreshed with the HttpOnly session cookie before the call", async () => {
    const { page, context } = await signedIn("refresh");
    const before = (await context.cookies()).find((c) => c.name === "casino_session")?.value;
    expect(before).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const refresh = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/player/sessions/refresh",
    );
    const change = page.waitForRequest(
      (r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/player/passwords",
    );
    const stale = await callWithExpiredToken(page, context);
    const refreshRequest = await refresh;
    // ADR 0022: no bearer header; the browser sends the HttpOnly cookie.
    expect(refreshRequest.headers().authorization).toBeUndefined();
    expect((await refreshRequest.allHeaders()).cookie ?? "").toContain(`casino_session=${before}`);
    const used = (await change).headers().authorization ?? "";
    expect(used.startsWith("Bearer ")).toBe(true);
    expect(used).not.toBe(`Bearer ${stale}`);
    await page.getByText("The current password is incorrect").waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "token")?.value).not.toBe(stale);
    // The refresh rotated the session token.
    const after = cookies.find((c) => c.name === "casino_session");
    expect(after?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after?.value).not.toBe(before);
    expect(after?.httpOnly).toBe(true);
  });

  test("SE-05 a failed refresh ends the session and opens sign-in", async () => {
    const { page, context } = await signedIn("refresh-fail");
    await page.route("**/api/player/sessions/refresh", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: '{"error":{"code":401,"message":"Session closed"}}',
      }),
    );
    await callWithExpiredToken(page, context);
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    expect((await context.cookies()).some((c) => c.name === "token" && c.value)).toBe(false);
  });

  test("ADR 0022 a reload keeps the player signed in (an expired access token too); signing out ends the session cookie", async () => {
    const { page, context } = await signedIn("reload");
    const session = (await context.cookies()).find((c) => c.name === "casino_session")?.value;
    expect(await page.evaluate(() => document.cookie)).not.toContain("casino_session");
    await page.reload();
    await hydrated(page);
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    // After the access token's lifetime: the server render signs the page in from the cookie.
    const stale = await expireToken(page, context);
    await page.goto("/profile/security");
    await hydrated(page);
    await page.getByRole("table", { name: "Active sessions" }).waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "token")?.value).not.toBe(stale);

    const logout = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/player/sessions/logout",
    );
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    expect((await logout).status()).toBe(200);
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === "casino_session")).toBe(false);
    expect(cookies.some((c) => c.name === "token")).toBe(false);
    // The session is over on the server too: its token refreshes nothing.
    const refused = await fetch(`${site.server.url}/api/player/sessions/refresh`, {
      method: "POST",
      headers: { cookie: `casino_session=${session}` },
    });
    expect(refused.status).toBe(401);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
  });

  test("SE-06 ER-15 a 401 on any call removes the session and opens sign-in", async () => {
    const { page, context } = await signedIn("rejected");
    await page.route(
      (url) => url.pathname === "/api/player/sessions",
      (route) =>
        route.fulfill({
          status: 401,
          contentType: "application/json",
          body: '{"error":{"code":401,"message":"Unauthorized"}}',
        }),
    );
    await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
    await page.getByRole("link", { name: "Security" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).searchParams.get("sign-in")).toBe("true");
    expect((await context.cookies()).some((c) => c.name === "token" && c.value)).toBe(false);
  });

  test("SI-28 auto-login sends the token with the fingerprint; a bad token is reported, then home", async () => {
    const { page } = await site.open();
    const request = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/player/sessions/token",
    );
    await page.goto("/auth/autologin?token=not-a-real-token");
    const body = (await request).postDataJSON() as Record<string, string>;
    expect(body.token).toBe("not-a-real-token");
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText("This sign-in link is not valid any more.").first().waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
  });

  test("SE-09 a logged-out tab that sees a login in another tab reloads signed in", async () => {
    const email = uniqueEmail("tab-login");
    await registerByApi(site.server.url, email);
    const { page, context } = await site.open();
    const other = await context.newPage();
    await other.goto("/contact");
    await hydrated(other);
    await other.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
    await signInWithModal(page, email, PASSWORD);
    await other.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    expect(new URL(other.url()).pathname).toBe("/contact");
  });
});
