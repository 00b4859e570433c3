-- Abuse limits shared by every server node (RATE_LIMIT_STORE=database, the default with
-- DATABASE_URL): one row per limit and key, counting the points spent in the window that ends at
-- expires_at (infra/rate-limit-db.ts). Expired rows are swept by the rate-limit-sweep job.
CREATE TABLE rate_limit_points (
  key text PRIMARY KEY,
  points integer NOT NULL CHECK (points >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_points_expires ON rate_limit_points (expires_at);
