// Social login end to end: the sign-in modal's identity-service button, the sandbox OpenID
// provider's own sign-in page, the callback route, and back to where the player started.
import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, uniqueEmail } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";

const site = useSite({ ...ACCOUNT_ENV, SANDBOX_OIDC: "true" });

describe("social login with the sandbox identity service", () => {
  test("SI-23 SI-24 SI-25 SI-27 BE-17 signs in through the provider and returns to the page it started from", async () => {
    const { page } = await site.open();
    await page.goto("/providers?sign-in=true&stag=promo-1");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("button", { name: "Continue with Sandbox" }).click();

    await page.getByRole("heading", { name: "Sandbox identity provider" }).waitFor();
    await page.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("social"));
    await page.getByRole("button", { name: "Approve" }).click();

    await page.waitForURL((url) => url.pathname === "/providers");
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/providers");
    expect(url.searchParams.has("sign-in")).toBe(false);
    expect(url.searchParams.has("stag")).toBe(false);
  });

  test("SI-18 an unverified provider e-mail reopens sign-in with the e-mail verification text", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    await page
      .getByRole("dialog", { name: "Sign in" })
      .getByRole("button", { name: "Continue with Sandbox" })
      .click();
    await page.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("unverified"));
    await page.getByRole("checkbox", { name: "E-mail verified" }).uncheck();
    await page.getByRole("button", { name: "Approve" }).click();

    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByText("Please confirm your e-mail address first.").waitFor();
    expect(await page.getByRole("banner").getByRole("button", { name: "Log out" }).count()).toBe(0);
  });

  test("BE-17 denying at the provider signs nobody in", async () => {
    const { page } = await site.open();
    await page.goto("/?sign-in=true");
    await hydrated(page);
    await page
      .getByRole("dialog", { name: "Sign in" })
      .getByRole("button", { name: "Continue with Sandbox" })
      .click();
    await page.getByRole("button", { name: "Deny" }).click();
    await page
      .getByRole("main")
      .getByText(/refused the login/)
      .waitFor();
    await page.getByRole("main").getByRole("link", { name: "Homepage" }).waitFor();
    expect(await page.getByRole("banner").getByRole("button", { name: "Log out" }).count()).toBe(0);
  });
});
