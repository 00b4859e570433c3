-- A player's ledger accounts found by their wallet account without a scan of every account.
--
-- 0005 made (wallet_account_id, purpose) unique only `WHERE owner_kind = 'player'`. The
-- planner uses a partial index only for a query that repeats its predicate, and the wallet's
-- reads (WALLET_SELECT: `r.wallet_account_id = w.id AND r.purpose = 'real'`, and the same for
-- bonus and hold) do not, so every wallet read scanned all of ledger_accounts three times: at
-- 10,000 players a provider wallet batch of 250 calls read 22 million rows (docs/performance.md
-- "Sportsbook", 2026-12-07 evening). The same uniqueness without the predicate: house accounts
-- have no wallet account (0005's CHECK), and NULLs never collide in a unique index.
CREATE UNIQUE INDEX ledger_accounts_wallet_purpose ON ledger_accounts (wallet_account_id, purpose);
DROP INDEX ledger_accounts_player;
