-- The operator API for countries (/api/operator/countries;
-- apps/server/src/modules/settings/operator-countries.ts): restrictions (the geo-restricted
-- layout, or no sign-in and sign-up), listing, and each country's default locale and currency,
-- as data, with when the API last changed each row and an audit row per write.
ALTER TABLE countries ADD COLUMN updated_at timestamptz;

-- The kinds of operator_keys and operator_changes were listed again by every migration that
-- added one; the code's OperatorKeyKind and OperatorChangeKind (lib/operator-keys.ts) are the
-- list now, and the tables check the form.
ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind ~ '^[a-z]+(-[a-z]+)*$' AND length(kind) <= 40);
ALTER TABLE operator_keys DROP CONSTRAINT operator_keys_kind_check;
ALTER TABLE operator_keys ADD CONSTRAINT operator_keys_kind_check
  CHECK (kind ~ '^[a-z]+(-[a-z]+)*$' AND length(kind) <= 40);
