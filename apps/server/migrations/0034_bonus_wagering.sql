-- A bonus's wagering progress in its own row (ADR 0011's revision of 2026-11-24, evening).
--
-- The wagering consumer moved player_bonuses.wagered for every settled bet under a bonus, and the
-- row stayed locked until its dispatch committed. A bet paid with bonus money updates the same
-- row (its balance), so it waited for the dispatch, and the dispatch's other updates could wait
-- for the bets' batches in the other order (a deadlock PostgreSQL has to break). Only the
-- wagering consumer writes this table; bets never touch it; the player_bonuses row is written by
-- bets and by what holds the player's lock (activation, cancel, expiry, finishing).
-- No row yet means nothing wagered. No CHECK on wagered: the consumer adds with GREATEST(…, 0),
-- and an INSERT … ON CONFLICT would check a proposed row before it meets the conflict.
CREATE TABLE player_bonus_wagering (
  player_bonus_id bigint PRIMARY KEY REFERENCES player_bonuses (id) ON DELETE CASCADE,
  wagered numeric(78, 0) NOT NULL
);

INSERT INTO player_bonus_wagering (player_bonus_id, wagered)
SELECT id, wagered FROM player_bonuses WHERE wagered <> 0;

ALTER TABLE player_bonuses DROP COLUMN wagered;
