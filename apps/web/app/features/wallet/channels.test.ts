import { InvoiceEvent, paymentInvoicesChannel } from "@casino/contract/payment";
import { WalletAccountsEvent, walletAccountsChannel } from "@casino/contract/wallet";
import { describe, expect, it } from "vitest";
import {
  paymentInvoicesChannelOf,
  readAccountsEvent,
  readInvoiceEvent,
  walletAccountsChannelOf,
} from "./channels";

const account = {
  id: "3f0e1b4e-7a61-4d0e-9c8c-1f6b5a7c2d10",
  currency: "EUR",
  status: 1,
  balance: "10.00",
  withdrawalBalance: "10.00",
  bonusBalance: "0.00",
  isHidden: false,
};
const invoice = {
  id: "0b9c8a5e-2f1d-4c3b-8a7e-6d5c4b3a2f10",
  number: "1001",
  type: 1,
  status: 2,
  method: "sandbox-card",
  methodTitle: "Card",
  methodLogo: "/images/methods/card.svg",
  amount: "50.00",
  currency: "EUR",
  createdAt: "2026-01-01T00:00:00.000Z",
  publicData: { qr: null },
};

describe("wallet realtime channels and payloads", () => {
  it("builds the contract's channel names", () => {
    expect(walletAccountsChannelOf("p1")).toBe(walletAccountsChannel("p1"));
    expect(paymentInvoicesChannelOf("p1")).toBe(paymentInvoicesChannel("p1"));
  });

  it("accepts what the contract schemas accept, and refuses other data", () => {
    const accountsEvent = { type: "wallet.account.updated", account };
    expect(WalletAccountsEvent.safeParse(accountsEvent).success).toBe(true);
    expect(readAccountsEvent(accountsEvent)).not.toBeNull();
    expect(readAccountsEvent({ type: "other", account })).toBeNull();
    const invoiceEvent = { type: "invoice.deposit.updated", invoice };
    expect(InvoiceEvent.safeParse(invoiceEvent).success).toBe(true);
    expect(readInvoiceEvent(invoiceEvent)).not.toBeNull();
    expect(readInvoiceEvent({ type: "invoice.deposit.updated", invoice: { id: 1 } })).toBeNull();
    expect(readInvoiceEvent(null)).toBeNull();
  });
});
