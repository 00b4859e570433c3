// The operator's approval step for withdrawals (WITHDRAWAL_APPROVAL_ABOVE). The funds were set
// aside when the player asked; an approval hands the withdrawal to its processor, a rejection
// returns the funds. Each decision happens once: the row lock and the `approval = 'awaiting'`
// condition make a concurrent approve, reject or player decline lose cleanly.

import type { PendingWithdrawal } from "@casino/contract/operator";
import { type Invoice, InvoiceStatus } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { recordOperatorChange } from "../../lib/operator-keys";
import { INVOICE_COLUMNS, type InvoiceRow, toInvoice } from "./invoice-view";
import type { PaymentProcessor } from "./processor";
import { settleWithdrawalInTransaction } from "./settle-withdrawal";
import { submitPayment } from "./submit-payment";

const notAwaiting = () =>
  AppError.unprocessable(
    { id: ["This withdrawal is not waiting for approval"] },
    "Not awaiting approval",
  );

export async function listAwaitingWithdrawals(ctx: AppContext): Promise<PendingWithdrawal[]> {
  const rows = await ctx.db.query<{
    id: string;
    number: string;
    player_id: string;
    email: string | null;
    method: string;
    amount: string;
    currency: string;
    fields: Record<string, string>;
    created_at: Date;
    subunit_to_unit: string;
  }>(
    `SELECT i.id, i.number, i.player_id, p.email, i.method, i.amount, i.currency, i.fields,
            i.created_at, c.subunit_to_unit
       FROM payment_invoices i
       JOIN players p ON p.id = i.player_id
       JOIN currencies c ON c.code = i.currency
      WHERE i.type = 2 AND i.status = $1 AND i.approval = 'awaiting'
      ORDER BY i.created_at
      LIMIT 500`,
    [InvoiceStatus.Pending],
  );
  return rows.map((row) => ({
    id: row.id,
    number: String(row.number),
    playerId: row.player_id,
    playerEmail: row.email,
    method: row.method,
    amount: formatAmount(BigInt(row.amount), BigInt(row.subunit_to_unit)),
    currency: row.currency,
    fields: row.fields,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The decision in the audit trail (operator_changes), attributed to the calling key (ADR 0016). */
function recordDecision(
  tx: Queryable,
  invoiceId: string,
  decision: "approved" | "rejected",
  now: Date,
): Promise<void> {
  return recordOperatorChange(tx, {
    kind: "withdrawal",
    entityId: invoiceId,
    action: "update",
    changes: { approval: decision },
    now,
  });
}

/** Approves and submits the payout; a processor that fails to answer is retried by the recovery job. */
export async function approveWithdrawal(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  input: { id: string; reviewer: string; log: FastifyBaseLogger },
): Promise<Invoice> {
  const approved = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [row] = await tx.query<{ id: string }>(
      `UPDATE payment_invoices SET approval = 'approved', reviewed_by = $2, reviewed_at = $3,
              updated_at = $3
        WHERE id = $1 AND type = 2 AND status = $4 AND approval = 'awaiting' RETURNING id`,
      [input.id, input.reviewer, now, InvoiceStatus.Pending],
    );
    if (row) await recordDecision(tx, input.id, "approved", now);
    return row;
  });
  if (!approved) throw notAwaiting();
  try {
    await submitPayment(ctx, processors, input.id);
  } catch (error) {
    input.log.error({ err: error, invoiceId: input.id }, "approved payout not submitted yet");
  }
  return invoiceById(ctx, input.id);
}

/** Rejects: the invoice fails and the funds set aside return to the player's balance. */
export async function rejectWithdrawal(
  ctx: AppContext,
  input: { id: string; reviewer: string },
): Promise<Invoice> {
  await ctx.db.transaction(async (tx) => {
    const [invoice] = await tx.query<InvoiceRow>(
      `SELECT ${INVOICE_COLUMNS} FROM payment_invoices
        WHERE id = $1 AND type = 2 AND status = $2 AND approval = 'awaiting' FOR UPDATE`,
      [input.id, InvoiceStatus.Pending],
    );
    if (!invoice) throw notAwaiting();
    const now = ctx.now();
    await tx.query(
      `UPDATE payment_invoices SET approval = 'rejected', reviewed_by = $2, reviewed_at = $3,
              failure_reason = 'rejected_by_operator'
        WHERE id = $1`,
      [input.id, input.reviewer, now],
    );
    await recordDecision(tx, input.id, "rejected", now);
    await settleWithdrawalInTransaction(tx, ctx, invoice, "failure");
  });
  return invoiceById(ctx, input.id);
}

async function invoiceById(ctx: AppContext, id: string): Promise<Invoice> {
  const [row] = await ctx.db.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM payment_invoices WHERE id = $1`,
    [id],
  );
  if (!row) throw AppError.notFound("Invoice not found");
  return toInvoice(ctx.db, row);
}
