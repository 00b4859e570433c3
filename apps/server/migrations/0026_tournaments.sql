-- Tournaments (issue 8 "Tournaments", TN-01, TN-02, BE-39).
--
-- An operator defines a tournament as rows: its window, the games that count (game, provider
-- or collection ids; all empty: every game), how a settled bet scores, the minimum bet, the
-- currency and the prize table. Players opt in (tournament_participants); the "tournaments"
-- domain-event consumer (ADR 0009) adds each settled bet of a participant once
-- (tournament_bets, keyed by round) and keeps the participant's score. At the end the
-- completion job claims the tournament row, ranks the participants, records the results, pays
-- cash prizes through the ledger from the house account 'tournaments' and issues bonus prizes,
-- in one transaction.

CREATE TABLE tournaments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The {identity} of /tournaments/{identity}.
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  image text,
  -- bet_sum: sum of stakes; win_sum: sum of wins; max_multiplier: the best win / stake of one round.
  scoring text NOT NULL CHECK (scoring IN ('bet_sum', 'win_sum', 'max_multiplier')),
  -- Scores, the minimum bet and cash prizes are in this currency (minor units).
  currency text NOT NULL REFERENCES currencies (code),
  -- true: bets in other currencies count too, converted at the currencies' rates (rounded down).
  convert_currencies boolean NOT NULL DEFAULT false,
  -- A round whose stake (in the tournament currency) is below this does not count.
  min_bet numeric(78, 0) NOT NULL DEFAULT 0 CHECK (min_bet >= 0),
  game_ids integer[] NOT NULL DEFAULT '{}',
  provider_ids integer[] NOT NULL DEFAULT '{}',
  collection_ids integer[] NOT NULL DEFAULT '{}',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- Entries on the public leaderboard (the API and the realtime channel).
  leaderboard_size integer NOT NULL DEFAULT 20 CHECK (leaderboard_size BETWEEN 1 AND 100),
  is_enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  -- Set by the completion, in the transaction that pays the prizes.
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX tournaments_due ON tournaments (ends_at) WHERE completed_at IS NULL;

-- Places place_from..place_to each win this prize. cash: `amount` minor units of the
-- tournament's currency, paid by the completion. bonus / freespins: `reward` {"bonus": "<slug>"}
-- names the bonus module's definition, issued by the completion (issueBonus); without one the
-- result stays pending for the operator.
CREATE TABLE tournament_prizes (
  tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  place_from integer NOT NULL CHECK (place_from >= 1),
  place_to integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'freespins')),
  amount numeric(78, 0) CHECK (amount > 0),
  reward jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Display text of a non-cash prize ("50 free spins on Gold Rush").
  title text NOT NULL DEFAULT '',
  PRIMARY KEY (tournament_id, place_from),
  CHECK (place_to >= place_from),
  CHECK ((kind = 'cash') = (amount IS NOT NULL))
);

CREATE TABLE tournament_participants (
  tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id uuid NOT NULL REFERENCES players (id),
  -- Public id of the entry on the leaderboard (the player id is never shown); join order.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  joined_at timestamptz NOT NULL,
  score numeric(78, 0) NOT NULL DEFAULT 0 CHECK (score >= 0),
  bets integer NOT NULL DEFAULT 0,
  -- When the current score was reached (the settled time of the bet that made it): ties go to
  -- the earlier one, then to the earlier join.
  reached_at timestamptz,
  PRIMARY KEY (tournament_id, player_id),
  UNIQUE (seq)
);
CREATE INDEX tournament_participants_rank
  ON tournament_participants (tournament_id, score DESC, reached_at, seq);
CREATE INDEX tournament_participants_player ON tournament_participants (player_id);

-- Each counted round once per tournament (a second delivery of the same bet changes nothing).
CREATE TABLE tournament_bets (
  tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round_id text NOT NULL,
  player_id uuid NOT NULL REFERENCES players (id),
  -- In the tournament currency (converted when the round's differs).
  bet_amount numeric(78, 0) NOT NULL,
  win_amount numeric(78, 0) NOT NULL,
  points numeric(78, 0) NOT NULL,
  settled_at timestamptz NOT NULL,
  PRIMARY KEY (tournament_id, round_id)
);

CREATE TABLE tournament_results (
  tournament_id uuid NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  place integer NOT NULL CHECK (place >= 1),
  player_id uuid NOT NULL REFERENCES players (id),
  score numeric(78, 0) NOT NULL,
  prize_kind text CHECK (prize_kind IN ('cash', 'bonus', 'freespins')),
  prize_amount numeric(78, 0),
  prize_title text,
  -- paid: cash credited (ledger_transaction_id); pending: a bonus or free spins the bonus module
  -- has yet to grant; none: a place without a prize.
  status text NOT NULL CHECK (status IN ('paid', 'pending', 'none')),
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tournament_id, place),
  UNIQUE (tournament_id, player_id)
);
CREATE INDEX tournament_results_player ON tournament_results (player_id);
