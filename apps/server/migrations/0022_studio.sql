-- The in-house game studio (modules/studio, README "In-house studio"): its own book, apart from
-- the platform's. It knows players only by the opaque per-provider player id the provider wallet
-- API answers (player_ref), and money only through that API (or demo balances of its own).
-- No foreign key reaches a platform table: the studio could run on its own database.

-- A studio session: one launch token exchanged for the studio's own session token (kept as its
-- SHA-256). Real sessions keep the platform's launch token to sign wallet calls with it, also
-- the retries of wins after the game closed.
CREATE TABLE studio_sessions (
  token_hash text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  player_ref text NOT NULL,
  platform_token text,
  game_code text NOT NULL,
  currency text NOT NULL,
  -- Decimals of the currency as the wallet writes its amounts ("37.50": 2).
  decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK ((mode = 'real') = (platform_token IS NOT NULL))
);

-- Seed pairs (packages/games fairness-state.ts): the active pair of a player has revealed_at
-- NULL; its server seed is shown only as its hash until the pair is rotated. The next server
-- seed is committed (its hash shown) before it becomes current. nonce is the next bet's.
CREATE TABLE studio_seed_pairs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_ref text NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  next_server_seed text NOT NULL,
  next_server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce bigint NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  created_at timestamptz NOT NULL,
  revealed_at timestamptz
);
CREATE UNIQUE INDEX studio_seed_pairs_active ON studio_seed_pairs (player_ref) WHERE revealed_at IS NULL;

-- Platform free spins granted to a player (signed call of the platform, idempotent by its
-- external id): spins of the slot at bet_per_spin, paid by the platform, until expires_at.
CREATE TABLE studio_free_spin_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  external_id text NOT NULL UNIQUE,
  player_ref text NOT NULL,
  currency text NOT NULL,
  game_code text NOT NULL,
  -- Decimal text in major units, as granted ("0.20").
  bet_per_spin text NOT NULL,
  spins_total integer NOT NULL CHECK (spins_total > 0),
  spins_left integer NOT NULL CHECK (spins_left >= 0),
  expires_at timestamptz NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX studio_free_spin_grants_player ON studio_free_spin_grants (player_ref, currency, expires_at)
  WHERE spins_left > 0;

-- Rounds. The outcome is computed (and stored) before any wallet call, from the seed pair and
-- nonce; then state walks: betting → bet_placed → settled (real), or refused / cancelling →
-- cancelled; demo and free-spin rounds go straight to settled (free spins: winning → settled).
-- Wallet transaction ids derive from the round id, so every retry is the same call.
CREATE TABLE studio_rounds (
  id uuid PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  player_ref text NOT NULL,
  -- The session whose platform token signs the round's wallet calls (real rounds).
  session_hash text NOT NULL REFERENCES studio_sessions (token_hash),
  -- What the browser sent to start the round: the same one again returns this round.
  request_id text NOT NULL,
  game_code text NOT NULL,
  params jsonb NOT NULL,
  outcome jsonb NOT NULL,
  seed_pair_id bigint NOT NULL REFERENCES studio_seed_pairs (id),
  nonce bigint NOT NULL,
  currency text NOT NULL,
  stake numeric(78, 0) NOT NULL CHECK (stake >= 0),
  payout numeric(78, 0) NOT NULL CHECK (payout >= 0),
  free_spin_grant_id bigint REFERENCES studio_free_spin_grants (id),
  state text NOT NULL CHECK (state IN
    ('betting', 'bet_placed', 'winning', 'settled', 'refused', 'cancelling', 'cancelled', 'failed')),
  bet_transaction_id text,
  win_transaction_id text,
  rollback_transaction_id text,
  -- The wallet's refusal (code and message) of a refused bet, or the last error of a retry.
  error jsonb,
  balance text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (player_ref, request_id),
  UNIQUE (seed_pair_id, nonce)
);
CREATE INDEX studio_rounds_player ON studio_rounds (player_ref, created_at DESC);
-- The retry job's work: rounds a wallet call has not finished yet.
CREATE INDEX studio_rounds_unfinished ON studio_rounds (updated_at)
  WHERE state IN ('betting', 'bet_placed', 'winning', 'cancelling');

-- Demo play money per demo player.
CREATE TABLE studio_demo_balances (
  player_ref text PRIMARY KEY,
  currency text NOT NULL,
  balance numeric(78, 0) NOT NULL CHECK (balance >= 0),
  updated_at timestamptz NOT NULL
);

-- The in-house provider launches into the studio (seed/game-catalogue.ts does the same on a new
-- database; this sets it on databases seeded before the studio existed).
UPDATE game_providers
   SET launch_url = '/studio/play/{gameCode}?token={token}&mode={mode}&currency={currency}&locale={locale}&returnUrl={returnUrl}'
 WHERE slug = 'originals' AND launch_url IS NULL;
