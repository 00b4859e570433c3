-- Operator review of player documents (issue 6, KY): who decided, when, and why (a rejection's
-- reason is shown to the player). Only a pending document can be decided, once.
ALTER TABLE player_documents
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reviewed_by text,
  ADD COLUMN review_reason text;
-- The operator's queue: pending documents, oldest first.
CREATE INDEX player_documents_pending ON player_documents (created_at, id) WHERE status = 1;
