-- The operator API for the game catalogue (/api/operator/game-providers, /games,
-- /game-collections; apps/server/src/modules/game/operator-*.ts): studios, games and
-- collections as data. Like migration 0030's rows, each keeps when the API last changed it (NULL:
-- as seeded), creates may carry an idempotency key, and every write leaves an audit row.
-- Nothing is deleted: switching off (is_enabled) takes a row out of the site.

ALTER TABLE game_providers ADD COLUMN updated_at timestamptz;
ALTER TABLE games ADD COLUMN updated_at timestamptz;
ALTER TABLE game_collections ADD COLUMN updated_at timestamptz;

ALTER TABLE operator_keys DROP CONSTRAINT operator_keys_kind_check;
ALTER TABLE operator_keys ADD CONSTRAINT operator_keys_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'quest', 'game-provider', 'game', 'game-collection'));

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games'));
