-- Withdrawals (BE-26): the sandbox processor also pays out, and a payment can be cancelled
-- before the processor decides it (a player declining a pending invoice).
ALTER TABLE sandbox_payments ADD COLUMN kind text NOT NULL DEFAULT 'deposit'
  CHECK (kind IN ('deposit', 'payout'));
ALTER TABLE sandbox_payments DROP CONSTRAINT IF EXISTS sandbox_payments_status_check;
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_status_check
  CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled'));
