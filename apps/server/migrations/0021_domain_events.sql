-- Domain events (ADR 0009): facts that other modules act on (a bet settled, a deposit
-- succeeded, a player signed in), delivered exactly once to every consumer subscribed to
-- their type. Unlike event_outbox (realtime, at least once, to browsers), a delivery is
-- consumed in the same transaction as the consumer's own writes, so its effect happens once.
--
-- The facts are raised by triggers on the tables that record them, so every code path that
-- closes a round or settles an invoice raises them, in its own transaction, without each use
-- case having to remember to.

CREATE TABLE domain_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL,
  -- One event per fact ("game.bet.settled:<round id>"): a second raise is a no-op.
  key text NOT NULL UNIQUE,
  player_id uuid,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_created ON domain_events (created_at);

-- Which consumer wants which type; written by the app at start (DomainEvents.persist).
CREATE TABLE domain_event_subscriptions (
  consumer text NOT NULL,
  type text NOT NULL,
  PRIMARY KEY (consumer, type)
);
CREATE INDEX domain_event_subscriptions_type ON domain_event_subscriptions (type);

-- One row per (consumer, event) still to handle: the dispatcher claims rows with
-- FOR UPDATE SKIP LOCKED, runs the consumer and deletes the row in one transaction.
CREATE TABLE domain_event_deliveries (
  consumer text NOT NULL,
  event_id bigint NOT NULL REFERENCES domain_events (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  -- NULL: due now. After a failure: when to try again (backoff on the database clock).
  retry_at timestamptz,
  last_error text,
  PRIMARY KEY (consumer, event_id)
);
CREATE INDEX domain_event_deliveries_due ON domain_event_deliveries (event_id);

-- Raises one event: the row and a delivery for every subscribed consumer. Returns the event id,
-- or NULL when the key was raised before.
CREATE FUNCTION raise_domain_event(p_type text, p_key text, p_player uuid, p_payload jsonb,
                                   p_at timestamptz)
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
  IF v_id IS NOT NULL THEN
    INSERT INTO domain_event_deliveries (consumer, event_id)
    SELECT s.consumer, v_id FROM domain_event_subscriptions s WHERE s.type = p_type;
  END IF;
  RETURN v_id;
END;
$$;

-- game.bet.settled when a round closes (once: the first close), game.bet.refunded when a
-- closed round's stake is refunded afterwards (a late rollback). Amounts in minor units.
CREATE FUNCTION game_rounds_domain_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_payload jsonb;
BEGIN
  v_payload := jsonb_build_object(
    'roundId', NEW.id::text,
    'providerRoundId', NEW.provider_round_id,
    'providerId', NEW.provider_id,
    'playerId', NEW.player_id,
    'gameId', NEW.game_id,
    'currency', NEW.currency,
    'betAmount', NEW.bet_amount::text,
    'winAmount', NEW.win_amount::text,
    'refundAmount', NEW.refund_amount::text,
    'closedAt', NEW.closed_at);
  IF NEW.status = 'closed' AND (TG_OP = 'INSERT' OR OLD.status = 'open') THEN
    PERFORM raise_domain_event('game.bet.settled', 'game.bet.settled:' || NEW.id, NEW.player_id,
                               v_payload, NEW.closed_at);
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'closed' AND NEW.refund_amount > OLD.refund_amount THEN
    PERFORM raise_domain_event('game.bet.refunded',
                               'game.bet.refunded:' || NEW.id || ':' || NEW.refund_amount::text,
                               NEW.player_id,
                               v_payload || jsonb_build_object(
                                 'refundedNow', (NEW.refund_amount - OLD.refund_amount)::text),
                               now());
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER game_rounds_domain_events
  AFTER INSERT OR UPDATE OF status, refund_amount ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION game_rounds_domain_events();

-- payment.deposit.succeeded / payment.withdrawal.paid when an invoice turns to success (2).
CREATE FUNCTION payment_invoices_domain_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.status = 2 AND (TG_OP = 'INSERT' OR OLD.status <> 2) THEN
    PERFORM raise_domain_event(
      CASE NEW.type WHEN 1 THEN 'payment.deposit.succeeded' ELSE 'payment.withdrawal.paid' END,
      'invoice.success:' || NEW.id,
      NEW.player_id,
      jsonb_build_object(
        'invoiceId', NEW.id::text,
        'playerId', NEW.player_id,
        'walletAccountId', NEW.wallet_account_id,
        'methodId', NEW.method_id::text,
        'method', NEW.method,
        'currency', NEW.currency,
        'amount', NEW.amount::text,
        'bonusId', NEW.bonus_id,
        'isBonusDecline', NEW.is_bonus_decline,
        'completedAt', coalesce(NEW.completed_at, NEW.updated_at)),
      coalesce(NEW.completed_at, NEW.updated_at));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER payment_invoices_domain_events
  AFTER INSERT OR UPDATE OF status ON payment_invoices
  FOR EACH ROW EXECUTE FUNCTION payment_invoices_domain_events();

-- player.signed_in for every new sign-in session (login-streak quests, loyalty).
CREATE FUNCTION player_sessions_domain_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM raise_domain_event(
    'player.signed_in', 'player.signed_in:' || NEW.id, NEW.player_id,
    jsonb_build_object('playerId', NEW.player_id, 'sessionId', NEW.id::text,
                       'method', NEW.method, 'country', NEW.country,
                       'signedInAt', NEW.created_at),
    NEW.created_at);
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_sessions_domain_events
  AFTER INSERT ON player_sessions
  FOR EACH ROW EXECUTE FUNCTION player_sessions_domain_events();
