import { InvoiceStatus } from "@casino/contract/payment";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { notifyWithdrawalPaid } from "../notification/payment-notifications";
import { publishWalletAccount } from "../wallet/accounts";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import { INVOICE_COLUMNS, type InvoiceRow, publishInvoice } from "./invoice-view";

export type WithdrawalOutcome = "success" | "failure" | "declined";

const STATUS: Record<WithdrawalOutcome, number> = {
  success: InvoiceStatus.Success,
  failure: InvoiceStatus.Failure,
  declined: InvoiceStatus.Declined,
};

/**
 * Ends a pending withdrawal (the caller holds the invoice row lock): paid out, the held funds go
 * to the house `withdrawals` account; failed or declined, they return to the player's real
 * balance. Keys `invoice:{id}:settle` and `invoice:{id}:return` make each happen at most once.
 */
export async function settleWithdrawalInTransaction(
  tx: Queryable,
  ctx: AppContext,
  invoice: InvoiceRow,
  outcome: WithdrawalOutcome,
): Promise<InvoiceRow> {
  const wallets = walletRepository(tx);
  const account = await wallets.find(invoice.player_id, invoice.wallet_account_id);
  if (!account) throw new Error(`wallet account of invoice ${invoice.id} not found`);
  const amount = BigInt(invoice.amount);
  const paid = outcome === "success";
  const target = paid
    ? await wallets.houseAccount("withdrawals", invoice.currency)
    : account.ledger.real;
  const [posted] = await postInTransaction(tx, [
    {
      key: `invoice:${invoice.id}:${paid ? "settle" : "return"}`,
      kind: paid ? "payment.withdrawal.paid" : "payment.withdrawal.returned",
      legs: [
        { account: account.ledger.withdrawal_hold, currency: invoice.currency, amount: -amount },
        { account: target, currency: invoice.currency, amount },
      ],
      metadata: { invoiceId: invoice.id, outcome },
    },
  ]);
  if (posted?.status !== "applied") throw new Error(`withdrawal ${outcome}: ${posted?.status}`);
  const [updated] = await tx.query<InvoiceRow>(
    `UPDATE payment_invoices SET status = $2, updated_at = $3, completed_at = $3
      WHERE id = $1 RETURNING ${INVOICE_COLUMNS}`,
    [invoice.id, STATUS[outcome], ctx.now()],
  );
  await publishInvoice(tx, ctx, updated!);
  if (!paid) await publishWalletAccount(tx, ctx, invoice.player_id, invoice.wallet_account_id);
  // The player's messenger: "Withdrawal paid" (once per invoice).
  else await notifyWithdrawalPaid(tx, ctx, updated!);
  return updated!;
}

/** settleWithdrawalInTransaction in a transaction of its own, if the invoice is still pending. */
export async function settleWithdrawal(
  ctx: AppContext,
  invoiceId: string,
  outcome: WithdrawalOutcome,
): Promise<InvoiceRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [invoice] = await tx.query<InvoiceRow>(
      `SELECT ${INVOICE_COLUMNS} FROM payment_invoices WHERE id = $1 AND type = 2 AND status = $2
        FOR UPDATE`,
      [invoiceId, InvoiceStatus.Pending],
    );
    return invoice ? settleWithdrawalInTransaction(tx, ctx, invoice, outcome) : null;
  });
}
