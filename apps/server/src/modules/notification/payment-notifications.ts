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

/** "Deposit received", once per invoice. */
export async function notifyDepositSucceeded(
  tx: Queryable,
  ctx: { now: () => Date },
  invoice: SettledInvoice,
): Promise<void> {
  const sum = await sumOf(tx, invoice);
  await createNotification(tx, ctx, {
    playerId: invoice.player_id,
    kind: "deposit",
    title: "Deposit received",
    text: `Your deposit of ${sum} is on your balance.`,
    link: "/profile/history",
    params: { sum },
    dedupeKey: `invoice:${invoice.id}:succeeded`,
  });
}

/** "Withdrawal paid", once per invoice. */
export async function notifyWithdrawalPaid(
  tx: Queryable,
  ctx: { now: () => Date },
  invoice: SettledInvoice,
): Promise<void> {
  const sum = await sumOf(tx, invoice);
  await createNotification(tx, ctx, {
    playerId: invoice.player_id,
    kind: "withdrawal",
    title: "Withdrawal paid",
    text: `Your withdrawal of ${sum} has been paid out.`,
    link: "/profile/history",
    params: { sum },
    dedupeKey: `invoice:${invoice.id}:paid`,
  });
}
