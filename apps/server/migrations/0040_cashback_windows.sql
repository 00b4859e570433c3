-- Cashback windows (apps/server/src/modules/bonus/cashback.ts; ADR 0014): the stretch of time each
-- payout covered, per currency. Before, a payout covered "the last ended period" of the config's
-- current period and was made once per player by a key on the period's start, so a change of the
-- period (weekly to daily, say) could pay the same losses twice, and a config created mid-period
-- would pay for the period before it existed. Now each window starts where the currency's last
-- one ended: windows never overlap and leave no gap. A window ends at the end of the last ended
-- period; `pays` says whether it paid (the config enabled and linked to a bonus) or only marked
-- the time as covered (switched off, unlinked, or the marker a new config leaves at its
-- creation); `completed_at` is set once every player of a paying window was paid.
CREATE TABLE cashback_windows (
  currency text NOT NULL REFERENCES currencies (code),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at >= starts_at),
  pays boolean NOT NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (currency, ends_at)
);
CREATE INDEX cashback_windows_unpaid ON cashback_windows (currency, ends_at)
  WHERE pays AND completed_at IS NULL;

-- The operator API for cashback (/api/operator/cashback; operator-cashback.ts).
ALTER TABLE cashback_configs ADD COLUMN updated_at timestamptz;

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule', 'cashback'));
