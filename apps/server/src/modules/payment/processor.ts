// The payment-processor port. A processor creates the payment on its side and later reports
// what happened through a signed webhook; the platform never trusts a redirect for money.

import type { ProcessingType } from "@casino/contract/payment";

export interface CreatePaymentInput {
  /**
   * Money in (deposit) or out (payout of a withdrawal). With invoiceId it is the call's
   * idempotency key: a processor adapter must return the same payment when asked again.
   */
  kind: "deposit" | "payout";
  invoiceId: string;
  invoiceNumber: string;
  /** Minor units and its display form in major units. */
  amount: bigint;
  amountText: string;
  currency: string;
  method: string;
  processingType: ProcessingType;
  successUrl: string | null;
  errorUrl: string | null;
}

export interface CreatePaymentResult {
  /** The processor's id of the payment (unique per processor). */
  reference: string;
  /** form: the hosted page; iframe: the page to embed. */
  action: string | null;
  fields: Record<string, string>;
  qr: string | null;
}

export type WebhookEventType = "payment.pending" | "payment.succeeded" | "payment.failed";

export interface WebhookEvent {
  /** Unique per processor: the idempotency key of the delivery. */
  id: string;
  type: WebhookEventType;
  reference: string;
  /**
   * Our invoice id as the processor echoes it (the merchant order id): finds the invoice when
   * a crash kept us from saving the processor's reference.
   */
  invoiceId: string | null;
  /** Minor units as a decimal string, and the currency, to check against the invoice. */
  amount: string;
  currency: string;
  /** payment.pending of an async invoice: the QR that arrived. */
  qr: string | null;
}

export type WebhookCheck =
  | { ok: true; event: WebhookEvent }
  | { ok: false; reason: "signature" | "stale" | "malformed" };

export interface PaymentProcessor {
  readonly name: string;
  /**
   * Whether the processor moves money in this currency: an operator may add a currency to a
   * method of this processor only then (PUT /api/operator/payment-methods/{id}/currencies/{c}).
   */
  takesCurrency(currency: { code: string; type: "fiat" | "crypto" }): boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /** Cancels a payment the processor has not decided yet; false when it is too late. */
  cancelPayment(reference: string): Promise<boolean>;
  /** Checks a delivery's signature and freshness on the exact bytes received. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): WebhookCheck;
}
