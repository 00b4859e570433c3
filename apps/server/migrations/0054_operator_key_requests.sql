-- An operator create whose key answers only the same request again (tournaments): the claim of
-- the key keeps a SHA-256 of the request body without its key (lib/operator-keys.ts createOnce),
-- so the same key with another body is refused instead of answering the first result. Null for
-- the kinds whose key answers the first result whatever the body.
ALTER TABLE operator_keys ADD COLUMN request_hash text;
