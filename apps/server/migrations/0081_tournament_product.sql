-- Tournaments limited to sport or casino (issue 25). product: 'all' (default: every settled bet
-- that the games, providers and collections let through), 'casino' (only rounds of casino
-- providers), 'sport' (only sports bets: rounds of a provider of kind sportsbook). Fixed at the
-- tournament's definition, like its games.
ALTER TABLE tournaments
  ADD COLUMN product text NOT NULL DEFAULT 'all' CHECK (product IN ('all', 'casino', 'sport'));
