-- The play-sums trigger looks its rows up by key, whatever the statistics say (issue 30,
-- docs/performance.md "The wallet over HTTP, 2026-12-07").
--
-- 0036's trigger joined the batch's entries to ledger_accounts, player_play_tracked and
-- ledger_transactions and left the plan to the statistics. Before ledger_accounts had been
-- analysed (a new database, or one whose accounts were just opened in bulk) the planner took
-- "purpose IN ('real', 'bonus')" for one row and hashed every player account on every batch of
-- postings: 19 ms of the 25 ms a 200-posting batch took in PostgreSQL with 10,000 accounts, and
-- more with every account opened; after ANALYZE the same statement took 0.2 ms. The wallet's
-- throughput depended on when autovacuum had last looked.
--
-- Now: no play sums are kept anywhere (the usual case: no player ever had a bet or loss limit)
-- costs one look at an empty table; otherwise each entry's account and transaction are read by
-- primary key (OFFSET 0 keeps each lookup a subquery the planner cannot turn into a scan of the
-- whole table), and only entries of tracked accounts go on.
CREATE OR REPLACE FUNCTION count_player_play() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM player_play_tracked) THEN
    RETURN NULL;
  END IF;
  INSERT INTO player_play_quarters AS q (wallet_account_id, starts_at, stakes, winnings)
  SELECT a.wallet_account_id,
         date_bin('15 minutes', t.created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
         sum(CASE WHEN t.kind = 'game.win' THEN 0 ELSE -e.amount END),
         sum(CASE WHEN t.kind = 'game.win' THEN e.amount ELSE 0 END)
    FROM added e
   CROSS JOIN LATERAL (
         SELECT a.wallet_account_id FROM ledger_accounts a
          WHERE a.id = e.account_id AND a.owner_kind = 'player' AND a.purpose IN ('real', 'bonus')
            AND EXISTS (SELECT 1 FROM player_play_tracked k WHERE k.wallet_account_id = a.wallet_account_id)
         OFFSET 0) a
   CROSS JOIN LATERAL (
         SELECT t.kind, t.created_at FROM ledger_transactions t
          WHERE t.id = e.transaction_id
            AND t.kind IN ('game.bet', 'game.win', 'game.rollback') AND t.status = 'applied'
         OFFSET 0) t
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (wallet_account_id, starts_at) DO UPDATE
     SET stakes = q.stakes + EXCLUDED.stakes, winnings = q.winnings + EXCLUDED.winnings;
  RETURN NULL;
END;
$$;
