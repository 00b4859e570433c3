-- The wallet's double-entry ledger (issue 4, DESIGN.md "Money", BE-21).
--
-- Every movement of money is a ledger transaction whose entries sum to zero per currency. Player
-- accounts cache their balance on the row, updated in the same database transaction as the
-- entries and guarded by CHECK (balance >= 0). House accounts (deposits in transit, game
-- results, bonuses granted, withdrawals payable…) cache nothing: posting never updates a hot
-- house row; their balances are the sum of their entries (ledger_house_balances).
-- Amounts are integers of the currency's minor unit, numeric(78,0) (18-decimal tokens overflow
-- bigint). Transactions and entries are append-only.

CREATE TABLE wallet_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
  currency text NOT NULL REFERENCES currencies (code),
  is_active boolean NOT NULL DEFAULT false,
  is_hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, currency),
  -- The active account is never hidden.
  CHECK (NOT (is_active AND is_hidden))
);
-- Exactly one active account per player (at most one by this index; the use cases keep one).
CREATE UNIQUE INDEX wallet_accounts_one_active ON wallet_accounts (player_id) WHERE is_active;

CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('player', 'house')),
  -- player: real | bonus | withdrawal_hold; house: deposits | withdrawals | games | bonuses | fees | adjustments
  purpose text NOT NULL CHECK (purpose ~ '^[a-z_]{1,40}$'),
  wallet_account_id uuid REFERENCES wallet_accounts (id) ON DELETE RESTRICT,
  currency text NOT NULL REFERENCES currencies (code),
  -- Cached for player accounts, NULL (not cached) for house accounts.
  balance numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, currency),
  CHECK (
    (owner_kind = 'player' AND wallet_account_id IS NOT NULL AND balance IS NOT NULL AND balance >= 0)
    OR (owner_kind = 'house' AND wallet_account_id IS NULL AND balance IS NULL)
  )
);
CREATE UNIQUE INDEX ledger_accounts_player ON ledger_accounts (wallet_account_id, purpose)
  WHERE owner_kind = 'player';
CREATE UNIQUE INDEX ledger_accounts_house ON ledger_accounts (purpose, currency)
  WHERE owner_kind = 'house';

CREATE TABLE ledger_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The caller's idempotency key (webhook event id, provider transaction id, client header…):
  -- a replay finds this row and gets the first answer; nothing moves twice.
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind text NOT NULL CHECK (kind ~ '^[a-z_.]{1,60}$'),
  -- SHA-256 of the request's legs: the same key with other parameters is refused.
  request_hash text NOT NULL,
  -- Rejected attempts (insufficient funds) are recorded too, so a retry gets the same answer.
  status text NOT NULL CHECK (status IN ('applied', 'rejected')),
  reason text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL,
  currency text NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount <> 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- An entry's currency is its account's currency.
  FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

-- Append-only: entries and transactions are never changed or removed.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

CREATE VIEW ledger_house_balances AS
  SELECT a.id AS account_id, a.purpose, a.currency, COALESCE(sum(e.amount), 0) AS balance
    FROM ledger_accounts a
    LEFT JOIN ledger_entries e ON e.account_id = a.id
   WHERE a.owner_kind = 'house'
   GROUP BY a.id, a.purpose, a.currency;

