-- ledger_post_arrays: the batch as parallel arrays, applied set-based (issue 4, Performance).
--
-- Measured on 0013's ledger_post (auto_explain, 200 postings, 10,000 accounts): the batch's
-- jsonb was expanded in five passes, and the per-item answers joined the keys against the whole
-- of ledger_transactions (a sequential scan that grows with every posting ever made) and ran a
-- window over the parsed legs; the balance update scanned every account. This version takes
-- the batch as arrays (one element per item; one per leg with the index of its item), so
-- nothing is parsed, and:
-- 1. checks each item balances to zero per currency and names accounts of its currency;
-- 2. locks the batch's player accounts once, in id order, and reads their balances;
-- 3. sends an item down the slow path (item by item, as 0013's) when its key repeats in the
--    batch or exists already, when it touches an account that could go below zero (one whose
--    balance plus all the batch's debits on it is negative), or when it shares a player account
--    with an item sent that way. Any other item cannot be short whatever the order or the fate
--    of the others, so
-- 4. the rest is applied set-based: keys claimed by one INSERT ... ON CONFLICT DO NOTHING
--    RETURNING (a key a concurrent batch claimed meanwhile goes to the slow path and is answered
--    as a replay), entries in one INSERT, balances in one UPDATE whose RETURNING gives each
--    item's balances after it.
-- The set-based items are applied first, then the slow ones; as the two groups share no key and
-- no player account, every item gets the answer and the balances (right after it) it would have
-- had if the batch had been applied item by item in order.
-- Returns one row per item, as ledger_post: item (0-based), status (applied | rejected |
-- conflict), transaction_id, reason, replay, balances (player account id -> balance, as text).

-- Player balances change with every posting; with free room on their page the new row version
-- stays there and no index entry is written (a HOT update). Applies to pages written from now on.
ALTER TABLE ledger_accounts SET (fillfactor = 50);

CREATE FUNCTION ledger_post_arrays(
  p_keys text[],
  p_kinds text[],
  p_hashes text[],
  p_metadata jsonb[],
  p_leg_items integer[],
  p_leg_accounts bigint[],
  p_leg_currencies text[],
  p_leg_amounts numeric[]
)
RETURNS TABLE (
  item integer,
  status text,
  transaction_id bigint,
  reason text,
  replay boolean,
  balances jsonb
) LANGUAGE plpgsql
-- One plan per statement, kept for the session: custom plans were re-planned on every call
-- (about 10 % of the batch's time) and, estimating the arrays' real lengths, chose sequential
-- scans of ledger_accounts over primary-key lookups.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_count integer := COALESCE(cardinality(p_keys), 0);
  v_legs integer := COALESCE(cardinality(p_leg_items), 0);
  v_valid boolean;
  v_accounts bigint[];
  v_before numeric[];
  v_currencies text[];
  v_seen text[];
  v_slow integer[];
  v_more integer[];
  v_fast integer[];
  v_claimed_items integer[];
  v_claimed_ids bigint[];
  v_i integer;
  v_key text;
  v_hash text;
  v_existing record;
  v_short boolean;
  v_tx bigint;
BEGIN
  IF v_count = 0 THEN
    RETURN;
  END IF;
  IF COALESCE(cardinality(p_kinds), 0) <> v_count OR COALESCE(cardinality(p_hashes), 0) <> v_count
     OR COALESCE(cardinality(p_metadata), 0) <> v_count
     OR COALESCE(cardinality(p_leg_accounts), 0) <> v_legs
     OR COALESCE(cardinality(p_leg_currencies), 0) <> v_legs
     OR COALESCE(cardinality(p_leg_amounts), 0) <> v_legs THEN
    RAISE EXCEPTION 'ledger_post: the item arrays or the leg arrays differ in length'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 1. Every item has two legs or more, summing to zero per currency; no leg outside an item.
  SELECT count(*) = v_count AND COALESCE(bool_and(COALESCE(v.ok, false)), false) INTO v_valid
    FROM (SELECT c.item, sum(c.legs) >= 2 AND bool_and(c.total = 0) AND c.item >= 0
                 AND c.item < v_count AS ok
            FROM (SELECT l.item, l.currency, sum(l.amount) AS total, count(*) AS legs
                    FROM unnest(p_leg_items, p_leg_currencies, p_leg_amounts) AS l(item, currency, amount)
                   GROUP BY l.item, l.currency) c
           GROUP BY c.item) v;
  IF NOT v_valid THEN
    RAISE EXCEPTION 'ledger_post: an item does not balance to zero per currency'
      USING ERRCODE = 'check_violation';
  END IF;

  -- 2. The player accounts, locked in id order (concurrent batches queue on their first shared
  -- account instead of deadlocking), and their balances under the lock. House accounts cache
  -- no balance and are never locked.
  SELECT array_agg(a.id ORDER BY a.id), array_agg(a.balance ORDER BY a.id),
         array_agg(a.currency ORDER BY a.id)
    INTO v_accounts, v_before, v_currencies
    FROM (SELECT a.id, a.balance, a.currency
            FROM ledger_accounts a
           WHERE a.id IN (SELECT DISTINCT x FROM unnest(p_leg_accounts) AS x)
             AND a.owner_kind = 'player'
           ORDER BY a.id
             FOR UPDATE) a;
  v_accounts := COALESCE(v_accounts, '{}');
  v_before := COALESCE(v_before, '{}');

  -- Every leg names an account of its currency (a player account locked above, or a house one).
  IF EXISTS (
    SELECT 1 FROM (SELECT DISTINCT l.account, l.currency
                     FROM unnest(p_leg_accounts, p_leg_currencies) AS l(account, currency)) l
     WHERE NOT EXISTS (
             SELECT 1 FROM unnest(v_accounts, v_currencies) AS p(account, currency)
              WHERE p.account = l.account AND p.currency = l.currency)
       AND NOT EXISTS (
             SELECT 1 FROM ledger_accounts a
              WHERE a.id = l.account AND a.currency = l.currency AND a.owner_kind = 'house')
  ) THEN
    RAISE EXCEPTION 'ledger_post: a leg names an unknown account or another currency'
      USING ERRCODE = 'foreign_key_violation';
  END IF;

  -- 3. The items that need the slow path. (Keys seen before are looked up by the index: an
  -- EXISTS in the filter below was planned as a hash of the whole of ledger_transactions.)
  v_seen := ARRAY(SELECT t.idempotency_key FROM ledger_transactions t
                   WHERE t.idempotency_key = ANY (p_keys));
  WITH keys AS (
    SELECT (k.n - 1)::integer AS item, k.key, count(*) OVER (PARTITION BY k.key) AS uses
      FROM unnest(p_keys) WITH ORDINALITY AS k(key, n)
  ), risky AS (
    SELECT b.account
      FROM unnest(v_accounts, v_before) AS b(account, balance)
      JOIN unnest(p_leg_accounts, p_leg_amounts) AS l(account, amount)
        ON l.account = b.account AND l.amount < 0
     GROUP BY b.account, b.balance
    HAVING b.balance + sum(l.amount) < 0
  ), risky_items AS (
    SELECT DISTINCT l.item
      FROM unnest(p_leg_items, p_leg_accounts) AS l(item, account)
     WHERE l.account IN (SELECT r.account FROM risky r)
  )
  SELECT COALESCE(array_agg(k.item ORDER BY k.item), '{}') INTO v_slow
    FROM keys k
   WHERE k.uses > 1
      OR k.item IN (SELECT r.item FROM risky_items r)
      OR k.key = ANY (v_seen);
  -- An item sharing a player account with a slow item goes the slow way too (and so on), so the
  -- two groups share no cached balance: applying one group before the other gives every item the
  -- status and the balances it would have had in item order.
  WHILE cardinality(v_slow) > 0 LOOP
    v_more := ARRAY(
      SELECT DISTINCT l.item
        FROM unnest(p_leg_items, p_leg_accounts) AS l(item, account)
       WHERE NOT (l.item = ANY (v_slow))
         AND l.account IN (SELECT s.account
                             FROM unnest(p_leg_items, p_leg_accounts) AS s(item, account)
                            WHERE s.item = ANY (v_slow) AND s.account = ANY (v_accounts)));
    EXIT WHEN cardinality(v_more) = 0;
    v_slow := ARRAY(SELECT x FROM unnest(v_slow || v_more) AS x ORDER BY x);
  END LOOP;
  v_fast := ARRAY(SELECT g FROM generate_series(0, v_count - 1) AS g
                   WHERE NOT (g = ANY (v_slow)) ORDER BY g);

  -- 4. The set-based path.
  IF cardinality(v_fast) > 0 THEN
    WITH claimed AS (
      INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, status, metadata)
      SELECT p_keys[f.i + 1], p_kinds[f.i + 1], p_hashes[f.i + 1], 'applied',
             COALESCE(p_metadata[f.i + 1], '{}')
        FROM unnest(v_fast) AS f(i)
       -- In key order: two batches claiming some of the same keys wait on each other's keys in
       -- one order, never in a cycle (a deadlock would cost a retry of both batches).
       ORDER BY p_keys[f.i + 1]
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key
    )
    SELECT array_agg(f.i ORDER BY f.i), array_agg(c.id ORDER BY f.i)
      INTO v_claimed_items, v_claimed_ids
      FROM claimed c
      JOIN unnest(v_fast) AS f(i) ON p_keys[f.i + 1] = c.idempotency_key;
    v_claimed_items := COALESCE(v_claimed_items, '{}');
    v_claimed_ids := COALESCE(v_claimed_ids, '{}');

    IF cardinality(v_claimed_items) < cardinality(v_fast) THEN
      -- Keys a concurrent batch claimed and committed since step 3: answered by the slow path.
      SELECT array_agg(s.i ORDER BY s.i) INTO v_slow
        FROM (SELECT unnest(v_slow) AS i
              UNION
              SELECT f.i FROM unnest(v_fast) AS f(i) WHERE NOT (f.i = ANY (v_claimed_items))) s;
    END IF;

    IF cardinality(v_claimed_items) > 0 THEN
      RETURN QUERY
      WITH applied AS (
        SELECT c.i, c.id FROM unnest(v_claimed_items, v_claimed_ids) AS c(i, id)
      ), legs AS (
        SELECT a.i, a.id, l.account, l.currency, l.amount
          FROM unnest(p_leg_items, p_leg_accounts, p_leg_currencies, p_leg_amounts)
                 AS l(item, account, currency, amount)
          JOIN applied a ON a.i = l.item
      ), entries AS (
        INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
        SELECT l.id, l.account, l.currency, l.amount FROM legs l
      ), deltas AS (
        SELECT l.i, l.account, sum(l.amount) AS delta
          FROM legs l
         WHERE l.account = ANY (v_accounts)
         GROUP BY l.i, l.account
      ), totals AS (
        SELECT d.account, sum(d.delta) AS total FROM deltas d GROUP BY d.account
      ), updated AS (
        UPDATE ledger_accounts a SET balance = a.balance + t.total
          FROM totals t
         WHERE a.id = t.account AND a.owner_kind = 'player'
        RETURNING a.id, a.balance, t.total
      ), after AS (
        -- The balance right after item i: the final balance less the later items' deltas.
        SELECT d.i, d.account,
               u.balance - u.total + sum(d.delta) OVER (PARTITION BY d.account ORDER BY d.i) AS balance
          FROM deltas d JOIN updated u ON u.id = d.account
      )
      SELECT a.i, 'applied'::text, a.id, NULL::text, false, b.balances
        FROM applied a
        LEFT JOIN (SELECT x.i, jsonb_object_agg(x.account::text, x.balance::text) AS balances
                     FROM after x GROUP BY x.i) b ON b.i = a.i;
    END IF;
  END IF;

  -- 5. Item by item, in item order, under the locks taken in step 2.
  FOREACH v_i IN ARRAY v_slow LOOP
    item := v_i;
    v_key := p_keys[v_i + 1];
    v_hash := p_hashes[v_i + 1];
    balances := NULL;
    reason := NULL;
    replay := false;
    v_tx := NULL;

    -- A key seen before (or claimed by a concurrent batch that committed): its first answer.
    SELECT t.id, t.status, t.reason, t.request_hash INTO v_existing
      FROM ledger_transactions t WHERE t.idempotency_key = v_key;
    IF NOT FOUND THEN
      SELECT EXISTS (
        SELECT 1
          FROM (SELECT l.account, sum(l.amount) AS delta
                  FROM unnest(p_leg_items, p_leg_accounts, p_leg_amounts) AS l(item, account, amount)
                 WHERE l.item = v_i
                 GROUP BY l.account) d
          JOIN ledger_accounts a ON a.id = d.account
         WHERE a.owner_kind = 'player' AND a.balance + d.delta < 0
      ) INTO v_short;

      INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, status, reason, metadata)
      VALUES (v_key, p_kinds[v_i + 1], v_hash,
              CASE WHEN v_short THEN 'rejected' ELSE 'applied' END,
              CASE WHEN v_short THEN 'insufficient_funds' END,
              COALESCE(p_metadata[v_i + 1], '{}'))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id INTO v_tx;

      IF v_tx IS NULL THEN
        -- A concurrent batch claimed the key and committed while we waited on it.
        SELECT t.id, t.status, t.reason, t.request_hash INTO v_existing
          FROM ledger_transactions t WHERE t.idempotency_key = v_key;
      END IF;
    END IF;

    IF v_tx IS NULL THEN
      transaction_id := v_existing.id;
      replay := true;
      IF v_existing.request_hash <> v_hash THEN
        status := 'conflict';
        reason := 'idempotency_key_reused';
      ELSE
        status := v_existing.status;
        reason := v_existing.reason;
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;

    transaction_id := v_tx;
    IF v_short THEN
      status := 'rejected';
      reason := 'insufficient_funds';
      RETURN NEXT;
      CONTINUE;
    END IF;

    WITH legs AS (
      SELECT l.account, l.currency, l.amount
        FROM unnest(p_leg_items, p_leg_accounts, p_leg_currencies, p_leg_amounts)
               AS l(item, account, currency, amount)
       WHERE l.item = v_i
    ), entries AS (
      INSERT INTO ledger_entries (transaction_id, account_id, currency, amount)
      SELECT v_tx, l.account, l.currency, l.amount FROM legs l
    ), updated AS (
      UPDATE ledger_accounts a SET balance = a.balance + d.delta
        FROM (SELECT l.account, sum(l.amount) AS delta FROM legs l GROUP BY l.account) d
       WHERE a.id = d.account AND a.owner_kind = 'player'
      RETURNING a.id, a.balance
    )
    SELECT jsonb_object_agg(u.id::text, u.balance::text) INTO balances FROM updated u;

    status := 'applied';
    RETURN NEXT;
  END LOOP;
END;
$$;

-- The jsonb form of 0005/0013, kept for SQL callers: the same batch, converted to arrays.
CREATE OR REPLACE FUNCTION ledger_post(p_items jsonb)
RETURNS TABLE (
  item integer,
  status text,
  transaction_id bigint,
  reason text,
  replay boolean,
  balances jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  v_keys text[];
  v_kinds text[];
  v_hashes text[];
  v_metadata jsonb[];
  v_leg_items integer[];
  v_leg_accounts bigint[];
  v_leg_currencies text[];
  v_leg_amounts numeric[];
BEGIN
  SELECT array_agg(i.v ->> 'key' ORDER BY i.n), array_agg(i.v ->> 'kind' ORDER BY i.n),
         array_agg(i.v ->> 'hash' ORDER BY i.n), array_agg(i.v -> 'metadata' ORDER BY i.n)
    INTO v_keys, v_kinds, v_hashes, v_metadata
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS i(v, n);
  SELECT array_agg((i.n - 1)::integer ORDER BY i.n, l.m),
         array_agg((l.v ->> 'account')::bigint ORDER BY i.n, l.m),
         array_agg(l.v ->> 'currency' ORDER BY i.n, l.m),
         array_agg((l.v ->> 'amount')::numeric ORDER BY i.n, l.m)
    INTO v_leg_items, v_leg_accounts, v_leg_currencies, v_leg_amounts
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS i(v, n),
         jsonb_array_elements(i.v -> 'legs') WITH ORDINALITY AS l(v, m);
  RETURN QUERY
  SELECT r.item, r.status, r.transaction_id, r.reason, r.replay, r.balances
    FROM ledger_post_arrays(v_keys, v_kinds, v_hashes, v_metadata, v_leg_items, v_leg_accounts,
                            v_leg_currencies, v_leg_amounts) r
   ORDER BY r.item;
END;
$$;
