import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, uniqueEmail } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";

// The sandbox OpenID provider plays the identity service (connection "sandbox"); the
// messaging-app login is configured with a bot and an auth URL.
const site = useSite({
  ...ACCOUNT_ENV,
  SANDBOX_OIDC: "true",
  SOCIAL_MESSAGING_BOT: "casino_test_bot",
  SOCIAL_MESSAGING_AUTH_URL: "/auth/social/telegram/callback",
});

async function startSandboxLogin(path: string) {
  const { page, context } = await site.open();
  await page.goto(path);
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  const redirect = page.waitForRequest((r) =>
    new URL(r.url()).pathname.startsWith("/api/player/sessions/social/sandbox/redirect"),
  );
  await dialog.getByRole("button", { name: "Continue with Sandbox" }).click();
  const url = new URL((await redirect).url());
  return { page, context, url };
}

describe("social login", () => {
  test("RT-05 SI-22 SI-24 SI-25 SI-27 AF-05 the sandbox identity service signs in and returns to the page", async () => {
    const { page, url } = await startSandboxLogin("/contact?x=1&sign-in=true&stag=aff1");
    expect(url.searchParams.get("connection")).toBe("sandbox");
    expect(JSON.parse(url.searchParams.get("state") ?? "")).toEqual({ backRoute: "/contact?x=1" });
    await page.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("social"));
    const social = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/player/sessions/social",
    );
    await page.getByRole("button", { name: "Approve" }).click();
    const request = await social;
    // RT-05: the provider returns the browser to /auth/social/{connection}/callback, which finishes the login.
    expect(new URL(request.frame().url()).pathname).toBe("/auth/social/sandbox/callback");
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body.provider).toBe("sandbox");
    expect(body.locale).toBe("en");
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(body.affiliateTag).toBe("aff1");
    expect(new URL(request.url()).searchParams.get("code")).toBeTruthy();
    // SU-23 (issue 31 item 7): a new social player confirms 18+ and terms and picks a country
    // and currency once, before the account exists.
    await page.waitForURL((u) => u.pathname === "/auth/social/complete");
    const form = page.getByRole("main");
    await form.getByRole("heading", { name: "Finish signing up" }).waitFor();
    const create = form.getByRole("button", { name: "Create account" });
    await form.getByRole("combobox", { name: "Country" }).selectOption("AT");
    // Picking a country preselects its currency.
    await expect
      .poll(() => form.getByRole("combobox", { name: "Currency" }).inputValue())
      .toBe("EUR");
    const registers: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/player/sessions/social/register")
        registers.push(r.url());
    });
    await create.click();
    const consent = form.getByRole("checkbox", { name: /at least 18 years old/ });
    expect(await consent.getAttribute("aria-invalid")).toBe("true");
    await form.getByText("Value is required").waitFor();
    expect(registers).toEqual([]);
    expect(await page.getByRole("banner").getByRole("button", { name: "Log out" }).count()).toBe(0);
    expect(await form.getByRole("checkbox", { name: "Send me offers by e-mail" }).isChecked()).toBe(
      false,
    );
    await consent.check();
    const register = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/player/sessions/social/register",
    );
    await create.click();
    expect((await register).postDataJSON()).toMatchObject({
      country: "AT",
      currency: "EUR",
      agreements: "1",
      receiveEmailPromo: "",
    });
    await page.waitForURL((u) => u.pathname === "/contact" && u.searchParams.get("x") === "1");
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
  });

  test("SU-23 SI-27 an existing social player signs in again without the sign-up form", async () => {
    const email = uniqueEmail("social-again");
    for (const round of [1, 2]) {
      const { page } = await startSandboxLogin("/contact?sign-in=true");
      await page.getByRole("textbox", { name: "E-mail" }).fill(email);
      await page.getByRole("button", { name: "Approve" }).click();
      if (round === 1) {
        await page.waitForURL((u) => u.pathname === "/auth/social/complete");
        const form = page.getByRole("main");
        await form.getByRole("combobox", { name: "Country" }).selectOption("DE");
        await form.getByRole("checkbox", { name: /at least 18 years old/ }).check();
        await form.getByRole("button", { name: "Create account" }).click();
      }
      await page.waitForURL((u) => u.pathname === "/contact");
      await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
      await page.close();
    }
  });

  test("SI-18 SI-19 an unverified social e-mail opens sign-in with the e-mail verification text", async () => {
    const { page } = await startSandboxLogin("/?sign-in=true");
    await page.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("unverified"));
    await page.getByRole("checkbox", { name: "E-mail verified" }).uncheck();
    await page.getByRole("button", { name: "Approve" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByText("Please confirm your e-mail address first").waitFor();
    // Leaving the form resets the flag: sign-in opened again shows no such text.
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await dialog.getByRole("button", { name: "Log in" }).waitFor();
    expect(await dialog.getByText("Please confirm your e-mail address first").count()).toBe(0);
  });

  test("BE-17 denying at the provider signs nobody in and says why", async () => {
    const { page } = await startSandboxLogin("/?sign-in=true");
    await page.getByRole("button", { name: "Deny" }).click();
    await page
      .getByRole("main")
      .getByText(/refused the login/)
      .waitFor();
    await page.getByRole("main").getByRole("link", { name: "Homepage" }).waitFor();
    expect(await page.getByRole("banner").getByRole("button", { name: "Log out" }).count()).toBe(0);
  });

  test("SI-05 sign-in shows one social-login button per enabled connection", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const init = (await (await page.request.get("/api/player/init")).json()) as {
      settings: {
        social: { providers: string[]; identityService: { connections: string[] } | null };
      };
    };
    const { providers, identityService } = init.settings.social;
    const expected = providers.length + (identityService?.connections.length ?? 0);
    expect(expected).toBeGreaterThan(0);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("button", { name: "Continue with Sandbox" }).waitFor();
    expect(await dialog.getByRole("button", { name: /^Continue with / }).count()).toBe(expected);
  });

  test("SI-26 the messaging-app login loads its widget script from the third party", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    const widget = page.getByRole("group", { name: "Log in with Telegram" });
    await widget.waitFor({ state: "attached" });
    const src = await widget.evaluate(
      (element) => element.querySelector("script")?.getAttribute("src") ?? "",
    );
    expect(src.startsWith("https://telegram.org/js/telegram-widget.js")).toBe(true);
  });
});
