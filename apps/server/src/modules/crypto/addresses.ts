// Deposit addresses: one per player, currency and network (migration 0009).
import type { Db, Queryable } from "../../infra/db";
import { type AccountKey, deriveDepositAddress } from "./derivation";
import type { ChainNetwork } from "./networks";

export interface DepositAddress {
  id: string;
  playerId: string;
  walletAccountId: string;
  currency: string;
  network: string;
  methodId: string;
  allocation: bigint;
  derivationIndex: number;
  address: string;
  tag: string | null;
  keyFingerprint: string;
  openInvoiceId: string | null;
}

interface AddressRow {
  id: string;
  player_id: string;
  wallet_account_id: string;
  currency: string;
  network: string;
  method_id: string;
  allocation: string;
  derivation_index: string;
  address: string;
  tag: string | null;
  key_fingerprint: string;
  open_invoice_id: string | null;
}

export const ADDRESS_COLUMNS = `id, player_id, wallet_account_id, currency, network, method_id,
  allocation, derivation_index, address, tag, key_fingerprint, open_invoice_id`;

export function toDepositAddress(row: AddressRow): DepositAddress {
  return {
    id: String(row.id),
    playerId: row.player_id,
    walletAccountId: row.wallet_account_id,
    currency: row.currency,
    network: row.network,
    methodId: String(row.method_id),
    allocation: BigInt(row.allocation),
    derivationIndex: Number(row.derivation_index),
    address: row.address,
    tag: row.tag,
    keyFingerprint: row.key_fingerprint,
    openInvoiceId: row.open_invoice_id,
  };
}

async function findAddress(
  db: Queryable,
  playerId: string,
  currency: string,
  network: string,
): Promise<DepositAddress | null> {
  const [row] = await db.query<AddressRow>(
    `SELECT ${ADDRESS_COLUMNS} FROM crypto_deposit_addresses
      WHERE player_id = $1 AND currency = $2 AND network = $3`,
    [playerId, currency, network],
  );
  return row ? toDepositAddress(row) : null;
}

/** The deposit address at a destination (network, address, tag), locked for the caller's transaction. */
export async function lockAddressAt(
  tx: Queryable,
  destination: { network: string; address: string; tag: string | null },
): Promise<DepositAddress | null> {
  const [row] = await tx.query<AddressRow>(
    `SELECT ${ADDRESS_COLUMNS} FROM crypto_deposit_addresses
      WHERE network = $1 AND address = $2 AND COALESCE(tag, '') = COALESCE($3, '')
      FOR UPDATE`,
    [destination.network, destination.address, destination.tag],
  );
  return row ? toDepositAddress(row) : null;
}

export interface AddressRequest {
  playerId: string;
  walletAccountId: string;
  currency: string;
  network: ChainNetwork;
  methodId: string;
  key: AccountKey;
  bitcoinHrp: string;
  now: Date;
}

/**
 * The player's address for a currency and network, allocated on first request. The network's
 * counter row is locked while the address is inserted, so allocations never repeat and leave no
 * gaps; the player's row is looked up again under that lock, so two concurrent first requests
 * of one player get one address.
 */
export async function depositAddressFor(db: Db, request: AddressRequest): Promise<DepositAddress> {
  const existing = await findAddress(db, request.playerId, request.currency, request.network.id);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    await tx.query(
      "INSERT INTO crypto_address_counters (network) VALUES ($1) ON CONFLICT DO NOTHING",
      [request.network.id],
    );
    const [counter] = await tx.query<{ next_allocation: string }>(
      "SELECT next_allocation FROM crypto_address_counters WHERE network = $1 FOR UPDATE",
      [request.network.id],
    );
    const again = await findAddress(tx, request.playerId, request.currency, request.network.id);
    if (again) return again;
    const allocation = BigInt(counter!.next_allocation);
    const derived = deriveDepositAddress(request.network, request.key, allocation, {
      bitcoinHrp: request.bitcoinHrp,
    });
    const [row] = await tx.query<AddressRow>(
      `INSERT INTO crypto_deposit_addresses (player_id, wallet_account_id, currency, network,
         method_id, allocation, derivation_index, address, tag, key_fingerprint, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING ${ADDRESS_COLUMNS}`,
      [
        request.playerId,
        request.walletAccountId,
        request.currency,
        request.network.id,
        request.methodId,
        allocation.toString(),
        derived.derivationIndex,
        derived.address,
        derived.tag,
        request.key.fingerprint,
        request.now,
      ],
    );
    await tx.query(
      "UPDATE crypto_address_counters SET next_allocation = next_allocation + 1 WHERE network = $1",
      [request.network.id],
    );
    return toDepositAddress(row!);
  });
}
