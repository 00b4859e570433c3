-- Site content as data (/api/operator/content/...; apps/server/src/modules/content): the
-- operator's edits over the content folder the site ships with. The folder stays the default;
-- these rows are laid over it when GET /api/content/{locale}/{path} answers.

-- A group's edits (alerts, modals, ...): an object laid over the folder's group key by key.
CREATE TABLE content_group_edits (
  locale text NOT NULL REFERENCES locales (code),
  content_group text NOT NULL CHECK (content_group ~ '^[a-z]+(-[a-z]+)*$'),
  edits jsonb NOT NULL CHECK (jsonb_typeof(edits) = 'object'),
  version integer NOT NULL CHECK (version > 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (locale, content_group)
);

-- A page written by the operator: it replaces the folder's page of the same locale, kind and
-- identity, or adds one. Unpublished, it hides that page from the locale's players.
CREATE TABLE content_pages (
  locale text NOT NULL REFERENCES locales (code),
  kind text NOT NULL CHECK (kind ~ '^[a-z]+$'),
  identity text NOT NULL CHECK (identity ~ '^[a-z0-9_-]{1,100}$'),
  title text NOT NULL,
  description text NOT NULL,
  image text,
  markdown text NOT NULL,
  is_published boolean NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (locale, kind, identity)
);

-- Every content write adds 1 in its transaction; a server compares it with the revision of the
-- edits it holds (every few seconds) and reloads them only when it moved.
CREATE TABLE content_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision bigint NOT NULL
);
INSERT INTO content_revision (id, revision) VALUES (true, 0);
