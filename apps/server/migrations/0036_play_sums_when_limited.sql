-- Play sums only where a limit reads them (docs/performance.md, "Games"; ADR 0008's revision).
--
-- Migration 0035 kept quarter-hour play sums for every player's account: one more row written
-- by every game posting, about 0.1 ms of PostgreSQL time per provider wallet call, though only
-- the checks of bet and loss limits need them. Now an account's sums are kept from the first
-- bet checked against such a limit on it (the check starts them under the player's lock,
-- backfilled from the ledger: limitsRepository.startPlaySums) and for good after that. Every
-- other read of play takes an account's sums only when it has them, else its entries.

-- The accounts whose sums are kept, complete from the ledger's first entry.
CREATE TABLE player_play_tracked (
  wallet_account_id uuid PRIMARY KEY REFERENCES wallet_accounts (id),
  started_at timestamptz NOT NULL
);

-- Accounts with a bet (1) or loss (2) limit keep the sums 0035 built; the others drop them.
INSERT INTO player_play_tracked (wallet_account_id, started_at)
SELECT DISTINCT w.id, now()
  FROM wallet_accounts w
  JOIN player_limits l ON l.player_id = w.player_id AND l.currency = w.currency
 WHERE l.definition IN (1, 2);

DELETE FROM player_play_quarters q
 WHERE NOT EXISTS (SELECT 1 FROM player_play_tracked k WHERE k.wallet_account_id = q.wallet_account_id);

CREATE OR REPLACE FUNCTION count_player_play() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_play_quarters AS q (wallet_account_id, starts_at, stakes, winnings)
  SELECT a.wallet_account_id,
         date_bin('15 minutes', t.created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
         sum(CASE WHEN t.kind = 'game.win' THEN 0 ELSE -e.amount END),
         sum(CASE WHEN t.kind = 'game.win' THEN e.amount ELSE 0 END)
    FROM added e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN player_play_tracked k ON k.wallet_account_id = a.wallet_account_id
    JOIN ledger_transactions t ON t.id = e.transaction_id
   WHERE a.owner_kind = 'player' AND a.purpose IN ('real', 'bonus')
     AND t.kind IN ('game.bet', 'game.win', 'game.rollback') AND t.status = 'applied'
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (wallet_account_id, starts_at) DO UPDATE
     SET stakes = q.stakes + EXCLUDED.stakes, winnings = q.winnings + EXCLUDED.winnings;
  RETURN NULL;
END;
$$;
