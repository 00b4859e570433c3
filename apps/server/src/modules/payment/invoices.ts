import { ErrorCode } from "@casino/contract/errors";
import { type Invoice, InvoiceStatus } from "@casino/contract/payment";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { toInvoice } from "./apply-webhook";

type InvoiceRow = Parameters<typeof toInvoice>[1];

const COLUMNS = `id, number, type, status, player_id, wallet_account_id, method, currency, amount,
  public_data, created_at`;

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
 * A paid or failed invoice stays as it is (422); a late processor success after a decline is
 * ignored by the webhook (the status is no longer pending).
 */
export async function declineInvoice(
  ctx: AppContext,
  playerId: string,
  id: string,
): Promise<Invoice> {
  const [row] = await ctx.db.query<InvoiceRow>(
    `UPDATE payment_invoices SET status = $3, updated_at = $4, completed_at = $4
      WHERE id = $1 AND player_id = $2 AND status = $5 RETURNING ${COLUMNS}`,
    [id, playerId, InvoiceStatus.Declined, ctx.now(), InvoiceStatus.Pending],
  );
  if (row) return toInvoice(ctx.db, row);
  const [existing] = await ctx.db.query(
    "SELECT status FROM payment_invoices WHERE id = $1 AND player_id = $2",
    [id, playerId],
  );
  if (!existing) throw AppError.notFound("Invoice not found", ErrorCode.NotFound);
  throw AppError.unprocessable({ id: ["Only a pending invoice can be declined"] }, "Not pending");
}
