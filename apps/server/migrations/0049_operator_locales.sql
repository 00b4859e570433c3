-- The operator API for locales (/api/operator/locales; apps/server/src/modules/settings/
-- operator-locales.ts): add a language, switch it on once translated, order the picker, choose
-- the default; with when the API last changed each row.
ALTER TABLE locales ADD COLUMN updated_at timestamptz;
