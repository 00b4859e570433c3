-- Cashback payouts (issue 7): at the end of each period the net loss of the period is paid back as
-- a bonus of the definition the operator links here (its wagering and expiry apply). A config
-- without one is shown but not paid.
ALTER TABLE cashback_configs ADD COLUMN bonus_id integer REFERENCES bonuses (id);
-- Which players lost in a period, per currency (the payout job's scan).
CREATE INDEX game_rounds_currency_created ON game_rounds (currency, created_at);
