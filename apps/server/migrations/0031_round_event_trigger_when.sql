-- The round trigger of 0021 ran for every inserted or updated round and built the event's
-- payload before deciding there was nothing to raise (a bet opening a round, a win adding to an
-- open one). Measured on the provider wallet's batches (bench:games), that was half of the rounds
-- written. The same function now runs only for the rows that raise something: PostgreSQL checks
-- the WHEN conditions without queueing a trigger call for the others.
DROP TRIGGER game_rounds_domain_events ON game_rounds;

CREATE TRIGGER game_rounds_domain_events_insert
  AFTER INSERT ON game_rounds
  FOR EACH ROW WHEN (NEW.status = 'closed')
  EXECUTE FUNCTION game_rounds_domain_events();

CREATE TRIGGER game_rounds_domain_events_update
  AFTER UPDATE OF status, refund_amount ON game_rounds
  FOR EACH ROW WHEN (
    (NEW.status = 'closed' AND OLD.status = 'open')
    OR (OLD.status = 'closed' AND NEW.refund_amount > OLD.refund_amount))
  EXECUTE FUNCTION game_rounds_domain_events();
