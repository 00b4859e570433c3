-- The operator's reports (modules/reports, README "Reports"): daily figures per currency, kept
-- up to date by the domain-event consumer "reports" from game.bet.settled, game.bet.refunded,
-- payment.deposit.succeeded and payment.withdrawal.paid, so a report reads a few hundred rows,
-- never the ledger or every round. Days are UTC days. Amounts in the currency's minor unit.
-- The consumer's first start fills the tables from game_rounds and payment_invoices
-- (backfillReports), in the transaction that places its cursor.

CREATE TABLE report_daily (
  day date NOT NULL,
  currency text NOT NULL,
  deposits bigint NOT NULL DEFAULT 0,
  deposit_amount numeric(78, 0) NOT NULL DEFAULT 0,
  withdrawals bigint NOT NULL DEFAULT 0,
  withdrawal_amount numeric(78, 0) NOT NULL DEFAULT 0,
  -- Rounds settled that day (closed), their stakes and wins; refunds of stakes that day.
  rounds bigint NOT NULL DEFAULT 0,
  stakes numeric(78, 0) NOT NULL DEFAULT 0,
  wins numeric(78, 0) NOT NULL DEFAULT 0,
  refunds numeric(78, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (day, currency)
);

CREATE TABLE report_game_daily (
  day date NOT NULL,
  game_id integer NOT NULL,
  currency text NOT NULL,
  rounds bigint NOT NULL DEFAULT 0,
  stakes numeric(78, 0) NOT NULL DEFAULT 0,
  wins numeric(78, 0) NOT NULL DEFAULT 0,
  refunds numeric(78, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (currency, day, game_id)
);

-- Who played (bettor) or deposited (depositor) on a day in a currency: distinct counts for a
-- day and for any range of days.
CREATE TABLE report_day_players (
  day date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bettor', 'depositor')),
  player_id uuid NOT NULL,
  PRIMARY KEY (day, currency, kind, player_id)
);

-- A player's first successful deposit (first-time depositors per day).
CREATE TABLE report_first_deposits (
  player_id uuid PRIMARY KEY,
  day date NOT NULL,
  currency text NOT NULL
);
CREATE INDEX report_first_deposits_day ON report_first_deposits (day);

-- Sign-ups per day.
CREATE INDEX players_created ON players (created_at);
