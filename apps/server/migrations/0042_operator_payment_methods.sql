-- The operator API for payment methods (/api/operator/payment-methods;
-- apps/server/src/modules/payment/operator-methods.ts): titles, logos, countries, order, the
-- switch and each currency's limits and presets as data, with when the API last changed a
-- method and an audit row per write.
ALTER TABLE payment_methods ADD COLUMN updated_at timestamptz;

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule', 'cashback', 'currency', 'payment-method',
                  'payment-method-currency'));
