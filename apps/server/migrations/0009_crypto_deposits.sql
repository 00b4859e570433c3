-- Crypto deposit addresses and the transfers the chain watcher has seen (issue 4 "Crypto", BE-23,
-- docs/crypto-deposits.md).
--
-- A player gets one deposit address per currency and network, derived from the operator's
-- account-level extended public key (never a private key) at the child index `allocation`; on a
-- network with destination tags (XRP style) every player shares the network's address and
-- `allocation` is the player's tag. The allocation comes from a per-network counter row that is
-- locked while an address is inserted: allocations are unique and have no gaps (wallet software
-- scans derived addresses only up to a gap limit, commonly 20), and a rolled-back insert takes
-- none.

CREATE TABLE crypto_address_counters (
  network text PRIMARY KEY CHECK (network ~ '^[a-z0-9_-]{1,40}$'),
  -- The next allocation to hand out.
  next_allocation bigint NOT NULL DEFAULT 0 CHECK (next_allocation >= 0)
);

CREATE TABLE crypto_deposit_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE RESTRICT,
  wallet_account_id uuid NOT NULL REFERENCES wallet_accounts (id) ON DELETE RESTRICT,
  currency text NOT NULL REFERENCES currencies (code),
  network text NOT NULL CHECK (network ~ '^[a-z0-9_-]{1,40}$'),
  -- The payment method the address was first asked for (invoices of unannounced transfers use it).
  method_id bigint NOT NULL REFERENCES payment_methods (id),
  allocation bigint NOT NULL CHECK (allocation >= 0),
  -- The BIP32 child index under the key's external chain (…/0/index).
  derivation_index bigint NOT NULL CHECK (derivation_index BETWEEN 0 AND 2147483647),
  address text NOT NULL,
  -- Destination tag or memo; NULL on networks without one.
  tag text,
  -- Fingerprint of the extended public key that derived it (a rotated key is visible here).
  key_fingerprint text NOT NULL,
  -- The pending deposit invoice the player's latest address request opened (reused by the next
  -- request for this address; turned successful by the first credited transfer).
  open_invoice_id uuid REFERENCES payment_invoices (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, currency, network),
  UNIQUE (network, allocation)
);
-- Two players never share a destination.
CREATE UNIQUE INDEX crypto_deposit_addresses_destination
  ON crypto_deposit_addresses (network, address, (COALESCE(tag, '')));

-- Every transfer the watcher has seen, once per (network, txid, output index): the row lock
-- orders concurrent watchers, and the ledger idempotency key crypto:{network}:{txid}:{vout}
-- makes the credit happen once even across restarts.
CREATE TABLE crypto_chain_transfers (
  network text NOT NULL,
  txid text NOT NULL CHECK (length(txid) BETWEEN 1 AND 128),
  vout integer NOT NULL CHECK (vout >= 0),
  currency text NOT NULL,
  address text NOT NULL,
  tag text,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  -- seen: waiting for confirmations · credited · dropped (reorg or never mined, nothing
  -- credited) · ignored (not one of our destinations, or another asset than the address's)
  status text NOT NULL CHECK (status IN ('seen', 'credited', 'dropped', 'ignored')),
  reason text,
  deposit_address_id bigint REFERENCES crypto_deposit_addresses (id),
  invoice_id uuid REFERENCES payment_invoices (id),
  ledger_transaction_id bigint,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  PRIMARY KEY (network, txid, vout)
);
CREATE INDEX crypto_chain_transfers_address ON crypto_chain_transfers (deposit_address_id);

-- The sandbox chain's own book (what a node or indexer keeps on its side): a height per network
-- and the transfers sent to it. block_height NULL: in the mempool, not yet mined.
CREATE TABLE sandbox_chain_heights (
  network text PRIMARY KEY,
  height bigint NOT NULL DEFAULT 0 CHECK (height >= 0)
);

CREATE TABLE sandbox_chain_transfers (
  network text NOT NULL,
  txid text NOT NULL,
  vout integer NOT NULL,
  currency text NOT NULL,
  address text NOT NULL,
  tag text,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  block_height bigint,
  -- pending (in the mempool or mined) | dropped (reorganised away or evicted)
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'dropped')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, txid, vout)
);
CREATE INDEX sandbox_chain_transfers_recent ON sandbox_chain_transfers (network, created_at DESC);
