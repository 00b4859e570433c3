// Helpers of the wallet browser tests: a fresh player signed in through the modal, the wallet
// opened from its URL, and the sandbox payment page's decisions.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { ACCOUNT_ENV, PASSWORD, registerByApi, signInWithModal, uniqueEmail } from "./accounts";
import { hydrated, type Site } from "./fixture";

/** Test servers with the sandbox payment processor on (it is off by default in production). */
export const WALLET_ENV = { ...ACCOUNT_ENV, SANDBOX_PAYMENTS: "true" };

/** Generous: hydration and the sandbox round trip can be slow on a busy machine. */
export const WAIT = { timeout: 30_000 };

export type Player = {
  page: Page;
  context: BrowserContext;
  email: string;
  profileId: string;
  accessToken: string;
};

/**
 * A new player (EUR account, registered from DE) signed in on a fresh page. `beforeSignIn` runs
 * on the page before it signs in (e.g. to route its realtime socket).
 */
export async function signedInPlayer(
  site: Site,
  options: {
    width?: number;
    height?: number;
    country?: string;
    beforeSignIn?: (page: Page, profileId: string) => Promise<void>;
  } = {},
): Promise<Player> {
  const { beforeSignIn, ...view } = options;
  const email = uniqueEmail("wallet");
  const { profileId, accessToken } = await registerByApi(site.server.url, email);
  // German request country, English site (the user-language cookie wins over the country's locale).
  const { page, context } = await site.open({
    country: "DE",
    cookies: [{ name: "user-language", value: "en" }],
    ...view,
  });
  await beforeSignIn?.(page, profileId);
  await signInWithModal(page, email, PASSWORD);
  return { page, context, email, profileId, accessToken };
}

/** Opens the wallet from its URL (`?wallet=deposit|withdraw`) and returns its dialog. */
export async function openWallet(page: Page, tab: "deposit" | "withdraw" = "deposit") {
  await page.goto(`/?wallet=${tab}`);
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Wallet" });
  await dialog.waitFor(WAIT);
  return dialog;
}

/** A method button's accessible name: it starts with the method title. */
const methodName = (title: string) =>
  new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** The method button in the wallet's list (its name starts with the method title). */
export function methodButton(dialog: Locator, title: string): Locator {
  return dialog.getByRole("button", { name: methodName(title) });
}

/**
 * Chooses a method in the wallet's list and waits until its form is the one shown: its button
 * pressed (or, below 768 px, the list replaced by the form with Back). Clicking the next button
 * before that could reach the previous method's form (both may say "Deposit 50 EUR").
 */
export async function selectMethod(dialog: Locator, title: string): Promise<void> {
  await methodButton(dialog, title).click();
  await dialog
    .getByRole("button", { name: methodName(title), pressed: true })
    .or(dialog.getByRole("button", { name: "Back", exact: true }))
    .waitFor(WAIT);
}

/** Approves or fails a payment on the sandbox page shown in `page` (or a frame of it). */
export async function decideSandboxPayment(
  target: Page | ReturnType<Page["frameLocator"]>,
  decision: "approve" | "fail",
): Promise<void> {
  const name = decision === "approve" ? /^Approve (payment|payout)$/ : /^Fail (payment|payout)$/;
  const button = target.getByRole("button", { name });
  await button.waitFor(WAIT);
  await button.click();
}

/** Waits until the wallet's balance reads `text` (e.g. "50.00 EUR"). */
export async function waitForBalance(dialog: Locator, text: string): Promise<void> {
  await dialog
    .getByRole("region", { name: "Balance" })
    .getByText(text, { exact: true })
    .first()
    .waitFor(WAIT);
}

type Json = Record<string, unknown>;

/** A player's API call by bearer token (request country DE); throws on an answer other than 2xx. */
export async function playerApi<T = Record<string, unknown>>(
  url: string,
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ data: T }> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "x-test-country": "DE",
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path} ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: T };
}

const api = (
  url: string,
  path: string,
  token: string,
  init: { method?: string; body?: Json } = {},
) => playerApi<unknown>(url, path, token, init);

/** Deposits `amount` into the player's account through the sandbox QR method, approved, by API. */
export async function depositByApi(url: string, token: string, amount: string) {
  const accounts = (await api(url, "/api/wallet/accounts", token)).data as Json[];
  const account = accounts.find((item) => item.status === 1) as { id: string; currency: string };
  const deposit = await api(url, "/api/payment/invoices/deposit", token, {
    method: "POST",
    body: { method: "sandbox-qr", currency: account.currency, amount, accountId: account.id },
  });
  const page = String((deposit.data as Json).qr);
  const decided = await fetch(page, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "decision=approve",
    redirect: "manual",
  });
  if (decided.status >= 400) throw new Error(`sandbox approve ${decided.status}`);
  return { accountId: account.id };
}

/** A new player (EUR) with `amount` EUR deposited through the sandbox QR method, by API. */
export async function fundedPlayerTokens(url: string, amount: string) {
  const email = uniqueEmail("funded");
  const tokens = await registerByApi(url, email);
  const { accountId } = await depositByApi(url, tokens.accessToken, amount);
  return { email, tokens, accountId };
}

/** Opens a wallet account in another currency by API. */
export async function openAccountByApi(url: string, token: string, currency: string) {
  return (await api(url, "/api/wallet/accounts", token, { method: "POST", body: { currency } }))
    .data as { id: string };
}

/** A funded player signed in on a fresh page. */
export async function fundedPlayer(site: Site, amount: string, options: { width?: number } = {}) {
  const funded = await fundedPlayerTokens(site.server.url, amount);
  const { page, context } = await site.open({
    country: "DE",
    cookies: [{ name: "user-language", value: "en" }],
    ...options,
  });
  await signInWithModal(page, funded.email, PASSWORD);
  return { page, context, ...funded };
}

/** Makes an account the active one by API. */
export async function switchAccountByApi(url: string, token: string, id: string) {
  await api(url, `/api/wallet/accounts/${id}/switch`, token, { method: "PUT" });
}

/** A method's `crypto_network` select as the methods call gives it, for forced answers. */
export function networkField(
  networks: { id: string | null; name: string; minAmount?: string; maxAmount?: string }[],
) {
  return {
    key: "crypto_network",
    labels: { en: "Network" },
    hints: {},
    isRequired: true,
    regexp: null,
    fieldType: "select",
    value: null,
    options: networks.map((network) => ({
      regex: null,
      minAmount: null,
      maxAmount: null,
      ...network,
    })),
  };
}
