import { ErrorCode } from "@casino/contract/errors";
import { type Invoice, type InvoiceStatistics, InvoiceStatus } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import {
  INVOICE_COLUMNS as COLUMNS,
  type InvoiceRow,
  publishInvoice,
  toInvoice,
} from "./invoice-view";
import type { PaymentProcessor } from "./processor";
import { settleWithdrawalInTransaction } from "./settle-withdrawal";

/** GET /api/payment/invoices (BE-27): the player's invoices, newest first, with filters. */
export async function listInvoices(
  ctx: AppContext,
  playerId: string,
  query: { page: number; perPage: number; type?: number; status?: number[]; currency?: string },
): Promise<{ data: Invoice[]; meta: { page: number; perPage: number; total: number } }> {
  const where = `player_id = $1 AND ($2::smallint IS NULL OR type = $2)
    AND ($3::smallint[] IS NULL OR status = ANY ($3)) AND ($4::text IS NULL OR currency = $4)`;
  const params = [playerId, query.type ?? null, query.status ?? null, query.currency ?? null];
  const [count] = await ctx.db.query<{ total: string }>(
    `SELECT count(*) AS total FROM payment_invoices WHERE ${where}`,
    params,
  );
  const rows = await ctx.db.query<InvoiceRow>(
    `SELECT ${COLUMNS} FROM payment_invoices WHERE ${where}
      ORDER BY created_at DESC, number DESC LIMIT $5 OFFSET $6`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  const data = [];
  for (const row of rows) data.push(await toInvoice(ctx.db, row));
  return {
    data,
    meta: { page: query.page, perPage: query.perPage, total: Number(count?.total ?? 0) },
  };
}

/**
 * PUT /api/payment/invoices/{id}/decline (BE-27): the player cancels their own pending invoice.
 * The payment is cancelled at the processor first; when the processor has already decided it,
 * the decline is refused (422) and the processor's webhook settles the invoice. A declined
 * withdrawal returns its held funds.
 */
export async function declineInvoice(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  playerId: string,
  id: string,
): Promise<Invoice> {
  const notPending = () =>
    AppError.unprocessable({ id: ["Only a pending invoice can be declined"] }, "Not pending");
  const [current] = await ctx.db.query<{
    status: number;
    type: number;
    processor: string;
    processor_reference: string | null;
    approval: string;
  }>(
    `SELECT status, type, processor, processor_reference, approval FROM payment_invoices
      WHERE id = $1 AND player_id = $2`,
    [id, playerId],
  );
  if (!current) throw AppError.notFound("Invoice not found", ErrorCode.NotFound);
  if (Number(current.status) !== InvoiceStatus.Pending) throw notPending();
  // A withdrawal being handed to the processor (no reference yet, not waiting for approval) may
  // already exist there as a payout: it can be declined once the processor can cancel it.
  const submitting =
    Number(current.type) === 2 && !current.processor_reference && current.approval !== "awaiting";
  if (submitting) {
    throw AppError.unprocessable(
      { id: ["This withdrawal is being sent for payment; try again in a moment"] },
      "Being submitted",
    );
  }
  // Outside the transaction: the processor is another party (and on the embedded database a
  // query from inside the sandbox would wait for our transaction).
  const processor = processors.get(current.processor);
  if (current.processor_reference && processor) {
    if (!(await processor.cancelPayment(current.processor_reference))) throw notPending();
  }
  const row = await ctx.db.transaction(async (tx) => {
    // Nothing changed meanwhile: still pending, and the processor reference we cancelled (or
    // none, for an invoice never submitted) is still the invoice's.
    const [invoice] = await tx.query<InvoiceRow>(
      `SELECT ${COLUMNS} FROM payment_invoices
        WHERE id = $1 AND player_id = $2 AND status = $3
          AND processor_reference IS NOT DISTINCT FROM $4 AND approval = $5
        FOR UPDATE`,
      [id, playerId, InvoiceStatus.Pending, current.processor_reference, current.approval],
    );
    if (!invoice) throw notPending();
    if (Number(invoice.type) === 2) {
      return settleWithdrawalInTransaction(tx, ctx, invoice, "declined");
    }
    const [updated] = await tx.query<InvoiceRow>(
      `UPDATE payment_invoices SET status = $2, updated_at = $3, completed_at = $3
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, InvoiceStatus.Declined, ctx.now()],
    );
    await publishInvoice(tx, ctx, updated!);
    return updated!;
  });
  return toInvoice(ctx.db, row);
}

/** GET /api/payment/invoices/statistics (BE-27): successful totals and pending payouts per currency. */
export async function invoiceStatistics(
  ctx: AppContext,
  playerId: string,
): Promise<InvoiceStatistics[]> {
  const rows = await ctx.db.query<{
    currency: string;
    subunit_to_unit: string;
    deposit_count: string;
    deposit_total: string;
    withdrawal_count: string;
    withdrawal_total: string;
    pending_withdrawal_total: string;
  }>(
    `SELECT i.currency, c.subunit_to_unit,
            count(*) FILTER (WHERE i.type = 1 AND i.status = 2) AS deposit_count,
            COALESCE(sum(i.amount) FILTER (WHERE i.type = 1 AND i.status = 2), 0) AS deposit_total,
            count(*) FILTER (WHERE i.type = 2 AND i.status = 2) AS withdrawal_count,
            COALESCE(sum(i.amount) FILTER (WHERE i.type = 2 AND i.status = 2), 0) AS withdrawal_total,
            COALESCE(sum(i.amount) FILTER (WHERE i.type = 2 AND i.status = 1), 0)
              AS pending_withdrawal_total
       FROM payment_invoices i JOIN currencies c ON c.code = i.currency
      WHERE i.player_id = $1
      GROUP BY i.currency, c.subunit_to_unit
      ORDER BY i.currency`,
    [playerId],
  );
  return rows.map((row) => {
    const unit = BigInt(row.subunit_to_unit);
    return {
      currency: row.currency,
      depositCount: Number(row.deposit_count),
      depositTotal: formatAmount(BigInt(row.deposit_total), unit),
      withdrawalCount: Number(row.withdrawal_count),
      withdrawalTotal: formatAmount(BigInt(row.withdrawal_total), unit),
      pendingWithdrawalTotal: formatAmount(BigInt(row.pending_withdrawal_total), unit),
    };
  });
}
