-- Responsible-gambling limits (LM-01..LM-08, BE-24, BE-34; docs/adr/0008-limits.md).
--
-- Definitions: 1 bet, 2 loss, 3 deposit are cash limits (an amount in minor units of a currency
-- per calendar period in the player's time zone); 4 self-exclusion and 5 cooling-off block play
-- and deposits until expires_at (NULL: an indefinite self-exclusion). A cash limit may carry one
-- pending change (a raise, another period, or its removal) that waits 24 hours and then the
-- player's confirmation. Every request and change is appended to player_limit_audit.

CREATE TABLE player_limits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
  definition smallint NOT NULL CHECK (definition BETWEEN 1 AND 5),
  period text CHECK (period IN ('daily', 'weekly', 'monthly')),
  currency text REFERENCES currencies (code),
  -- Minor units of currency.
  amount numeric(78, 0),
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  pending_remove boolean NOT NULL DEFAULT false,
  pending_period text CHECK (pending_period IN ('daily', 'weekly', 'monthly')),
  pending_amount numeric(78, 0),
  pending_requested_at timestamptz,
  pending_effective_at timestamptz,
  -- Cash limits have a period, a currency and a positive amount, and never an end.
  CONSTRAINT player_limits_cash CHECK (
    definition NOT IN (1, 2, 3)
    OR (period IS NOT NULL AND currency IS NOT NULL AND amount IS NOT NULL AND amount > 0
        AND expires_at IS NULL)
  ),
  -- Self-exclusion and cooling-off have none of those and no pending change; a cooling-off ends.
  CONSTRAINT player_limits_block CHECK (
    definition IN (1, 2, 3)
    OR (period IS NULL AND currency IS NULL AND amount IS NULL AND NOT pending_remove
        AND pending_requested_at IS NULL
        AND (definition = 4 OR expires_at IS NOT NULL)
        AND (expires_at IS NULL OR expires_at > created_at))
  ),
  -- No pending change: every pending column empty. A pending removal: no new values. A pending
  -- change: a new period and a positive amount. Either way it is due after it was asked for.
  CONSTRAINT player_limits_pending CHECK (
    (pending_requested_at IS NULL AND pending_effective_at IS NULL AND NOT pending_remove
     AND pending_period IS NULL AND pending_amount IS NULL)
    OR (pending_requested_at IS NOT NULL AND pending_effective_at > pending_requested_at
        AND ((pending_remove AND pending_period IS NULL AND pending_amount IS NULL)
             OR (NOT pending_remove AND pending_period IS NOT NULL AND pending_amount > 0)))
  )
);
-- One cash limit per player, definition, currency and period.
CREATE UNIQUE INDEX player_limits_one_cash ON player_limits (player_id, definition, currency, period)
  WHERE definition IN (1, 2, 3);
-- One self-exclusion and one cooling-off row per player: a later one extends it, an expired one
-- is replaced (and its end recorded in the audit).
CREATE UNIQUE INDEX player_limits_one_block ON player_limits (player_id, definition)
  WHERE definition IN (4, 5);

-- Every request and every change, never changed or removed (regulators ask for this history).
CREATE TABLE player_limit_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- No foreign key: a removed or replaced limit's history stays.
  limit_id uuid NOT NULL,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
  definition smallint NOT NULL CHECK (definition BETWEEN 1 AND 5),
  currency text,
  action text NOT NULL CHECK (action IN (
    'created',            -- a new limit, in force at once
    'decreased',          -- a stricter amount in the same period, in force at once
    'unchanged',          -- a request that changed nothing (same values; a block not ended later)
    'increase_requested', -- a higher amount in the same period: pending
    'change_requested',   -- another period: pending
    'removal_requested',  -- DELETE of a cash limit: pending
    'pending_dropped',    -- the player dropped a pending change, or a new request replaced it
    'confirmed',          -- a due pending change applied on the player's confirmation
    'removed',            -- a due pending removal applied on the player's confirmation
    'extended',           -- a self-exclusion or cooling-off made to end later
    'expired'             -- a self-exclusion or cooling-off that had ended, replaced by a new one
  )),
  old_period text,
  old_amount numeric(78, 0),
  old_expires_at timestamptz,
  new_period text,
  new_amount numeric(78, 0),
  new_expires_at timestamptz,
  -- When the player asked for what this row records, and when it takes (or took) effect.
  requested_at timestamptz NOT NULL,
  effective_at timestamptz,
  recorded_at timestamptz NOT NULL
);
CREATE INDEX player_limit_audit_player ON player_limit_audit (player_id, id);
CREATE INDEX player_limit_audit_limit ON player_limit_audit (limit_id, id);

CREATE FUNCTION player_limit_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_limit_audit rows are append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER player_limit_audit_append_only BEFORE UPDATE OR DELETE ON player_limit_audit
  FOR EACH ROW EXECUTE FUNCTION player_limit_audit_append_only();
CREATE TRIGGER player_limit_audit_no_truncate BEFORE TRUNCATE ON player_limit_audit
  FOR EACH STATEMENT EXECUTE FUNCTION player_limit_audit_append_only();
