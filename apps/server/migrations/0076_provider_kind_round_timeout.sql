-- Sportsbook providers (issue 25; docs/provider-wallet-api.md "Sports betting"): a provider is a
-- casino studio or a sportsbook, and says how long its rounds may stay open.
--
-- kind: 'casino' (default) | 'sportsbook'. A sports bet is one round that stays open until its
-- events end, days or weeks later.
-- round_timeout_hours: how long the stale-round closer (close-stale-rounds.ts) leaves this
-- provider's rounds open: NULL = GAME_ROUND_TIMEOUT_HOURS for a casino provider and never for a
-- sportsbook; 0 = never; N = N hours.
ALTER TABLE game_providers
  ADD COLUMN kind text NOT NULL DEFAULT 'casino' CHECK (kind IN ('casino', 'sportsbook')),
  ADD COLUMN round_timeout_hours integer
    CHECK (round_timeout_hours IS NULL OR round_timeout_hours BETWEEN 0 AND 87600);
