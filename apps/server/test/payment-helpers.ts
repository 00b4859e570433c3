import { expect } from "vitest";
import type { TestApp } from "./helpers";
import { bearer, registerByEmail } from "./player-helpers";

export const IBAN = { iban: "DE89370400440532013000", accountHolder: "Ada Lovelace" };

/** The processor's reference of an invoice (what the sandbox's pages are keyed by). */
export async function referenceOf(app: TestApp, invoiceId: string): Promise<string> {
  const [row] = await app.testDb.query<{ processor_reference: string }>(
    "SELECT processor_reference FROM payment_invoices WHERE id = $1",
    [invoiceId],
  );
  return row!.processor_reference;
}

/** The tester's Approve or Fail on the sandbox's hosted page. */
export function sandboxDecision(app: TestApp, reference: string, decision: "approve" | "fail") {
  return app.inject({
    method: "POST",
    url: `/sandbox/payments/${reference}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `decision=${decision}`,
  });
}

/** A new EUR player: bearer headers (plus `extraHeaders`) and the wallet account, still empty. */
export async function eurPlayer(app: TestApp, extraHeaders: Record<string, string> = {}) {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  const headers = { ...(bearer(tokens.accessToken) as Record<string, string>), ...extraHeaders };
  const account = (await app.inject({ url: "/api/wallet/accounts", headers })).json().data[0] as {
    id: string;
  };
  return { tokens, profileId: tokens.profileId, headers, account };
}

/**
 * A sandbox bank-transfer deposit of `amount` EUR into `player`'s account, approved on the
 * sandbox's page, with the domain events it raised (bonus, quest progress, messages) handled.
 * `extra` adds body fields (`bonusId`, `isBonusDecline`). Returns the invoice id.
 */
export async function sandboxDeposit(
  app: TestApp,
  player: { headers: Record<string, string>; account: { id: string } },
  amount: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const invoiceId = await approvedDeposit(app, player, amount, extra);
  await app.domainEvents.drain();
  return invoiceId;
}

/** sandboxDeposit, leaving the domain events it raised to the dispatcher. */
export async function approvedDeposit(
  app: TestApp,
  player: { headers: Record<string, string>; account: { id: string } },
  amount: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/payment/invoices/deposit",
    headers: player.headers,
    payload: {
      method: "sandbox-bank-transfer",
      currency: "EUR",
      amount,
      accountId: player.account.id,
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const invoiceId = response.json().data.invoiceId as string;
  const approved = await sandboxDecision(app, await referenceOf(app, invoiceId), "approve");
  expect(approved.statusCode, approved.body).toBeLessThan(400);
  return invoiceId;
}

/** A new player whose EUR wallet received `amount` through an approved sandbox deposit. */
export async function fundedPlayer(
  app: TestApp,
  amount: string,
  extraHeaders: Record<string, string> = {},
) {
  const { tokens, headers, account } = await eurPlayer(app, extraHeaders);
  await sandboxDeposit(app, { headers, account }, amount);
  const wallet = async () =>
    (await app.inject({ url: "/api/wallet/accounts", headers })).json().data[0] as {
      balance: string;
      withdrawalBalance: string;
    };
  const withdraw = (body: Record<string, unknown>, extraHeaders: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/payment/invoices/withdrawal",
      headers: { ...headers, ...extraHeaders },
      payload: {
        method: "sandbox-bank-payout",
        currency: "EUR",
        accountId: account.id,
        fields: IBAN,
        ...body,
      },
    });
  const status = async (invoiceId: string) => {
    const list = (await app.inject({ url: "/api/payment/invoices?type=2", headers })).json().data;
    return list.find((invoice: { id: string }) => invoice.id === invoiceId)?.status as number;
  };
  const decline = (invoiceId: string) =>
    app.inject({ method: "PUT", url: `/api/payment/invoices/${invoiceId}/decline`, headers });
  return { profileId: tokens.profileId, headers, account, wallet, withdraw, status, decline };
}
