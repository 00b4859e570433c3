-- Promotional costs in the operator's reports (modules/reports, ADR 0020 "Revised"): per UTC day
-- and currency, in the currency's minor unit, kept by the "reports" consumer from bonus.granted,
-- bonus.forfeited, bonus.converted, tournament.prize.paid and wallet.adjusted, raised in the
-- transaction of each posting.
-- - bonus_granted: bonus money given (house bonuses → player bonus), free-spin winnings left out
--   (their rounds count them as wins already); bonus_forfeited: bonus money taken back at a
--   cancel or expiry; bonus_converted: bonus money that became real money (wagering done).
-- - prizes: tournament cash prizes paid to real balances.
-- - adjustment_credits / adjustment_debits: the operator's manual adjustments of real balances,
--   each side as a positive amount.
ALTER TABLE report_daily
  ADD COLUMN bonus_granted numeric(78, 0) NOT NULL DEFAULT 0,
  ADD COLUMN bonus_forfeited numeric(78, 0) NOT NULL DEFAULT 0,
  ADD COLUMN bonus_converted numeric(78, 0) NOT NULL DEFAULT 0,
  ADD COLUMN prizes numeric(78, 0) NOT NULL DEFAULT 0,
  ADD COLUMN adjustment_credits numeric(78, 0) NOT NULL DEFAULT 0,
  ADD COLUMN adjustment_debits numeric(78, 0) NOT NULL DEFAULT 0;

-- These columns of every day filled from the ledger, set (not added): the postings found through
-- the rows that name them (player_bonuses by ledger key, tournament_results, the audit rows of
-- adjustments), so the ledger itself is never scanned. Each posting counts on the day of its
-- domain row (issued_at, finished_at, the result's and the audit row's created_at), the instant
-- its event carries. Called by backfillReports at the consumer's first start, and below.
CREATE FUNCTION report_fill_promotions() RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily AS r (day, currency, bonus_granted, bonus_forfeited, bonus_converted,
                                 prizes, adjustment_credits, adjustment_debits)
  SELECT (m.at AT TIME ZONE 'UTC')::date, m.currency,
         coalesce(sum(m.amount) FILTER (WHERE m.what = 'granted'), 0),
         coalesce(sum(m.amount) FILTER (WHERE m.what = 'forfeited'), 0),
         coalesce(sum(m.amount) FILTER (WHERE m.what = 'converted'), 0),
         coalesce(sum(m.amount) FILTER (WHERE m.what = 'prize'), 0),
         coalesce(sum(m.amount) FILTER (WHERE m.what = 'adjustment' AND m.amount > 0), 0),
         coalesce(-sum(m.amount) FILTER (WHERE m.what = 'adjustment' AND m.amount < 0), 0)
    FROM (
      SELECT k.what, k.at, le.currency, le.amount
        FROM player_bonuses pb
       CROSS JOIN LATERAL (VALUES
               ('granted', 'bonus:grant:' || pb.id, pb.issued_at),
               ('converted', 'bonus:convert:' || pb.id, pb.finished_at),
               ('forfeited', 'bonus:remove:' || pb.id, pb.finished_at)) AS k(what, key, at)
        JOIN ledger_transactions lt ON lt.idempotency_key = k.key AND lt.status = 'applied'
        JOIN ledger_entries le ON le.transaction_id = lt.id AND le.amount > 0
       WHERE NOT (k.what = 'granted' AND pb.source LIKE 'freespins:%')
      UNION ALL
      SELECT 'prize', tr.created_at, le.currency, le.amount
        FROM tournament_results tr
        JOIN ledger_transactions lt ON lt.id = tr.ledger_transaction_id AND lt.status = 'applied'
        JOIN ledger_entries le ON le.transaction_id = lt.id AND le.amount > 0
      UNION ALL
      SELECT 'adjustment', oc.created_at, le.currency, le.amount
        FROM operator_changes oc
        JOIN ledger_transactions lt
          ON lt.id = CASE WHEN oc.entity_id ~ '^[0-9]{1,18}$' THEN oc.entity_id::bigint END
         AND lt.kind = 'operator.adjustment' AND lt.status = 'applied'
        JOIN ledger_entries le ON le.transaction_id = lt.id
        JOIN ledger_accounts la ON la.id = le.account_id AND la.owner_kind = 'player'
       WHERE oc.kind = 'player-adjustment' AND oc.action = 'create'
    ) m
   GROUP BY 1, 2
  ON CONFLICT (day, currency) DO UPDATE SET
    bonus_granted = EXCLUDED.bonus_granted, bonus_forfeited = EXCLUDED.bonus_forfeited,
    bonus_converted = EXCLUDED.bonus_converted, prizes = EXCLUDED.prizes,
    adjustment_credits = EXCLUDED.adjustment_credits,
    adjustment_debits = EXCLUDED.adjustment_debits
$$;

-- An installation whose reports were filled already (0052's first start placed the consumer's
-- cursor) gets the past promotional costs here, in the migration's transaction: nothing before it
-- raised these events, and everything after it does. A new installation (no cursor yet) is
-- filled whole by the consumer's first start.
SELECT report_fill_promotions()
 WHERE EXISTS (SELECT 1 FROM domain_event_cursors WHERE consumer = 'reports');
