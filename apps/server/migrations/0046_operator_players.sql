-- The operator's player desk (/api/operator/players; apps/server/src/modules/player/
-- operator-players.ts, apps/server/src/modules/wallet/operator-adjustments.ts): find players by
-- the start of their e-mail, phone or nickname, change their status, and adjust a balance
-- through the ledger (house account "adjustments"). Every change leaves an audit row.
CREATE INDEX players_email_prefix ON players (lower(email) text_pattern_ops)
  WHERE email IS NOT NULL;
CREATE INDEX players_phone_prefix ON players (phone text_pattern_ops) WHERE phone IS NOT NULL;
CREATE INDEX players_nickname_prefix ON players (lower(nickname) text_pattern_ops)
  WHERE nickname IS NOT NULL;

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule', 'cashback', 'currency', 'payment-method',
                  'payment-method-currency', 'game-provider-key', 'bonus-package',
                  'bonus-package-steps', 'operator-api-key', 'player', 'player-adjustment'));
