-- Sports bets (issue 25; docs/provider-wallet-api.md "Sports betting";
-- /work/notes/sportsbook-contract.md §4). A sportsbook's bet call carries the bet's description
-- (`sportBet`); the platform keeps it here in the transaction that takes the stake, and updates
-- it with every call that settles, voids, cashes out or resettles the bet (raising
-- sport.bet.updated in the same transaction). One sports bet is one game round.
CREATE TABLE sport_bets (
  id bigserial PRIMARY KEY,
  round_id bigint NOT NULL UNIQUE REFERENCES game_rounds (id),
  provider_id integer NOT NULL REFERENCES game_providers (id),
  profile_id uuid NOT NULL REFERENCES players (id),
  account_id uuid NOT NULL REFERENCES wallet_accounts (id),
  currency text NOT NULL,
  bet_type text NOT NULL CHECK (bet_type IN ('single', 'multiple', 'system')),
  system text CHECK (system ~ '^[0-9]{1,2}/[0-9]{1,2}$'),
  total_odds numeric(14, 4) NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  potential_payout bigint NOT NULL CHECK (potential_payout >= 0),
  -- What the bet has given back so far, minor units: the wins, the refunded stake of a void,
  -- corrected by resettlements.
  payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  -- A corrective debit the player's balance did not cover (resettle): owed to the house, booked
  -- on the house account player_receivables; a later credit on this bet pays it first.
  shortfall bigint NOT NULL DEFAULT 0 CHECK (shortfall >= 0),
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'won', 'lost', 'void', 'cashed_out')),
  -- How many times the bet changed (the key of its sport.bet.updated events).
  version integer NOT NULL DEFAULT 1,
  placed_at timestamptz NOT NULL,
  settled_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sport_bets_profile ON sport_bets (profile_id, placed_at DESC, id DESC);
CREATE INDEX sport_bets_status ON sport_bets (status, placed_at DESC);

CREATE TABLE sport_bet_legs (
  bet_id bigint NOT NULL REFERENCES sport_bets (id),
  idx smallint NOT NULL CHECK (idx BETWEEN 0 AND 19),
  event_id text NOT NULL,
  event text NOT NULL,
  sport text NOT NULL,
  league text NOT NULL,
  starts_at timestamptz NOT NULL,
  live boolean NOT NULL DEFAULT false,
  market text NOT NULL,
  selection text NOT NULL,
  odds numeric(10, 4) NOT NULL CHECK (odds >= 1.01),
  result text CHECK (result IN ('won', 'lost', 'void')),
  PRIMARY KEY (bet_id, idx)
);
-- Open liability per event and market (back office).
CREATE INDEX sport_bet_legs_event ON sport_bet_legs (event_id);

-- A resettlement is a provider call of its own kind.
ALTER TABLE game_transactions DROP CONSTRAINT game_transactions_kind_check;
ALTER TABLE game_transactions ADD CONSTRAINT game_transactions_kind_check
  CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone', 'resettle')) NOT VALID;
ALTER TABLE game_transactions VALIDATE CONSTRAINT game_transactions_kind_check;
