import type { Queryable } from "../../infra/db";

export interface LedgerProblem {
  check: string;
  /** What is wrong, one row of evidence. */
  row: Record<string, unknown>;
}

/** Every invariant of the ledger, as SQL that returns the offending rows (none when healthy). */
export const LEDGER_CHECKS: ReadonlyArray<{ check: string; sql: string }> = [
  {
    check: "transaction entries sum to zero per currency",
    sql: `SELECT transaction_id, currency, sum(amount)::text AS total
            FROM ledger_entries GROUP BY transaction_id, currency HAVING sum(amount) <> 0
           LIMIT 100`,
  },
  {
    check: "cached player balance equals the sum of its entries",
    sql: `SELECT a.id AS account_id, a.balance::text AS cached,
                 COALESCE(sum(e.amount), 0)::text AS derived
            FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
           WHERE a.owner_kind = 'player'
           GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(sum(e.amount), 0)
           LIMIT 100`,
  },
  {
    check: "no player balance is negative",
    sql: `SELECT id AS account_id, balance::text FROM ledger_accounts
           WHERE owner_kind = 'player' AND balance < 0 LIMIT 100`,
  },
  {
    check: "applied transactions have entries; rejected ones have none",
    sql: `SELECT t.id AS transaction_id, t.status, count(e.id)::int AS entries
            FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
           GROUP BY t.id, t.status
          HAVING (t.status = 'applied' AND count(e.id) < 2) OR (t.status = 'rejected' AND count(e.id) > 0)
           LIMIT 100`,
  },
  {
    check: "each idempotency key is used by one transaction",
    sql: `SELECT idempotency_key, count(*)::int AS transactions FROM ledger_transactions
           GROUP BY idempotency_key HAVING count(*) > 1 LIMIT 100`,
  },
  {
    check: "entries belong to a transaction and to an account of their currency",
    sql: `SELECT e.id AS entry_id, e.transaction_id, e.account_id, e.currency
            FROM ledger_entries e
           WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = e.transaction_id)
              OR NOT EXISTS (SELECT 1 FROM ledger_accounts a
                              WHERE a.id = e.account_id AND a.currency = e.currency)
           LIMIT 100`,
  },
  {
    // Limit usage adds up these running sums (migrations 0035, 0036); they must be the ledger's
    // own for the accounts that keep them, and no other account has any.
    check: "quarter-hour play sums equal the game entries they sum",
    sql: `SELECT COALESCE(q.wallet_account_id, p.wallet_account_id) AS wallet_account_id,
                 COALESCE(q.starts_at, p.quarter) AS starts_at,
                 q.stakes::text AS stakes, p.stakes::text AS entries_stakes,
                 q.winnings::text AS winnings, p.winnings::text AS entries_winnings
            FROM player_play_quarters q
            FULL JOIN (SELECT e.wallet_account_id, e.quarter, sum(e.staked) AS stakes,
                              sum(e.won) AS winnings
                         FROM player_play_entries e
                         JOIN player_play_tracked k ON k.wallet_account_id = e.wallet_account_id
                        GROUP BY e.wallet_account_id, e.quarter) p
              ON p.wallet_account_id = q.wallet_account_id AND p.quarter = q.starts_at
           WHERE q.stakes IS DISTINCT FROM p.stakes OR q.winnings IS DISTINCT FROM p.winnings
           LIMIT 100`,
  },
  {
    // The wallet writes game_transactions.round_id from the round it holds (the foreign key was
    // dropped in migration 0032 for speed; this is the same reference, checked afterwards).
    check: "game transactions belong to an existing round of their provider and player",
    sql: `SELECT t.provider_id, t.provider_tx_id, t.round_id::text AS round_id
            FROM game_transactions t
           WHERE t.round_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM game_rounds r
                              WHERE r.id = t.round_id AND r.provider_id = t.provider_id
                                AND r.player_id = t.player_id)
           LIMIT 100`,
  },
  {
    check: "house accounts cache no balance",
    sql: `SELECT id AS account_id FROM ledger_accounts
           WHERE owner_kind = 'house' AND balance IS NOT NULL LIMIT 100`,
  },
];

/** Runs every check; an empty list means the ledger is consistent. */
export async function checkLedger(db: Queryable): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const { check, sql } of LEDGER_CHECKS) {
    for (const row of await db.query<Record<string, unknown>>(sql)) problems.push({ check, row });
  }
  return problems;
}
