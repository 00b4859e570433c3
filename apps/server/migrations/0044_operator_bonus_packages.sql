-- The operator API for bonus packages (/api/operator/bonus-packages;
-- apps/server/src/modules/bonus/operator-bonus-packages.ts): a package (the welcome package) is
-- an ordered list of deposit bonuses, its steps; a player is offered step N once issued steps
-- 1..N-1. Packages and their steps become the operator's data, with when the API last changed
-- each package and an audit row per write.
ALTER TABLE bonus_packages ADD COLUMN updated_at timestamptz;
ALTER TABLE bonus_packages ADD CONSTRAINT bonus_packages_slug_check
  CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$');

ALTER TABLE operator_keys DROP CONSTRAINT operator_keys_kind_check;
ALTER TABLE operator_keys ADD CONSTRAINT operator_keys_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'quest', 'game-provider', 'game', 'game-collection',
                  'loyalty-level', 'loyalty-earn-rule', 'game-provider-key', 'bonus-package'));

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule', 'cashback', 'currency', 'payment-method',
                  'payment-method-currency', 'game-provider-key', 'bonus-package',
                  'bonus-package-steps'));
