-- The sandbox sportsbook's settlement job pages through open bets by id (settlement.ts
-- settleDue): when a big match ends, tens of thousands of them at once.
CREATE INDEX sportsbook_bets_open ON sportsbook_bets (id) WHERE status = 'open';
