// Client-side types of the wallet, all from packages/contract (type-only imports: the contract's
// zod schemas never reach the browser bundle).

import type { PageMeta } from "@casino/contract/pagination";
import type {
  DepositRequest,
  DepositResponse,
  Invoice,
  InvoiceEvent,
  InvoiceStatistics,
  MethodField,
  PaymentMethod,
  ProcessingType,
  WithdrawRequest,
} from "@casino/contract/payment";
import type { WalletAccount, WalletAccountsEvent } from "@casino/contract/wallet";

export type {
  DepositRequest,
  DepositResponse,
  Invoice,
  InvoiceEvent,
  InvoiceStatistics,
  MethodField,
  PageMeta,
  PaymentMethod,
  ProcessingType,
  WalletAccount,
  WalletAccountsEvent,
  WithdrawRequest,
};
export type MethodFieldOption = MethodField["options"][number];
export type Preset = PaymentMethod["presets"][number];
export type WithdrawResponse = {
  invoiceId: string;
  action: string | null;
  fields: Record<string, string>;
};
export type InvoiceList = { data: Invoice[]; meta: PageMeta };
export type Direction = "deposit" | "withdrawal";

/** GET /api/risk/reasons/turn-over-wager?currency (spec §3 "Turn-over wager"). */
export type TurnOverWager = {
  total: string;
  turnOverWager: string;
  turnOverWagerAmount: string;
  currency: string;
  /** What can be withdrawn now: the real balance, or 0 while wagering is owed (issue 31). */
  withdrawable?: string;
  /** The active bonus that owes the wagering: what cancelling it forfeits and what stays. */
  bonus?: { playerBonusId: number; forfeits: string; keeps: string } | null;
};

/** Invoice statuses (constants payment.invoiceStatuses). */
export const INVOICE_STATUS = { pending: 1, success: 2, failure: 3, declined: 4 } as const;
