// The messages of money that arrived or left (called by modules/payment and modules/crypto in
// the transaction that credits a deposit or pays a withdrawal). Texts are the default locale's;
// content `global-components.notifications.kinds.<kind>` may give localised templates with the
// same {sum} placeholder.
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import { createNotification } from "./create-notification";

export interface SettledInvoice {
  id: string;
  player_id: string;
  /** Minor units. */
  amount: string | bigint;
  currency: string;
}

async function sumOf(tx: Queryable, invoice: SettledInvoice): Promise<string> {
  const [currency] = await tx.query<{ subunit_to_unit: string }>(
    "SELECT subunit_to_unit FROM currencies WHERE code = $1",
    [invoice.currency],
  );
  const amount = formatAmount(BigInt(invoice.amount), BigInt(currency?.subunit_to_unit ?? "1"));
  return `${amount} ${invoice.currency}`;
}

/** The two messages: their kind, texts and the invoice state they are sent once for. */
const INVOICE_MESSAGES = {
  deposit: {
    title: "Deposit received",
    text: (sum: string) => `Your deposit of ${sum} is on your balance.`,
    state: "succeeded",
  },
  withdrawal: {
    title: "Withdrawal paid",
    text: (sum: string) => `Your withdrawal of ${sum} has been paid out.`,
    state: "paid",
  },
} as const;

async function notifyInvoice(
  tx: Queryable,
  ctx: { now: () => Date },
  kind: keyof typeof INVOICE_MESSAGES,
  invoice: SettledInvoice,
): Promise<void> {
  const message = INVOICE_MESSAGES[kind];
  const sum = await sumOf(tx, invoice);
  await createNotification(tx, ctx, {
    playerId: invoice.player_id,
    kind,
    title: message.title,
    text: message.text(sum),
    link: "/profile/history",
    params: { sum },
    dedupeKey: `invoice:${invoice.id}:${message.state}`,
  });
}

/** "Deposit received", once per invoice. */
export const notifyDepositSucceeded = (
  tx: Queryable,
  ctx: { now: () => Date },
  invoice: SettledInvoice,
): Promise<void> => notifyInvoice(tx, ctx, "deposit", invoice);

/** "Withdrawal paid", once per invoice. */
export const notifyWithdrawalPaid = (
  tx: Queryable,
  ctx: { now: () => Date },
  invoice: SettledInvoice,
): Promise<void> => notifyInvoice(tx, ctx, "withdrawal", invoice);
