-- A second factor for operator users (ADR 0019): a TOTP secret (RFC 6238, an authenticator app),
-- sealed with SECRETS_ENCRYPTION_KEY like the provider wallet keys. Set while being set up;
-- totp_enabled_at once the user confirmed a code, from when sign-in asks for one. The last time
-- step used, so a code works once.
ALTER TABLE operator_users ADD COLUMN totp_sealed text;
ALTER TABLE operator_users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE operator_users ADD COLUMN totp_last_step bigint;
