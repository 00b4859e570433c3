-- Bonus wagering for sports bets (issue 25; docs/adr/0010-bonus-money.md "Revision: sports
-- bets"). Per bonus, operator data:
-- sport_contribution: percent of a settled sports bet's stake that counts toward wagering.
--   Default 0: a bonus counts only casino play until the operator says sport counts (most
--   casino bonuses exclude sport; a sports bonus sets 100).
-- sport_min_odds: a sports bet counts only at these decimal odds or more; a multiple or system
--   bet by its total odds. Default 1.50, the common operator rule.
-- Void and cashed-out sports bets never count.
ALTER TABLE bonuses
  ADD COLUMN sport_contribution numeric(5, 2) NOT NULL DEFAULT 0
    CHECK (sport_contribution BETWEEN 0 AND 100),
  ADD COLUMN sport_min_odds numeric(8, 4) NOT NULL DEFAULT 1.5
    CHECK (sport_min_odds BETWEEN 1 AND 1000);
