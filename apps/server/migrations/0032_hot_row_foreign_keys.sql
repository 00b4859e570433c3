-- Two foreign keys that checked rows the same transaction had just written, measured with the
-- provider wallet's batches (bench:games, statement profile, docs/performance.md):
-- - domain_event_deliveries.event_id → domain_events: four checks per settled bet (one per
--   consumer), each locking the event the trigger had inserted a moment before; 0.38 ms of
--   PostgreSQL time per signed call, more than the rest of raising the event together.
-- - game_transactions.round_id → game_rounds: one check per wallet call, locking the round the
--   same statement had inserted or updated; 0.28 ms per signed call.
-- Without them the same load runs 509 → 717 bet+win round trips/s on the 2-core VM.
--
-- Both references are written only by code that has the referenced row in hand: deliveries by
-- raise_domain_event with the id it inserted, game_transactions by the wallet with the round it
-- locked or created. The delivery's ON DELETE CASCADE never fired (events are deleted only when
-- no delivery is left). ledger:check (LEDGER_CHECKS) verifies that every game transaction's
-- round exists and is the same player's, as it verifies the ledger's own references since 0013.
ALTER TABLE domain_event_deliveries DROP CONSTRAINT domain_event_deliveries_event_id_fkey;
ALTER TABLE game_transactions DROP CONSTRAINT game_transactions_round_id_fkey;
