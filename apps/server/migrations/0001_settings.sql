-- Public settings as data: an operator edits rows, not code (BE-05).

CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE currencies (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  type text NOT NULL CHECK (type IN ('fiat', 'crypto')),
  symbol text NOT NULL,
  -- Minor units per major unit. numeric(78,0) like every amount, so 18-decimal tokens fit.
  subunit_to_unit numeric(78, 0) NOT NULL CHECK (subunit_to_unit > 0),
  -- Value of one major unit in the base currency, exact decimal.
  rate numeric NOT NULL CHECK (rate > 0),
  is_base boolean NOT NULL DEFAULT false,
  is_enabled boolean NOT NULL DEFAULT true,
  -- ?visible=1 lists only these.
  is_visible boolean NOT NULL DEFAULT true,
  is_restricted boolean NOT NULL DEFAULT false,
  restrict_type smallint CHECK (restrict_type IN (1, 2)),
  position integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX currencies_single_base ON currencies (is_base) WHERE is_base;

CREATE TABLE sub_currencies (
  currency_code text NOT NULL REFERENCES currencies (code) ON DELETE CASCADE,
  code text NOT NULL,
  subunit_to_unit numeric(78, 0) NOT NULL CHECK (subunit_to_unit > 0),
  PRIMARY KEY (currency_code, code)
);

CREATE TABLE locales (
  code text PRIMARY KEY CHECK (code ~ '^[a-z]{2}(-[a-z]{2,4})?$'),
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  is_enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX locales_single_default ON locales (is_default) WHERE is_default;

CREATE TABLE countries (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  name text NOT NULL,
  locale text REFERENCES locales (code) ON DELETE SET NULL,
  currency text REFERENCES currencies (code) ON DELETE SET NULL,
  phone_prefix text NOT NULL CHECK (phone_prefix ~ '^\+[0-9]{1,4}$'),
  is_restricted boolean NOT NULL DEFAULT false,
  -- 1: geo-restricted layout; 2: no sign-in or sign-up.
  restrict_type smallint CHECK (restrict_type IN (1, 2)),
  -- Spec section 9 leaves some countries out of the public list; they stay known for GeoIP.
  is_listed boolean NOT NULL DEFAULT true,
  CHECK (is_restricted OR restrict_type IS NULL)
);

CREATE TABLE time_zones (
  id text PRIMARY KEY,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- The enumerations of the global constants (spec section 3), keyed by their dot path.
CREATE TABLE constant_values (
  enumeration text NOT NULL,
  id integer NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (enumeration, id)
);

-- The public switches of BE-07; environment variables may override them per deployment.
CREATE TABLE site_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  description text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
