import { describe, expect, test } from "vitest";
import {
  ACCOUNT_ENV,
  PASSWORD,
  readOutbox,
  registerByApi,
  signInWithModal,
  uniqueEmail,
} from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";

const site = useSite(ACCOUNT_ENV);

describe("sign-in, password recovery and logout", () => {
  test("SI-14 SI-20 SI-16 SE-01 SE-08 SE-11 sign-in sends login, password and fingerprint, stores the session and marks the login", async () => {
    const email = uniqueEmail("signin");
    await registerByApi(site.server.url, email);
    const { page, context } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    const submit = dialog.getByRole("button", { name: "Log in" });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.waitForFunction(
      () =>
        !document.querySelector<HTMLButtonElement>("[role=dialog] button[type=submit]")?.disabled,
    );
    const request = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/player/sessions",
    );
    await submit.click();
    const body = (await request).postDataJSON() as Record<string, string>;
    expect(body.login).toBe(email);
    expect(body.password).toBe(PASSWORD);
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("fingerprintVisitor"))).toBe(
      body.fingerprint,
    );
    const marker = await page.evaluate(() => localStorage.getItem("changeSession"));
    expect(
      Buffer.from(marker ?? "", "base64")
        .toString()
        .split("-")[1],
    ).toBe("login");
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === "token");
    expect(token?.value.split(".")).toHaveLength(3);
    // max-age one year: the cookie expires about 365 days from now
    const days = ((token?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    // ADR 0022: the session token is in an HttpOnly cookie the server set; no script sees it.
    const session = cookies.find((c) => c.name === "casino_session");
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(cookies.some((c) => c.name === "sessionToken")).toBe(false);
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain(session?.value ?? "-");
    expect(visible).not.toContain("casino_session");
  });

  test("SI-01 SI-02 SI-04 SI-05 SI-06 SI-08 SI-09 SI-10 the sign-in modal: tabs, fields, buttons and the promo panel", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    // SI-01, SI-02: both tabs by default, e-mail selected.
    const tabs = dialog.getByRole("tablist", { name: "Sign in with" });
    await tabs.waitFor();
    expect(await tabs.getByRole("tab").allInnerTexts()).toEqual(["E-mail", "Phone"]);
    expect(await tabs.getByRole("tab", { name: "E-mail" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    // SI-08: the e-mail field has the focus.
    const login = dialog.getByRole("textbox", { name: "E-mail" });
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("type") === "email",
      undefined,
      { timeout: 5000 },
    );
    expect(await login.evaluate((element) => element === document.activeElement)).toBe(true);
    await dialog.getByLabel("Password", { exact: true }).waitFor();
    // SI-05: log in, forgot password, one button per social connection, registration.
    const init = (await (await page.request.get("/api/player/init")).json()) as {
      settings: {
        social: { providers: string[]; identityService: { connections: string[] } | null };
      };
    };
    const socialCount =
      init.settings.social.providers.length +
      (init.settings.social.identityService?.connections.length ?? 0);
    // None enabled on this site: no social button (the social site's test checks one per connection).
    expect(await dialog.getByRole("button", { name: /^Continue with / }).count()).toBe(socialCount);
    for (const name of ["Log in", "Forgot password?", "Register"]) {
      await dialog.getByRole("button", { name, exact: true }).waitFor();
    }
    // SI-09: titles from content and both background images.
    const title = dialog.getByText("Welcome back", { exact: true });
    await title.waitFor();
    await dialog.getByText("Your games are waiting").waitFor();
    await dialog.getByText("Sign in to play, deposit and follow your bonuses.").waitFor();
    const backgrounds = await title.evaluate((element) => {
      const style = (element.parentElement as HTMLElement).style;
      return [style.getPropertyValue("--promo-desktop"), style.getPropertyValue("--promo-mobile")];
    });
    expect(backgrounds[0]).toContain("/images/promo/sign-in-desktop.svg");
    expect(backgrounds[1]).toContain("/images/promo/sign-in-mobile.svg");
    // SI-10: the configured advantages, icon and label.
    const advantages = dialog.getByRole("listitem");
    expect(await advantages.allInnerTexts()).toEqual([
      "One account for casino and sports",
      "Deposit and withdraw in fiat or crypto",
      "Limits you set and control",
    ]);
    expect(await advantages.locator("img").count()).toBe(3);
    // SI-04: the phone tab has a country-code picker, the number and the password.
    await tabs.getByRole("tab", { name: "Phone" }).click();
    await dialog.getByRole("combobox", { name: "Country code" }).waitFor();
    await dialog.getByRole("textbox", { name: "Phone" }).waitFor();
    await dialog.getByLabel("Password", { exact: true }).waitFor();
    // SI-06: forgot-password opens forgot-pass; registration opens sign-up.
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Forgot password" });
    await forgot.waitFor();
    await forgot.getByRole("button", { name: "Close" }).click();
    await forgot.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Register", exact: true }).click();
    await page.getByRole("dialog", { name: "Sign up" }).waitFor();
    await dialog.waitFor({ state: "detached" });
  });

  test("SI-15 while signing in, a spinner shows and the button is disabled", async () => {
    const email = uniqueEmail("busy");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/player/sessions", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const submit = dialog.getByRole("button", { name: "Log in" });
    await page.waitForFunction(
      () =>
        !document.querySelector<HTMLButtonElement>("[role=dialog] button[type=submit]")?.disabled,
    );
    await submit.click();
    await dialog.getByRole("status").filter({ hasText: "Signing in…" }).waitFor();
    expect(await submit.getAttribute("aria-busy")).toBe("true");
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.locator(".form-spinner").count()).toBe(1);
    release();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
  });

  test("ER-01 SI-17 a wrong password shows the invalid-credentials hint, which focusing a field clears", async () => {
    const email = uniqueEmail("wrong");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("not-the-password");
    await dialog.getByRole("button", { name: "Log in" }).click();
    const hint = dialog
      .getByRole("alert")
      .filter({ hasText: "The login or the password is wrong" });
    await hint.waitFor();
    expect((await page.context().cookies()).some((c) => c.name === "token")).toBe(false);
    await dialog.getByLabel("Password", { exact: true }).focus();
    await hint.waitFor({ state: "detached" });
  });

  test("ER-03 AL-05 AL-06 a blocked account gets the accountBlocked alert, a 300 px toast animated for 300 ms", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill("blocked@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("demo-password");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Your account is blocked. Please contact support.").waitFor();
    expect((await page.context().cookies()).some((c) => c.name === "token")).toBe(false);
    const toast = page.getByRole("alert").filter({
      hasText: "Your account is blocked. Please contact support.",
    });
    const style = await toast.evaluate((element) => {
      const box = element.closest(".toast") ?? element;
      const computed = getComputedStyle(box);
      // The layout width: the bounding box also carries the entry animation's transform.
      return { width: (box as HTMLElement).offsetWidth, duration: computed.animationDuration };
    });
    expect(style).toEqual({ width: 300, duration: "0.3s" });
  });

  test("ER-02 a 422 puts error.fields on the fields", async () => {
    const { page } = await site.open();
    await page.route("**/api/player/sessions", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: 422, message: "Invalid", fields: { password: ["Too long for us"] } },
        }),
      }),
    );
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill("someone@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("whatever");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Too long for us" }).waitFor();
  });

  test("SI-11 SI-12 SI-13 login is required and must be an e-mail; messages come from content", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    const login = dialog.getByRole("textbox", { name: "E-mail" });
    await login.fill("not-an-email");
    await dialog.getByText("Enter a valid e-mail address").waitFor();
    await login.fill("");
    await dialog.getByText("Enter your e-mail or phone number").waitFor();
    expect(await dialog.getByRole("button", { name: "Log in" }).isDisabled()).toBe(true);
  });

  test("SI-29 SI-30 forgot password sends a link; the reset page sets a new password", async () => {
    const email = uniqueEmail("reset");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Forgot password" });
    await forgot.getByRole("textbox", { name: "E-mail" }).fill(email);
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await forgot.getByRole("status").filter({ hasText: "Please check your e-mail" }).waitFor();

    const { link } = await readOutbox(page, email);
    expect(new URL(link).pathname).toMatch(/^\/password-reset\/.+/);
    await page.goto(new URL(link).pathname);
    await hydrated(page);
    const reset = page.getByRole("dialog", { name: "Reset password" });
    const next = "brand-new-pass-2";
    await reset.getByLabel("New password", { exact: true }).fill(next);
    await reset.getByLabel("Repeat new password").fill(next);
    await reset.getByRole("button", { name: "Change password" }).click();
    await reset.getByRole("status").filter({ hasText: "Your password has been changed" }).waitFor();
    await reset.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(next);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
  }, 120_000); // three password hashes (Argon2id) and two page loads

  test("SEC-01 a guest browses, opens guest-only and open-to-anyone modals, signs up, recovers a password and signs in", async () => {
    // From Ireland: sign-up's country and currency start filled in.
    const { page } = await site.open({ country: "IE" });
    // Browsing: the home page and a game category, with no sign-in asked for.
    await page.goto("/");
    await hydrated(page);
    await page.goto("/categories");
    await page.waitForURL(/\/categories\/[^/?]+/);
    await hydrated(page);
    expect(await page.getByRole("dialog").count()).toBe(0);

    // An open-to-anyone modal.
    await page.goto("/?categories=true");
    await hydrated(page);
    const categories = page.getByRole("dialog", { name: "Categories" });
    await categories.waitFor();
    await page.keyboard.press("Escape");
    await categories.waitFor({ state: "detached" });

    // Guest-only modals: sign-up registers the guest.
    const email = uniqueEmail("guest");
    await page.getByRole("banner").getByRole("button", { name: "Sign up" }).click();
    const signUp = page.getByRole("dialog", { name: "Sign up" });
    await signUp.getByRole("textbox", { name: "E-mail" }).fill(email);
    await signUp.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signUp.getByLabel("Repeat password").fill(PASSWORD);
    await signUp.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
    await signUp.getByRole("button", { name: "Sign up" }).click();
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Log out" }).waitFor();
    await banner.getByRole("button", { name: "Log out" }).click();
    await banner.getByRole("button", { name: "Sign in" }).waitFor();

    // Password recovery from sign-in, then sign-in.
    await banner.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Forgot password" });
    await forgot.getByRole("textbox", { name: "E-mail" }).fill(email);
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await forgot.getByRole("status").filter({ hasText: "Please check your e-mail" }).waitFor();
    await page.keyboard.press("Escape");
    await forgot.waitFor({ state: "detached" });
    const signIn = page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByRole("textbox", { name: "E-mail" }).fill(email);
    await signIn.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signIn.getByRole("button", { name: "Log in" }).click();
    await banner.getByRole("button", { name: "Log out" }).waitFor();
  }, 120_000);

  test("SE-07 SE-10 logging out in one tab sends the other tab home as a guest", async () => {
    const email = uniqueEmail("tabs");
    await registerByApi(site.server.url, email);
    const { page, context } = await site.open();
    await signInWithModal(page, email, PASSWORD);
    const other = await context.newPage();
    await other.goto("/contact");
    await hydrated(other);
    await other.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();

    const logout = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/player/sessions/logout",
    );
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await logout;
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
    await other.waitForURL((url) => url.pathname === "/");
    await other.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
    expect(await other.getByRole("banner").getByRole("button", { name: "Log out" }).count()).toBe(
      0,
    );
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === "token" && c.value)).toBe(false);
  });
});
