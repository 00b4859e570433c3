// Helpers of the account browser tests: players made through the API, codes and links read from
// the dev outbox page (/dev/outbox, a server-rendered table; DEV_OUTBOX=true).
import type { Page } from "playwright-core";

/** Test servers with the dev outbox on and abuse limits scaled up (many sign-ins from one IP). */
export const ACCOUNT_ENV = { DEV_OUTBOX: "true", RATE_LIMIT_SCALE: "100" };

export const PASSWORD = "secret-pass-1";

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

type Tokens = { accessToken: string; sessionToken: string; profileId: string };

async function post(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-country": "DE" },
    body: JSON.stringify(body),
  });
}

/** Registers a player by e-mail through the API (a session of its own). */
export async function registerByApi(url: string, email: string, password = PASSWORD) {
  const response = await post(url, "/api/player/register", {
    email,
    password,
    password_confirmation: password,
    country: "DE",
    currency: "EUR",
    agreements: "1",
    locale: "en",
  });
  if (!response.ok) throw new Error(`register ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Tokens }).data;
}

/** Signs in through the API: another session of the player (another device). */
export async function loginByApi(url: string, login: string, password: string) {
  return post(url, "/api/player/sessions", { login, password });
}

/** The newest outbox message to `to`: its body text and its link, read from the page's table. */
export async function readOutbox(page: Page, to: string): Promise<{ body: string; link: string }> {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const rows = page.getByRole("table").getByRole("row");
  await rows.nth(1).waitFor();
  const row = rows.nth(1); // newest first, after the header row
  const body = (await row.getByRole("cell").nth(4).textContent()) ?? "";
  const links = row.getByRole("link");
  const link = (await links.count()) > 0 ? ((await links.first().getAttribute("href")) ?? "") : "";
  return { body, link };
}

/** Signs in through the sign-in modal (e-mail tab). */
export async function signInWithModal(page: Page, email: string, password: string) {
  await page.goto("/?sign-in=true");
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
}
