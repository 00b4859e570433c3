// The wallet's realtime channels and payload checks. The names are those of
// walletAccountsChannel / paymentInvoicesChannel in packages/contract (wallet.ts, payment.ts);
// those modules also hold zod schemas, which the browser does not load, so the names are built
// here and a unit test holds them equal (channels.test.ts), as it does the payload checks
// against WalletAccountsEvent and InvoiceEvent.
import type { Invoice, InvoiceEvent, WalletAccount, WalletAccountsEvent } from "./wallet-types";

export function walletAccountsChannelOf(profileId: string): string {
  return `wallet:accounts#${profileId}`;
}

export function paymentInvoicesChannelOf(profileId: string): string {
  return `payment:invoices#${profileId}`;
}

const record = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const decimal = (value: unknown) => typeof value === "string" && /^\d+(\.\d+)?$/.test(value);

function isAccount(value: unknown): value is WalletAccount {
  return (
    record(value) &&
    typeof value.id === "string" &&
    typeof value.currency === "string" &&
    (value.status === 1 || value.status === 2) &&
    decimal(value.balance) &&
    decimal(value.withdrawalBalance)
  );
}

function isInvoice(value: unknown): value is Invoice {
  return (
    record(value) &&
    typeof value.id === "string" &&
    [1, 2, 3, 4].includes(value.status as number) &&
    decimal(value.amount) &&
    typeof value.currency === "string" &&
    record(value.publicData)
  );
}

/** A publication of the wallet-accounts channel, or null when it is not one. */
export function readAccountsEvent(data: unknown): WalletAccountsEvent | null {
  if (!record(data)) return null;
  if (data.type !== "wallet.account.created" && data.type !== "wallet.account.updated") return null;
  return isAccount(data.account) ? (data as WalletAccountsEvent) : null;
}

/** A publication of the payment-invoices channel, or null when it is not one. */
export function readInvoiceEvent(data: unknown): InvoiceEvent | null {
  if (!record(data)) return null;
  if (data.type !== "invoice.deposit.updated" && data.type !== "invoice.withdrawal.updated") {
    return null;
  }
  return isInvoice(data.invoice) ? (data as InvoiceEvent) : null;
}
