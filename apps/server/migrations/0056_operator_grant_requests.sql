-- Operator bonus grants above OPERATOR_GRANT_APPROVAL_ABOVE wait here for a second operator
-- (issue 24): the requester's key (and user) is kept, so the approver can be told apart; once
-- approved, the grant is issued with source "operator:{grant_key}" like a grant made at once.
CREATE TABLE operator_grant_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  grant_key text NOT NULL,
  bonus_slug text NOT NULL,
  currency text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  -- The grant asked for (GrantOperatorBonusBody), issued as it is on approval.
  body jsonb NOT NULL,
  without_wagering boolean NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by text NOT NULL,
  -- Null: the root key (OPERATOR_API_TOKEN).
  requested_key_id integer,
  requested_user_id integer,
  decided_by text,
  decided_key_id integer,
  decided_user_id integer,
  decision_reason text,
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  UNIQUE (player_id, grant_key)
);
CREATE INDEX operator_grant_requests_pending ON operator_grant_requests (created_at)
  WHERE status = 'pending';
