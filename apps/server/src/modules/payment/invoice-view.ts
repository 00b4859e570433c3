import { type Invoice, type InvoiceEvent, paymentInvoicesChannel } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { walletRepository } from "../wallet/repository";

export interface InvoiceRow {
  id: string;
  number: string;
  type: 1 | 2;
  status: 1 | 2 | 3 | 4;
  player_id: string;
  wallet_account_id: string;
  method: string;
  currency: string;
  amount: string;
  public_data: { qr?: string | null };
  created_at: Date;
}

export const INVOICE_COLUMNS = `id, number, type, status, player_id, wallet_account_id, method, currency,
  amount, public_data, created_at`;

export async function toInvoice(db: Queryable, row: InvoiceRow): Promise<Invoice> {
  // The method's display name and logo as the methods list shows them (its key when removed).
  const [currency] = await db.query<{
    subunit_to_unit: string | null;
    title: string | null;
    logo: string | null;
  }>(
    `SELECT (SELECT subunit_to_unit FROM currencies WHERE code = $1) AS subunit_to_unit,
       m.title, m.logo
     FROM (SELECT 1) AS one
     LEFT JOIN payment_methods m ON m.direction = $2 AND m.method = $3`,
    [row.currency, Number(row.type) === 1 ? "deposit" : "withdrawal", row.method],
  );
  return {
    id: row.id,
    number: String(row.number),
    type: Number(row.type) as Invoice["type"],
    status: Number(row.status) as Invoice["status"],
    method: row.method,
    methodTitle: currency?.title ?? row.method,
    methodLogo: currency?.logo ?? null,
    amount: formatAmount(BigInt(row.amount), BigInt(currency?.subunit_to_unit ?? "1")),
    currency: row.currency,
    createdAt: new Date(row.created_at).toISOString(),
    publicData: { qr: row.public_data?.qr ?? null },
  };
}

export async function publishInvoice(
  tx: Queryable,
  ctx: AppContext,
  row: InvoiceRow,
): Promise<void> {
  const event: InvoiceEvent = {
    type: Number(row.type) === 1 ? "invoice.deposit.updated" : "invoice.withdrawal.updated",
    invoice: await toInvoice(tx, row),
  };
  await walletRepository(tx).enqueueEvent(paymentInvoicesChannel(row.player_id), event, ctx.now());
}
