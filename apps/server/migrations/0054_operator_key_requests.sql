-- The operator creates' idempotency keys answer only the same request again: the claim of a key
-- keeps a SHA-256 of the request body without its key (lib/operator-keys.ts createOnce), so the
-- same key with another body is refused instead of answering the first result. Null for claims
-- made before this migration (they answer any body, as they did).
ALTER TABLE operator_keys ADD COLUMN request_hash text;
