import { InvoiceStatus } from "@casino/contract/payment";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { failPoint } from "../../lib/fail-point";
import { notifyDepositSucceeded } from "../notification/payment-notifications";
import { publishWalletAccount } from "../wallet/accounts";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import { INVOICE_COLUMNS, type InvoiceRow, publishInvoice } from "./invoice-view";
import type { WebhookEvent } from "./processor";
import { settleWithdrawalInTransaction } from "./settle-withdrawal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "unknown_payment" | "mismatch";

/**
 * Applies one verified processor event (BE-25), exactly once per event id, in one transaction:
 * - payment.succeeded: pending → success, and the deposit is credited through the ledger
 *   (house `deposits` → the player's real balance) under the key `invoice:{id}:settle`;
 * - payment.failed: pending → failure;
 * - payment.pending with a QR: the async invoice's QR is stored and published (DP-10).
 * A status only ever moves out of pending (or, for money that arrived after the player declined
 * the invoice, from declined to success), so duplicates, late and out-of-order deliveries change
 * nothing else. An event whose amount or currency differs from the invoice is refused.
 */
export async function applyWebhookEvent(
  ctx: AppContext,
  processor: string,
  event: WebhookEvent,
): Promise<WebhookOutcome> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO payment_webhook_events (processor, event_id, type, outcome, received_at)
       VALUES ($1, $2, $3, 'pending', $4) ON CONFLICT DO NOTHING RETURNING event_id`,
      [processor, event.id, event.type, ctx.now()],
    );
    if (claimed.length === 0) return "duplicate";

    const outcome = await apply(tx, ctx, processor, event);
    await tx.query(
      `UPDATE payment_webhook_events SET outcome = $3, invoice_id = (
         SELECT id FROM payment_invoices WHERE processor = $1 AND processor_reference = $4)
        WHERE processor = $1 AND event_id = $2`,
      [processor, event.id, outcome, event.reference],
    );
    return outcome;
  });
}

async function apply(
  tx: Queryable,
  ctx: AppContext,
  processor: string,
  event: WebhookEvent,
): Promise<WebhookOutcome> {
  // The row lock orders concurrent deliveries about one invoice.
  let [invoice] = await tx.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM payment_invoices
      WHERE processor = $1 AND processor_reference = $2 FOR UPDATE`,
    [processor, event.reference],
  );
  if (!invoice && event.invoiceId && UUID.test(event.invoiceId)) {
    // A crash after the processor created the payment and before we saved its reference: the
    // processor's echo of our invoice id finds the invoice, and the reference is saved now.
    [invoice] = await tx.query<InvoiceRow>(
      `UPDATE payment_invoices SET processor_reference = $3
        WHERE id = $2 AND processor = $1 AND processor_reference IS NULL
        RETURNING ${INVOICE_COLUMNS}`,
      [processor, event.invoiceId, event.reference],
    );
  }
  if (!invoice) return "unknown_payment";
  if (invoice.currency !== event.currency || BigInt(invoice.amount) !== BigInt(event.amount)) {
    return "mismatch";
  }
  const status = Number(invoice.status);
  // Money that did arrive is always credited, even for an invoice the player declined meanwhile
  // or one we failed because the processor did not answer in time (withdrawals excepted below).
  const lateSuccess =
    (status === InvoiceStatus.Declined || status === InvoiceStatus.Failure) &&
    event.type === "payment.succeeded";
  if (status !== InvoiceStatus.Pending && !lateSuccess) return "ignored";
  const now = ctx.now();

  if (event.type === "payment.pending") {
    if (!event.qr) return "ignored";
    const [updated] = await tx.query<InvoiceRow>(
      `UPDATE payment_invoices SET public_data = public_data || $2::jsonb, updated_at = $3
        WHERE id = $1 RETURNING ${INVOICE_COLUMNS}`,
      [invoice.id, JSON.stringify({ qr: event.qr }), now],
    );
    await publishInvoice(tx, ctx, updated!);
    return "applied";
  }

  const success = event.type === "payment.succeeded";
  if (Number(invoice.type) === 2) {
    // Withdrawals: a payout is final; a late success after a decline cannot happen (declining
    // cancels the payout at the processor first), so only pending withdrawals settle.
    if (status !== InvoiceStatus.Pending) return "ignored";
    await settleWithdrawalInTransaction(tx, ctx, invoice, success ? "success" : "failure");
    return "applied";
  }
  if (success) {
    const wallets = walletRepository(tx);
    const account = await wallets.find(invoice.player_id, invoice.wallet_account_id);
    const house = await wallets.houseAccount("deposits", invoice.currency);
    const [posted] = await postInTransaction(tx, [
      {
        key: `invoice:${invoice.id}:settle`,
        kind: "payment.deposit",
        legs: [
          { account: house, currency: invoice.currency, amount: -BigInt(invoice.amount) },
          {
            account: account!.ledger.real,
            currency: invoice.currency,
            amount: BigInt(invoice.amount),
          },
        ],
        metadata: { invoiceId: invoice.id, processor, eventId: event.id },
      },
    ]);
    if (posted?.status !== "applied") throw new Error(`deposit credit ${posted?.status}`);
  }
  const [updated] = await tx.query<InvoiceRow>(
    `UPDATE payment_invoices SET status = $2, updated_at = $3, completed_at = $3
      WHERE id = $1 RETURNING ${INVOICE_COLUMNS}`,
    [invoice.id, success ? InvoiceStatus.Success : InvoiceStatus.Failure, now],
  );
  await publishInvoice(tx, ctx, updated!);
  failPoint("webhook.before-commit");
  // The wallet's balance changed: the player's wallet channel hears it too.
  if (success) {
    await publishWalletAccount(tx, ctx, invoice.player_id, invoice.wallet_account_id);
    // The player's messenger: "Deposit received" (once per invoice).
    await notifyDepositSucceeded(tx, ctx, updated!);
  }
  return "applied";
}
