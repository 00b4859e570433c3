-- Realtime outbox retention (issue 8, ADR 0007): the publisher deletes published rows older
-- than a day in bounded batches, oldest first; this index finds them without a scan. The
-- unpublished rows keep their own partial index (0005).
CREATE INDEX event_outbox_published_at ON event_outbox (published_at)
  WHERE published_at IS NOT NULL;
