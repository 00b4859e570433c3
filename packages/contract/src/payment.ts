// Payment methods, deposit and withdrawal invoices (spec §3 "Payment method", "Method field",
// "Deposit request", "Withdraw request", "Deposit response", "Invoice"; §7 Wallet; BE-22…BE-27).
// Amounts are exact decimal strings in major units of the account's currency.
import { z } from "zod";
import { CountryCode } from "./settings";
import { DecimalAmount } from "./wallet";

export const MethodType = z.enum(["form", "address"]);
export const ProcessingType = z.enum(["form", "qr", "iframe", "message", "asyncRedirect"]);
export type ProcessingType = z.infer<typeof ProcessingType>;
export const FieldType = z.enum(["select", "textarea", "text"]);

/** Labels and hints by locale code, with `en` as the fallback (BE-22). */
export const LocalizedText = z.record(z.string(), z.string());

/** A select option, or a crypto network (then with its own address regex and amount range). */
export const MethodFieldOption = z.object({
  id: z.string().nullable(),
  name: z.string(),
  regex: z.string().nullable(),
  minAmount: DecimalAmount.nullable(),
  maxAmount: DecimalAmount.nullable(),
});

/** Special keys: phone, cpf_number, agentNumber, wallet_id, crypto_network (spec §3). */
export const MethodField = z
  .object({
    key: z.string(),
    labels: LocalizedText,
    hints: LocalizedText,
    isRequired: z.boolean(),
    regexp: z.string().nullable(),
    fieldType: FieldType,
    /** A prefilled value (e.g. the player's phone). */
    value: z.string().nullable(),
    options: z.array(MethodFieldOption),
  })
  .meta({ id: "MethodField" });
export type MethodField = z.infer<typeof MethodField>;

export const Preset = z.object({ amount: DecimalAmount, default: z.boolean() });

export const PaymentMethod = z
  .object({
    method: z.string(),
    title: z.string(),
    type: MethodType,
    processingType: ProcessingType,
    logo: z.string().nullable(),
    /** In the account currency. */
    amountMin: DecimalAmount,
    amountMax: DecimalAmount,
    presets: z.array(Preset),
    fields: z.array(MethodField),
    /** Where a `form` method posts (the hosted page), when known before the invoice. */
    action: z.string().nullable(),
  })
  .meta({ id: "PaymentMethod" });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodsQuery = z.strictObject({
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code"),
  /** The payment-methods region when it differs from the request country (WL-23). */
  country: CountryCode.optional(),
});
export const PaymentMethodList = z.object({ data: z.array(PaymentMethod) });

/** Invoice status (constants payment.invoiceStatuses): 1 pending, 2 success, 3 failure, 4 declined. */
export const InvoiceStatus = { Pending: 1, Success: 2, Failure: 3, Declined: 4 } as const;
/** Invoice type (constants payment.invoiceTypes). */
export const InvoiceType = { Deposit: 1, Withdrawal: 2 } as const;

const redirectUrl = z.string().max(2048).optional();
const methodFields = z.record(z.string().max(64), z.string().max(512)).optional();

/** POST /api/payment/invoices/deposit (spec §3 "Deposit request", DP-04, BE-23). */
export const DepositRequest = z
  .strictObject({
    method: z.string().max(64),
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code"),
    country: CountryCode.optional(),
    /** Major units, exact decimal ("25", "25.50"). */
    amount: z.string().max(40),
    accountId: z.uuid(),
    redirectSuccessUrl: redirectUrl,
    redirectErrorUrl: redirectUrl,
    redirectUrl,
    bonusId: z.union([z.string().max(64), z.number().int()]).nullish(),
    isBonusDecline: z.boolean().optional(),
    fields: methodFields,
  })
  .meta({ id: "DepositRequest" });
export type DepositRequest = z.infer<typeof DepositRequest>;

/** Spec §3 "Deposit response": what the client needs for the method's processingType. */
export const DepositResponse = z
  .object({
    invoiceId: z.string(),
    /** form / iframe: the page to open or embed. */
    action: z.string().nullable(),
    /** form: fields to post to `action` (empty for a plain redirect). */
    fields: z.record(z.string(), z.string()),
    /** qr: the payload to show as a QR code. */
    qr: z.string().nullable(),
    /** address methods: where to send the coins, and the destination tag/memo if any. */
    address: z.string().nullable(),
    tag: z.string().nullable(),
  })
  .meta({ id: "DepositResponse" });
export type DepositResponse = z.infer<typeof DepositResponse>;
export const DepositResponseBody = z.object({ data: DepositResponse });

