-- Running play sums for limit usage (docs/performance.md, "A cost that grows").
--
-- A bet or loss limit's usage is the player's stakes and winnings in the limit's period. It was
-- summed from the ledger on every check: every game entry the wallet account ever had (the
-- entries are indexed by account, not by time), so each bet of a player with a limit cost more
-- than the one before. Now every game posting also adds to a per-account, per-quarter-hour sum,
-- and a period's usage adds up at most 96 rows a day. Quarter hours: every time zone's offset is
-- a whole number of quarter hours, so a local day, week or month starts and ends on one.

-- One row per game ledger entry on a player's real or bonus account: what it staked (a bet's
-- debit, less the rollbacks of bets) and what it won. The one definition used by the trigger,
-- the backfill below, the ledger check and the queries of periods that are not whole quarters.
CREATE VIEW player_play_entries AS
SELECT e.id AS entry_id, a.wallet_account_id, t.created_at,
       date_bin('15 minutes', t.created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS quarter,
       CASE WHEN t.kind = 'game.win' THEN 0 ELSE -e.amount END AS staked,
       CASE WHEN t.kind = 'game.win' THEN e.amount ELSE 0 END AS won
  FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id
  JOIN ledger_transactions t ON t.id = e.transaction_id
 WHERE a.owner_kind = 'player' AND a.purpose IN ('real', 'bonus')
   AND t.kind IN ('game.bet', 'game.win', 'game.rollback') AND t.status = 'applied';

-- Written only by the trigger below (no foreign key: the entries it sums name the account).
-- The same row takes every posting of its quarter: room on the page keeps the update HOT.
CREATE TABLE player_play_quarters (
  wallet_account_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  stakes numeric(78, 0) NOT NULL,
  winnings numeric(78, 0) NOT NULL,
  PRIMARY KEY (wallet_account_id, starts_at)
) WITH (fillfactor = 10);

CREATE FUNCTION count_player_play() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_play_quarters AS q (wallet_account_id, starts_at, stakes, winnings)
  SELECT a.wallet_account_id,
         date_bin('15 minutes', t.created_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
         sum(CASE WHEN t.kind = 'game.win' THEN 0 ELSE -e.amount END),
         sum(CASE WHEN t.kind = 'game.win' THEN e.amount ELSE 0 END)
    FROM added e
    JOIN ledger_accounts a ON a.id = e.account_id
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

-- Once per INSERT statement (a batch of postings inserts its entries in one), in the posting's
-- transaction: the sums commit or roll back with the entries.
CREATE TRIGGER ledger_entries_count_player_play
  AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_player_play();

INSERT INTO player_play_quarters (wallet_account_id, starts_at, stakes, winnings)
SELECT wallet_account_id, quarter, sum(staked), sum(won)
  FROM player_play_entries
 GROUP BY 1, 2;
