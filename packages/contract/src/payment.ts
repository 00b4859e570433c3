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
