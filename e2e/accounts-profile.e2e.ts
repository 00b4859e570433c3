import { describe, expect, test } from "vitest";
import {
  ACCOUNT_ENV,
  loginByApi,
  PASSWORD,
  readOutbox,
  registerByApi,
  signInWithModal,
  uniqueEmail,
} from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";

const site = useSite(ACCOUNT_ENV);

describe("profile pages", () => {
  test("PR-05 PR-04 security lists sessions, closes another one, and changes the password closing the others", async () => {
    const email = uniqueEmail("security");
    await registerByApi(site.server.url, email); // one session on "another device"
    expect((await loginByApi(site.server.url, email, PASSWORD)).ok).toBe(true); // and another
    const { page } = await site.open();
    await signInWithModal(page, email, PASSWORD);
    await page.goto("/profile/security");
    await hydrated(page);

    const table = page.getByRole("table", { name: "Active sessions" });
    const closeButtons = table.getByRole("button", { name: /^Close the session on/ });
    await table.getByRole("cell", { name: "This device" }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 3);
    expect(await closeButtons.count()).toBe(2);
    const closing = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/player\/sessions\/[^/]+\/close$/.test(r.url()),
    );
    await closeButtons.first().click();
    await closing;
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 2);

    const next = "changed-pass-3";
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("Repeat new password").fill(next);
    const change = page.waitForRequest(
      (r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/player/passwords",
    );
    await page.getByRole("button", { name: "Change password" }).click();
    expect((await change).postDataJSON()).toEqual({
      currentPassword: PASSWORD,
      newPassword: next,
      repeatNewPassword: next,
    });
    await page
      .getByRole("status")
      .filter({ hasText: /Your password has been changed/ })
      .waitFor();
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    expect((await loginByApi(site.server.url, email, PASSWORD)).status).toBe(401);
    expect((await loginByApi(site.server.url, email, next)).ok).toBe(true);
  });

  test("PR-01 PR-02 PR-03 the info form is built from the profile fields and saved with PUT /api/player/profile", async () => {
    const email = uniqueEmail("info");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    await signInWithModal(page, email, PASSWORD);
    await page.goto("/profile/info");
    await hydrated(page);
    const firstName = page.getByRole("textbox", { name: "First name" });
    await firstName.waitFor();
    const zones = page.getByRole("combobox", { name: "Time zone" });
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLSelectElement>("select[name=timeZone]")?.options.length ?? 0) >
        1,
    );
    expect(await zones.count()).toBe(1);
    await firstName.fill("Ann");
    const save = page.waitForRequest(
      (r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/player/profile",
    );
    await page.getByRole("button", { name: "Save" }).click();
    expect(((await save).postDataJSON() as Record<string, unknown>).firstName).toBe("Ann");
    await page.getByRole("status").filter({ hasText: "Your details have been saved." }).waitFor();
    await page.getByText(`Your e-mail address ${email} is not confirmed yet.`).waitFor();
  });

  test("VR-10 the date of birth is a date field, and only a valid date is taken", async () => {
    const email = uniqueEmail("birthdate");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    await signInWithModal(page, email, PASSWORD);
    await page.goto("/profile/info");
    await hydrated(page);
    const birthdate = page.locator("input[name=birthdate]");
    await birthdate.waitFor();
    // The browser's date control gives the form a real calendar date or nothing.
    expect(await birthdate.getAttribute("type")).toBe("date");
    await birthdate.fill("2000-02-29");
    const save = page.waitForRequest(
      (r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/player/profile",
    );
    await page.getByRole("button", { name: "Save" }).click();
    const request = await save;
    expect((request.postDataJSON() as Record<string, unknown>).birthdate).toBe("2000-02-29");
    await page.getByRole("status").filter({ hasText: "Your details have been saved." }).waitFor();

    // The same form body with a date that does not exist is refused on the field.
    const body = {
      ...(request.postDataJSON() as Record<string, unknown>),
      birthdate: "2023-02-29",
    };
    const refused = await fetch(`${site.server.url}/api/player/profile`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        authorization: request.headers().authorization ?? "",
      },
      body: JSON.stringify(body),
    });
    expect(refused.status).toBe(422);
    expect(
      ((await refused.json()) as { error: { fields: Record<string, string[]> } }).error.fields,
    ).toEqual({ birthdate: ["The value is not a valid date"] });
  });

  test("VR-19 a receiveBonus profile field is a checkbox", async () => {
    const email = uniqueEmail("receive-bonus");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    // The seeded profile fields do not offer it: the server's list gets it added here.
    await page.route(
      (url) =>
        url.pathname === "/api/player/fields/validations" &&
        url.searchParams.get("scenario") === "profile",
      async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: Record<string, unknown>[] };
        const promo = body.data.find((field) => field.name === "receiveEmailPromo");
        body.data.push({ ...promo, name: "receiveBonus", value: "1", description: null });
        await route.fulfill({ response: answer, json: body });
      },
    );
    await signInWithModal(page, email, PASSWORD);
    await page.goto("/profile/info");
    await hydrated(page);
    const box = page.getByRole("checkbox", { name: "I want to receive bonuses" });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
  });

  test("PR-06 ER-17 the verify link confirms the e-mail after a resend; profile-confirmed opens", async () => {
    const email = uniqueEmail("confirm");
    await registerByApi(site.server.url, email);
    const { page, context } = await site.open();
    await signInWithModal(page, email, PASSWORD);
    await page.goto("/profile/info");
    await hydrated(page);
    const resend = page.waitForRequest(
      (r) =>
        r.method() === "POST" &&
        new URL(r.url()).pathname === "/api/player/profile/confirmations/email/resend",
    );
    await page.getByRole("button", { name: "Resend" }).click();
    await resend;
    await page
      .getByText("We sent you a new confirmation e-mail. Please check your inbox.")
      .waitFor();

    const outbox = await context.newPage();
    const { link } = await readOutbox(outbox, email);
    expect(new URL(link).pathname).toMatch(/^\/verify\/.+/);
    await page.goto(new URL(link).pathname);
    await hydrated(page);
    await page.getByRole("dialog", { name: "E-mail confirmed" }).waitFor();
    await page.goto("/profile/info");
    await page.getByText(`Your e-mail address ${email} is confirmed.`).waitFor();
  }, 120_000);

  test("ER-16 a failed resend of the confirmation e-mail raises the somethingWrong alert", async () => {
    const email = uniqueEmail("resend-fails");
    await registerByApi(site.server.url, email);
    const { page } = await site.open();
    await signInWithModal(page, email, PASSWORD);
    await page.route("**/api/player/profile/confirmations/email/resend", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: 503, message: "Mail service unavailable" } }),
      }),
    );
    await page.goto("/profile/info");
    await hydrated(page);
    const resend = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/player/profile/confirmations/email/resend",
    );
    await page.getByRole("button", { name: "Resend" }).click();
    expect((await resend).status()).toBe(503);
    await page.getByText("Something went wrong").first().waitFor();
    await page.getByText("Please try again in a moment.").first().waitFor();
    expect(
      await page
        .getByText("We sent you a new confirmation e-mail. Please check your inbox.")
        .count(),
    ).toBe(0);
  });

  test("SEC-02 a guest on a profile page gets sign-in", async () => {
    const { page } = await site.open();
    await page.goto("/profile/security");
    await hydrated(page);
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
  });
});