/** Spec §3 "Invoice". */
export const Invoice = z
  .object({
    id: z.string(),
    number: z.string(),
    type: z.union([z.literal(1), z.literal(2)]),
    status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    method: z.string(),
    /** The method's display name (payment_methods.title); the method key when it is gone. */
    methodTitle: z.string(),
    /** The method's logo URL, as the payment methods list gives it; null when it has none. */
    methodLogo: z.string().nullable(),
    amount: DecimalAmount,
    currency: z.string(),
    createdAt: z.string(),
    publicData: z.object({ qr: z.string().nullable() }),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof Invoice>;

/** Published on `payment:invoices#{profileId}` (DP-10, DP-22, WD-07). */
export const InvoiceEvent = z.object({
  type: z.enum(["invoice.deposit.updated", "invoice.withdrawal.updated"]),
  invoice: Invoice,
});
export type InvoiceEvent = z.infer<typeof InvoiceEvent>;

export function paymentInvoicesChannel(profileId: string): string {
  return `payment:invoices#${profileId}`;
}

export const InvoiceList = z.object({
  data: z.array(Invoice),
  meta: z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int() }),
});
export const InvoiceResponse = z.object({ data: Invoice });
export const InvoiceParams = z.object({ id: z.uuid() });
/** GET /api/payment/invoices filters (BE-27). */
export const InvoicesQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  type: z.coerce.number().int().min(1).max(2).optional(),
  status: z.array(z.coerce.number().int().min(1).max(4)).max(4).optional(),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
});

/** POST /api/payment/invoices/withdrawal (spec §3 "Withdraw request", WD-02, BE-26). */
export const WithdrawRequest = z
  .strictObject({
    method: z.string().max(64),
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code"),
    country: CountryCode.optional(),
    amount: z.string().max(40),
    accountId: z.uuid(),
    fields: methodFields,
  })
  .meta({ id: "WithdrawRequest" });
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

export const WithdrawResponse = z.object({
  invoiceId: z.string(),
  action: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
});
export const WithdrawResponseBody = z.object({ data: WithdrawResponse });

/** GET /api/payment/invoices/statistics (PR-08, BE-27): totals per currency, successful only. */
export const InvoiceStatistics = z.object({
  currency: z.string(),
  depositCount: z.number().int(),
  depositTotal: DecimalAmount,
  withdrawalCount: z.number().int(),
  withdrawalTotal: DecimalAmount,
  /** Withdrawals still pending (their funds are set aside). */
  pendingWithdrawalTotal: DecimalAmount,
});
export type InvoiceStatistics = z.infer<typeof InvoiceStatistics>;
export const InvoiceStatisticsList = z.object({ data: z.array(InvoiceStatistics) });

// The sandbox chain (development and tests only, SANDBOX_CHAIN; docs/crypto-deposits.md): what
// the dev page /sandbox/chain and `npm run chain:send` send to the server.
const ChainNetworkId = z.string().regex(/^[a-z0-9_-]{1,40}$/, "Must be a network id");
const TransactionId = z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, "Must be a transaction id");

/** POST /sandbox/chain/transfers: a transfer into the mempool, optionally mined at once. */
export const SandboxChainSendRequest = z.strictObject({
  network: ChainNetworkId,
  address: z.string().trim().min(1, "Value is required").max(128),
  /** Destination tag or memo ("" or absent: none). */
  tag: z.string().trim().max(20).optional(),
  /** The asset; default the network's native coin. */
  currency: z
    .string()
    .regex(/^([A-Z0-9]{2,10})?$/, "Must be a currency code")
    .optional(),
  /** Major units, exact decimal. */
  amount: z.string().trim().min(1, "Value is required").max(80),
  /** Blocks to mine right after sending (0: stay in the mempool). */
  confirmations: z.coerce.number().int().min(0).max(1000).optional(),
});
export type SandboxChainSendRequest = z.infer<typeof SandboxChainSendRequest>;

/** POST /sandbox/chain/mine: mines blocks on a network (each adds a confirmation). */
export const SandboxChainMineRequest = z.strictObject({
  network: ChainNetworkId,
  blocks: z.coerce.number().int().min(1).max(1000).default(1),
});

/** POST /sandbox/chain/drop: a reorg takes the transfer out of the chain. */
export const SandboxChainDropRequest = z.strictObject({
  network: ChainNetworkId,
  txid: TransactionId,
  vout: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const SandboxChainTransferParams = z.strictObject({
  network: ChainNetworkId,
  txid: TransactionId,
  vout: z.coerce.number().int().min(0).max(1_000_000),
});

export const SandboxChainTransfer = z.object({
  network: z.string(),
  txid: z.string(),
  vout: z.number().int(),
  currency: z.string(),
  address: z.string(),
  tag: z.string().nullable(),
  amount: DecimalAmount,
  confirmations: z.number().int(),
  dropped: z.boolean(),
  /** Confirmations the platform waits for on this network. */
  requiredConfirmations: z.number().int(),
  /** What the platform's watcher made of it: null until it has seen it. */
  platformStatus: z.enum(["seen", "credited", "dropped", "ignored"]).nullable(),
  platformReason: z.string().nullable(),
});
export type SandboxChainTransfer = z.infer<typeof SandboxChainTransfer>;
export const SandboxChainTransferResponse = z.object({ data: SandboxChainTransfer });
export const SandboxChainMineResponse = z.object({
  data: z.object({ network: z.string(), height: z.number().int() }),
});
