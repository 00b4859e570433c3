// Handing an invoice to its processor. One function for every path that does it: a new deposit,
// a retried deposit whose first attempt died before answering, a new withdrawal, an approved
// withdrawal, and the recovery job that finds pending invoices a crash left unsubmitted.
//
// The invoice is committed before the processor is called, and the invoice id is the call's
// idempotency key (the processor returns the same payment when asked again), so calling this
// twice — concurrently or after a crash — creates one payment at the processor.
import { ErrorCode } from "@casino/contract/errors";
import { InvoiceStatus } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { failPoint } from "../../lib/fail-point";
import type { PaymentProcessor } from "./processor";

/** Invoices of processor methods (crypto address deposits are watched on chain instead). */
const PROCESSOR_METHOD =
  "EXISTS (SELECT 1 FROM payment_methods m WHERE m.id = method_id AND m.type = 'form')";

/** What the client gets for a submitted invoice (deposit or withdrawal). */
export interface SubmittedPayment {
  invoiceId: string;
  action: string | null;
  fields: Record<string, string>;
  qr: string | null;
  address: string | null;
  tag: string | null;
}

interface SubmittableRow {
  id: string;
  number: string;
  type: number;
  processor: string;
  processing_type: string;
  method: string;
  currency: string;
  amount: string;
  success_url: string | null;
  error_url: string | null;
  subunit_to_unit: string;
}

/**
 * Creates (or gets again) the invoice's payment at its processor and saves the reference and
 * the client's answer. Returns null when the invoice is not submittable: no longer pending,
 * or a withdrawal still waiting for an operator's approval (or rejected).
 */
export async function submitPayment(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  invoiceId: string,
): Promise<SubmittedPayment | null> {
  const [row] = await ctx.db.query<SubmittableRow>(
    `SELECT i.id, i.number, i.type, i.processor, i.processing_type, i.method, i.currency, i.amount,
            i.success_url, i.error_url, c.subunit_to_unit
       FROM payment_invoices i JOIN currencies c ON c.code = i.currency
      WHERE i.id = $1 AND i.status = $2 AND i.approval IN ('none', 'approved')
        AND ${PROCESSOR_METHOD}`,
    [invoiceId, InvoiceStatus.Pending],
  );
  if (!row) return null;
  const processor = processors.get(row.processor);
  if (!processor) {
    throw new AppError(503, ErrorCode.ServiceUnavailable, "This payment method is unavailable");
  }
  const deposit = Number(row.type) === 1;
  const amount = BigInt(row.amount);
  const payment = await processor.createPayment({
    kind: deposit ? "deposit" : "payout",
    invoiceId: row.id,
    invoiceNumber: String(row.number),
    amount,
    amountText: formatAmount(amount, BigInt(row.subunit_to_unit)),
    currency: row.currency,
    method: row.method,
    processingType: row.processing_type as never,
    successUrl: row.success_url,
    errorUrl: row.error_url,
  });
  failPoint(deposit ? "deposit.payment-created" : "withdrawal.payout-created");
  const response: SubmittedPayment = {
    invoiceId: row.id,
    action: payment.action,
    fields: payment.fields,
    qr: payment.qr,
    address: null,
    tag: null,
  };
  await ctx.db.query(
    `UPDATE payment_invoices
        SET processor_reference = $2, client_response = $3, updated_at = $4,
            public_data = CASE WHEN $5::text IS NULL THEN public_data
                               ELSE public_data || jsonb_build_object('qr', $5::text) END
      WHERE id = $1 AND (processor_reference IS NULL OR processor_reference = $2)`,
    [row.id, payment.reference, JSON.stringify(response), ctx.now(), payment.qr],
  );
  return response;
}

/**
 * The recovery job: pending invoices that were committed but never reached their processor (the
 * process died in between) and are older than `graceMs` (so a request still in flight finishes
 * its own). Withdrawals must reach the processor, their funds are set aside; deposits too, so
 * the invoice the player may still pay matches a payment. Returns how many were submitted.
 */
export async function submitUnsubmittedPayments(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  options: { graceMs: number; log: { error(object: object, message: string): void } },
): Promise<number> {
  const before = new Date(ctx.now().getTime() - options.graceMs);
  const rows = await ctx.db.query<{ id: string }>(
    `SELECT id FROM payment_invoices
      WHERE status = $1 AND processor_reference IS NULL AND approval IN ('none', 'approved')
        AND created_at < $2 AND ${PROCESSOR_METHOD}
      ORDER BY created_at LIMIT 100`,
    [InvoiceStatus.Pending, before],
  );
  let submitted = 0;
  for (const { id } of rows) {
    try {
      if (await submitPayment(ctx, processors, id)) submitted++;
    } catch (error) {
      options.log.error({ err: error, invoiceId: id }, "payment recovery: submission failed");
    }
  }
  return submitted;
}