-- Applies a batch of postings in one call (one commit for the whole batch), each item on its
-- own: its idempotency key is claimed, its legs are applied in account-id order (player
-- debits as conditional updates that never go below zero, house legs as entries only), and an
-- item that lacks funds is rolled back to its savepoint and recorded as rejected.
--   p_items: [{"key": "...", "kind": "...", "hash": "...", "metadata": {...},
--              "legs": [{"account": 12, "currency": "EUR", "amount": "-500"}, ...]}, ...]
-- Returns one row per item: status applied | rejected | conflict (same key, other request),
-- replay (true when the key was seen before), and the player balances after it.
CREATE FUNCTION ledger_post(p_items jsonb)
RETURNS TABLE (
  item integer,
  status text,
  transaction_id bigint,
  reason text,
  replay boolean,
  balances jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_index integer := 0;
  v_tx bigint;
  v_leg record;
  v_existing record;
  v_updated integer;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    item := v_index;
    v_index := v_index + 1;
    balances := NULL;
    reason := NULL;

    IF EXISTS (
      SELECT 1 FROM jsonb_to_recordset(v_item -> 'legs') AS l(account bigint, currency text, amount numeric)
       GROUP BY l.currency HAVING sum(l.amount) <> 0
    ) OR jsonb_array_length(v_item -> 'legs') < 2 THEN
      RAISE EXCEPTION 'ledger_post: item % does not balance to zero per currency', item
        USING ERRCODE = 'check_violation';
    END IF;

    replay := false;
    BEGIN
      INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, status, metadata)
      VALUES (v_item ->> 'key', v_item ->> 'kind', v_item ->> 'hash', 'applied',
              COALESCE(v_item -> 'metadata', '{}'))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_tx;

      IF v_tx IS NULL THEN
        SELECT t.id, t.status, t.reason, t.request_hash INTO v_existing
          FROM ledger_transactions t WHERE t.idempotency_key = v_item ->> 'key';
        transaction_id := v_existing.id;
        replay := true;
        IF v_existing.request_hash <> v_item ->> 'hash' THEN
          status := 'conflict';
          reason := 'idempotency_key_reused';
        ELSE
          status := v_existing.status;
          reason := v_existing.reason;
        END IF;
        RETURN NEXT;
        CONTINUE;
      END IF;

      FOR v_leg IN
        SELECT l.account, l.currency, l.amount, a.owner_kind
          FROM jsonb_to_recordset(v_item -> 'legs') AS l(account bigint, currency text, amount numeric)
          JOIN ledger_accounts a ON a.id = l.account
         ORDER BY l.account
      LOOP
        IF v_leg.owner_kind = 'player' THEN
          UPDATE ledger_accounts SET balance = balance + v_leg.amount
           WHERE id = v_leg.account AND balance + v_leg.amount >= 0;
          GET DIAGNOSTICS v_updated = ROW_COUNT;
          IF v_updated = 0 THEN
            RAISE EXCEPTION 'insufficient_funds' USING ERRCODE = 'P0001';
          END IF;
        END IF;
      END LOOP;

      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
      SELECT v_tx, l.account, l.currency, l.amount
        FROM jsonb_to_recordset(v_item -> 'legs') AS l(account bigint, currency text, amount numeric);

      SELECT jsonb_object_agg(a.id::text, a.balance::text) INTO balances
        FROM ledger_accounts a
       WHERE a.owner_kind = 'player'
         AND a.id IN (SELECT (l ->> 'account')::bigint FROM jsonb_array_elements(v_item -> 'legs') l);
      status := 'applied';
      transaction_id := v_tx;
    EXCEPTION WHEN raise_exception THEN
      IF SQLERRM <> 'insufficient_funds' THEN RAISE; END IF;
      -- The savepoint undid this item's claim and updates; record the refusal under the key.
      INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, status, reason, metadata)
      VALUES (v_item ->> 'key', v_item ->> 'kind', v_item ->> 'hash', 'rejected',
              'insufficient_funds', COALESCE(v_item -> 'metadata', '{}'))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_tx;
      status := 'rejected';
      reason := 'insufficient_funds';
      IF v_tx IS NULL THEN
        -- A concurrent request with this key got in after our claim was undone: its answer stands.
        SELECT t.id, t.status, t.reason INTO v_tx, status, reason
          FROM ledger_transactions t WHERE t.idempotency_key = v_item ->> 'key';
        replay := true;
      END IF;
      transaction_id := v_tx;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;

-- Realtime events, written in the transaction of the change they describe and published after
-- commit (DESIGN.md "Realtime"); the realtime module delivers them.
CREATE TABLE event_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX event_outbox_unpublished ON event_outbox (id) WHERE published_at IS NULL;
