-- Where a provider takes platform free spins (docs/provider-wallet-api.md §7), as data: the
-- platform posts each activated grant there, signed with the provider's secret like the wallet
-- calls. A path (starting with /) is served by this site itself (the in-house studio's); NULL:
-- the provider takes no grants, and its spins are only recorded.
ALTER TABLE game_providers ADD COLUMN free_spins_url text
  CHECK (free_spins_url ~ '^(/|https?://)');

-- The in-house studio (seed/game-catalogue.ts sets it on a new database).
UPDATE game_providers SET free_spins_url = '/studio/api/platform/free-spins'
 WHERE slug = 'originals' AND free_spins_url IS NULL;
