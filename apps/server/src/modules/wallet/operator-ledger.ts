// A player's ledger as the operator reads it (GET /api/operator/players/{id}/transactions): every
// entry on the player's ledger accounts (real, bonus, withdrawal hold), newest first, with the
// kind and metadata of its posting. The truth the player's histories are views of.
import type { OperatorLedgerEntry, OperatorLedgerQuery } from "@casino/contract/operator-players";
import type { PageMeta } from "@casino/contract/pagination";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { iso } from "../../lib/operator-keys";
import { requireOperatorPlayer } from "../player/operator-players";
import { currencySubunits } from "../settings/list-currencies";

interface EntryRow {
  id: string | number;
  transaction_id: string | number;
  kind: string;
  purpose: string;
  currency: string;
  amount: string;
  metadata: Record<string, unknown> | string;
  created_at: Date | string;
}

export async function listPlayerLedger(
  ctx: AppContext,
  playerId: string,
  query: OperatorLedgerQuery,
): Promise<{ data: OperatorLedgerEntry[]; meta: PageMeta }> {
  await requireOperatorPlayer(ctx.db, playerId);
  const from = `FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN wallet_accounts w ON w.id = a.wallet_account_id`;
  const where = "WHERE w.player_id = $1 AND ($2::text IS NULL OR e.currency = $2)";
  const filters = [playerId, query.currency ?? null];
  const rows = await ctx.db.query<EntryRow>(
    `SELECT e.id, e.transaction_id, t.kind, a.purpose, e.currency, e.amount::text AS amount,
            t.metadata, e.created_at
       ${from} JOIN ledger_transactions t ON t.id = e.transaction_id
       ${where}
      ORDER BY e.id DESC LIMIT $3 OFFSET $4`,
    [...filters, query.perPage, (query.page - 1) * query.perPage],
  );
  const [count] = await ctx.db.query<{ total: string | number }>(
    `SELECT count(*) AS total ${from} ${where}`,
    filters,
  );
  const subunits = await currencySubunits(ctx.db);
  return {
    data: rows.map((row) => ({
      entryId: String(row.id),
      transactionId: String(row.transaction_id),
      kind: row.kind,
      balance: row.purpose,
      currency: row.currency,
      amount: formatAmount(BigInt(row.amount), subunits.get(row.currency) ?? 100),
      metadata: typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata,
      createdAt: iso(row.created_at)!,
    })),
    meta: { page: query.page, perPage: query.perPage, total: Number(count?.total ?? 0) },
  };
}
