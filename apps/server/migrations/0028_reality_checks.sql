-- Reality checks (issue 6, beyond the spec; UKGC RTS 13): after a player-chosen interval of
-- play the site shows the session's time and net result and asks whether to go on. NULL: off.
-- New and existing players start at 60 minutes; they may choose another interval or none.
ALTER TABLE players ADD COLUMN reality_check_minutes integer DEFAULT 60
  CHECK (reality_check_minutes IS NULL OR reality_check_minutes IN (10, 15, 20, 30, 45, 60, 90, 120));
