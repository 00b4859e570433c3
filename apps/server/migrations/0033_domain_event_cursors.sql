-- Domain events read by cursor (ADR 0009, revised): each consumer keeps its place in the event
-- log instead of every event getting a delivery row per consumer. Measured with the provider
-- wallet's batches (bench:games, docs/performance.md): the delivery rows (four inserts, four row
-- locks and four deletes per settled bet) made the consumers the bottleneck once the wallet ran
-- at 900 bet+win round trips/s; a backlog built up faster than they took it.
--
-- The log's order is (tx, id): the id of the transaction that raised the event, then the event's
-- own id. A consumer reads the events after its cursor whose transaction is older than every
-- transaction still running (tx < xmin of the reader's snapshot). Those are all committed or
-- rolled back for good, so no event can appear behind a cursor later: a transaction that raised
-- events and has not committed yet holds the readers back until it ends. Plain ids would not do:
-- they are handed out when the row is inserted, and transactions commit in another order.
--
-- Events raised before this migration get tx 0 (before every cursor): their deliveries still
-- waiting stay in domain_event_deliveries and are handled there.
ALTER TABLE domain_events ADD COLUMN tx xid8 NOT NULL DEFAULT '0';
ALTER TABLE domain_events ALTER COLUMN tx SET DEFAULT pg_current_xact_id();
CREATE INDEX domain_events_position ON domain_events (tx, id);

-- Where each consumer is: every event up to (tx, event_id) is handled (or failed and waits in
-- domain_event_deliveries). The dispatcher locks a consumer's row for the length of a dispatch
-- (FOR UPDATE SKIP LOCKED), so several nodes never hand the same event to one consumer twice.
-- Written by DomainEvents.persist for a new consumer: at the current end of the log.
CREATE TABLE domain_event_cursors (
  consumer text PRIMARY KEY,
  tx xid8 NOT NULL,
  event_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- domain_event_deliveries now holds only the deliveries that wait for another try: a handler
-- that failed (attempts, retry_at, last_error), or one an operator queued by hand (due at once).
-- Raising an event writes the event alone.
CREATE OR REPLACE FUNCTION raise_domain_event(p_type text, p_key text, p_player uuid,
                                              p_payload jsonb, p_at timestamptz)
RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO domain_events (type, key, player_id, payload, created_at)
  VALUES (p_type, p_key, p_player, p_payload, coalesce(p_at, now()))
  ON CONFLICT (key) DO NOTHING
  RETURNING id INTO v_id;
  RETURN v_id;
END;
$$;
