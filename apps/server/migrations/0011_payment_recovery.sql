-- Withdrawal approval and the recovery of payment flows a crash interrupted (BE-26, issue 4).
--
-- approval: 'none' (paid out without review), 'awaiting' (an operator must approve first),
-- 'approved', 'rejected'. A withdrawal is handed to the processor only as 'none' or 'approved';
-- a pending one that has no processor reference yet (a crash between reserving the funds and
-- creating the payout, or an approval not yet submitted) is picked up by the recovery job, with
-- the invoice id as the processor's idempotency key so it is never paid twice.
ALTER TABLE payment_invoices ADD COLUMN approval text NOT NULL DEFAULT 'none'
  CHECK (approval IN ('none', 'awaiting', 'approved', 'rejected'));
ALTER TABLE payment_invoices ADD COLUMN reviewed_by text;
ALTER TABLE payment_invoices ADD COLUMN reviewed_at timestamptz;
-- Where the processor sends the player back (kept so a retried request can finish the payment).
ALTER TABLE payment_invoices ADD COLUMN success_url text;
ALTER TABLE payment_invoices ADD COLUMN error_url text;
CREATE INDEX payment_invoices_unsubmitted ON payment_invoices (created_at)
  WHERE status = 1 AND processor_reference IS NULL;
CREATE INDEX payment_invoices_awaiting_approval ON payment_invoices (created_at)
  WHERE status = 1 AND approval = 'awaiting';

-- The sandbox processor, like a real one: one payment per merchant order (invoice and kind),
-- whatever the number of create calls; one event id per decision, redelivered until the
-- platform acknowledges it with a 2xx.
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_invoice_kind UNIQUE (invoice_id, kind);
ALTER TABLE sandbox_payments ADD COLUMN event_id text;
ALTER TABLE sandbox_payments ADD COLUMN delivered_at timestamptz;
ALTER TABLE sandbox_payments ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0;
UPDATE sandbox_payments SET delivered_at = decided_at WHERE decided_at IS NOT NULL;
CREATE INDEX sandbox_payments_undelivered ON sandbox_payments (decided_at)
  WHERE decided_at IS NOT NULL AND delivered_at IS NULL AND status IN ('succeeded', 'failed');
