-- Deposit and withdrawal invoices (BE-23, BE-25) and the processor webhook events seen
-- (idempotency by event id).

CREATE TABLE payment_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  type smallint NOT NULL CHECK (type IN (1, 2)),
  -- 1 pending, 2 success, 3 failure, 4 declined (constants payment.invoiceStatuses).
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
  wallet_account_id uuid NOT NULL REFERENCES wallet_accounts (id) ON DELETE RESTRICT,
  method_id bigint NOT NULL REFERENCES payment_methods (id),
  method text NOT NULL,
  processor text NOT NULL,
  processing_type text NOT NULL,
  currency text NOT NULL REFERENCES currencies (code),
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  country text,
  fields jsonb NOT NULL DEFAULT '{}',
  bonus_id text,
  is_bonus_decline boolean NOT NULL DEFAULT false,
  -- What the client may see (an async invoice's QR arrives here later).
  public_data jsonb NOT NULL DEFAULT '{}',
  -- The processor's id of the payment.
  processor_reference text UNIQUE,
  -- The client's Idempotency-Key header: a retried POST returns the first invoice.
  idempotency_key text,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  UNIQUE (player_id, idempotency_key)
);
CREATE INDEX payment_invoices_player ON payment_invoices (player_id, created_at DESC);

CREATE TABLE payment_webhook_events (
  processor text NOT NULL,
  event_id text NOT NULL,
  invoice_id uuid,
  type text NOT NULL,
  -- What applying it did: applied | ignored (stale or out-of-order) | rejected (mismatch).
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (processor, event_id)
);

ALTER TABLE payment_invoices ADD COLUMN client_response jsonb;

-- The sandbox processor's own book of payments (what a real processor keeps on its side).
CREATE TABLE sandbox_payments (
  reference text PRIMARY KEY,
  invoice_id uuid NOT NULL,
  amount numeric(78, 0) NOT NULL,
  currency text NOT NULL,
  processing_type text NOT NULL,
  -- pending | succeeded | failed
  status text NOT NULL DEFAULT 'pending',
  success_url text,
  error_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
