-- The sandbox sportsbook (modules/sportsbook, docs/sportsbook.md "The sandbox"): its own book,
-- apart from the platform's, like the in-house studio's (0022). It knows players only by the
-- provider wallet API's player id and money only through that API. No foreign key reaches a
-- platform table. Fixtures, odds and results are computed from SPORTSBOOK_SEED and the time;
-- only what a tester or a bet changes lives here.

-- A book session: the SDK's platform token exchanged for the book's own token (its SHA-256).
CREATE TABLE sportsbook_sessions (
  token_hash text PRIMARY KEY,
  player_id text NOT NULL,
  platform_token text NOT NULL,
  currency text NOT NULL,
  -- Decimals of the currency as the wallet writes its amounts ("37.50": 2).
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A bet: one round on the platform (round id = id). status moves by compare-and-set:
--   placing → open | refused | cancelling → cancelled      (the bet call)
--   open → settling → won | lost | void | cashed_out       (win / rollback; pending = the call)
--   won | lost → resettling → won | lost                    (a corrected result: resettle)
-- pending holds the settlement call being sent, so a crash or an unanswered call is retried
-- with the same transaction id.
CREATE TABLE sportsbook_bets (
  id text PRIMARY KEY,
  player_id text NOT NULL,
  request_id text NOT NULL,
  platform_token text NOT NULL,
  currency text NOT NULL,
  decimals integer NOT NULL,
  bet_type text NOT NULL CHECK (bet_type IN ('single', 'multiple', 'system')),
  system text,
  stake bigint NOT NULL CHECK (stake > 0),
  total_odds numeric(14, 4) NOT NULL,
  potential_payout bigint NOT NULL,
  payout bigint NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('placing', 'open', 'refused', 'cancelling', 'cancelled',
    'settling', 'resettling', 'won', 'lost', 'void', 'cashed_out')),
  -- [{ eventId, event, sport, league, startsAt, live, marketId, market, selectionId,
  --    selection, odds, result }]
  legs jsonb NOT NULL,
  event_ids text[] NOT NULL,
  pending jsonb,
  resettles integer NOT NULL DEFAULT 0,
  error jsonb,
  placed_at timestamptz NOT NULL,
  settled_at timestamptz,
  updated_at timestamptz NOT NULL,
  UNIQUE (player_id, request_id)
);
CREATE INDEX sportsbook_bets_player ON sportsbook_bets (player_id, placed_at DESC);
CREATE INDEX sportsbook_bets_working ON sportsbook_bets (status, updated_at)
  WHERE status IN ('placing', 'open', 'cancelling', 'settling', 'resettling');
CREATE INDEX sportsbook_bets_events ON sportsbook_bets USING gin (event_ids);

-- What a tester changed about an event: ended early (fast-forward) or void (postponed).
CREATE TABLE sportsbook_event_states (
  event_id text PRIMARY KEY,
  ended_at timestamptz,
  voided_at timestamptz,
  updated_at timestamptz NOT NULL
);

-- A market's result set from the console (settle or resettle); selection_id NULL = void. It
-- wins over the seeded result.
CREATE TABLE sportsbook_results (
  event_id text NOT NULL,
  market_id text NOT NULL,
  selection_id text,
  source text NOT NULL CHECK (source IN ('console')),
  set_at timestamptz NOT NULL,
  PRIMARY KEY (event_id, market_id)
);
