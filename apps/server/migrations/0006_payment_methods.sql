-- Payment methods as operator data (BE-22): per direction, currency and country, with the
-- processor that runs them, amounts in the account currency's minor units, presets, and fields
-- with localised labels and hints (en fallback), regexp and options (crypto networks carry
-- their own address regex and amount range).

CREATE TABLE payment_methods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  direction text NOT NULL CHECK (direction IN ('deposit', 'withdrawal')),
  method text NOT NULL CHECK (method ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('form', 'address')),
  processing_type text NOT NULL
    CHECK (processing_type IN ('form', 'qr', 'iframe', 'message', 'asyncRedirect')),
  -- The processor adapter that handles it ('sandbox' in development, a real one by configuration).
  processor text NOT NULL,
  logo text,
  -- NULL: every country; otherwise only these (ISO codes). Excluded ones never see it.
  countries text[],
  excluded_countries text[] NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0,
  is_enabled boolean NOT NULL DEFAULT true,
  UNIQUE (direction, method)
);

CREATE TABLE payment_method_currencies (
  method_id bigint NOT NULL REFERENCES payment_methods (id) ON DELETE CASCADE,
  currency text NOT NULL REFERENCES currencies (code),
  amount_min numeric(78, 0) NOT NULL CHECK (amount_min > 0),
  amount_max numeric(78, 0) NOT NULL,
  -- [{"amount": "<minor units>", "default": true|false}]
  presets jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (method_id, currency),
  CHECK (amount_max >= amount_min)
);

CREATE TABLE payment_method_fields (
  method_id bigint NOT NULL REFERENCES payment_methods (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$'),
  position integer NOT NULL DEFAULT 0,
  labels jsonb NOT NULL DEFAULT '{}',
  hints jsonb NOT NULL DEFAULT '{}',
  is_required boolean NOT NULL DEFAULT false,
  regexp text,
  field_type text NOT NULL DEFAULT 'text' CHECK (field_type IN ('select', 'textarea', 'text')),
  -- [{"id": "...", "name": "...", "regex": "...", "minAmount": "<minor>", "maxAmount": "<minor>"}]
  options jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (method_id, key)
);
