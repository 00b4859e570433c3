-- The operator API for countries (/api/operator/countries;
-- apps/server/src/modules/settings/operator-countries.ts): restrictions (the geo-restricted
-- layout, or no sign-in and sign-up), listing, and each country's default locale and currency,
-- as data, with when the API last changed each row and an audit row per write.
ALTER TABLE countries ADD COLUMN updated_at timestamptz;

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule', 'cashback', 'currency', 'payment-method',
                  'payment-method-currency', 'game-provider-key', 'bonus-package',
                  'bonus-package-steps', 'operator-api-key', 'player', 'player-adjustment',
                  'country'));
