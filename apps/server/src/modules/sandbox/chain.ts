// The sandbox chain: an in-process stand-in for the blockchains of the networks in
// modules/crypto/networks.ts, for development and tests (SANDBOX_CHAIN). It keeps its own book
// (sandbox_chain_heights, sandbox_chain_transfers): a tester "sends" a transfer to any valid
// address (it waits in the mempool), mines blocks (each block confirms the mempool and adds a
// confirmation to everything mined before) and can drop a transfer (a reorg or an eviction). The
// platform sees it only through the ChainSource port, as it would a node or an indexer.
import { randomBytes } from "node:crypto";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { Db } from "../../infra/db";
import { AppError } from "../../infra/errors";
import type { ChainSource, ChainTransfer } from "../crypto/chain-source";
import { isValidAddress, MAX_TAG, normalizeAddress, normalizeTag } from "../crypto/derivation";
import { CHAIN_NETWORKS, type ChainNetwork, chainNetwork } from "../crypto/networks";

export interface SandboxSendInput {
  network: string;
  address: string;
  tag?: string | null;
  /** Default: the network's native coin. */
  currency?: string | null;
  /** Major units, exact decimal ("0.015"). */
  amount: string;
}

export interface SandboxTransfer extends ChainTransfer {
  /** The amount in major units, for people. */
  amountText: string;
  blockHeight: number | null;
  createdAt: Date;
}

interface TransferRow {
  network: string;
  txid: string;
  vout: number;
  currency: string;
  address: string;
  tag: string | null;
  amount: string;
  block_height: string | null;
  status: "pending" | "dropped";
  created_at: Date;
  height: string | null;
  subunit_to_unit: string | null;
}

const TRANSFER_SELECT = `
  SELECT t.network, t.txid, t.vout, t.currency, t.address, t.tag, t.amount, t.block_height,
         t.status, t.created_at, h.height, c.subunit_to_unit
    FROM sandbox_chain_transfers t
    LEFT JOIN sandbox_chain_heights h ON h.network = t.network
    LEFT JOIN currencies c ON c.code = t.currency`;

/** How many recent transfers per network the source reports (plenty for a sandbox). */
const RECENT_LIMIT = 500;

export class SandboxChain implements ChainSource {
  readonly name = "sandbox";
  readonly networks: readonly string[] = CHAIN_NETWORKS.map((network) => network.id);

  constructor(private readonly options: { db: Db; now: () => Date; bitcoinHrp: string }) {}

  private network(id: string): ChainNetwork {
    const network = chainNetwork(id);
    if (!network) {
      throw AppError.unprocessable({
        network: [`Unknown network; one of ${this.networks.join(", ")}`],
      });
    }
    return network;
  }

  /** Puts a transfer in the mempool (0 confirmations). Refuses what a real chain would. */
  async send(input: SandboxSendInput): Promise<SandboxTransfer> {
    const network = this.network(input.network);
    const errors: Record<string, string[]> = {};
    // Checked as written (a wrong EIP-55 checksum is a typo), then stored in its usual form.
    const address = normalizeAddress(network.kind, input.address);
    if (!isValidAddress(network.kind, input.address.trim(), this.options.bitcoinHrp)) {
      errors.address = [`Not a valid ${network.name} address`];
    }
    const tag = normalizeTag(input.tag);
    if (tag !== null && !network.usesTag) {
      errors.tag = [`${network.name} transfers carry no destination tag`];
    } else if (tag !== null && (!/^\d+$/.test(tag) || BigInt(tag) > MAX_TAG)) {
      errors.tag = ["A destination tag is a whole number up to 4294967295"];
    }
    const currency = input.currency || network.nativeCurrency;
    const [row] = await this.options.db.query<{ subunit_to_unit: string }>(
      "SELECT subunit_to_unit FROM currencies WHERE code = $1 AND type = 'crypto'",
      [currency],
    );
    let amount = 0n;
    if (!row) {
      errors.currency = ["Unknown crypto currency"];
    } else {
      const parsed = parseAmount(input.amount, BigInt(row.subunit_to_unit));
      if (!parsed.ok || parsed.value <= 0n) {
        errors.amount = ["Enter a positive amount like 0.015 with at most the coin's decimals"];
      } else {
        amount = parsed.value;
      }
    }
    if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);

    const hash = randomBytes(32).toString("hex");
    const txid =
      network.kind === "evm" ? `0x${hash}` : network.kind === "xrp" ? hash.toUpperCase() : hash;
    await this.options.db.query(
      `INSERT INTO sandbox_chain_transfers (network, txid, vout, currency, address, tag, amount,
         created_at)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7)`,
      [network.id, txid, currency, address, tag, amount.toString(), this.options.now()],
    );
    return (await this.find(network.id, txid, 0))!;
  }

  /** Mines `blocks` blocks: the mempool goes into the first, everything gains confirmations. */
  async mine(networkId: string, blocks = 1): Promise<number> {
    const network = this.network(networkId);
    if (!Number.isInteger(blocks) || blocks < 1 || blocks > 1000) {
      throw AppError.unprocessable({ blocks: ["From 1 to 1000 blocks"] });
    }
    return this.options.db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO sandbox_chain_heights (network) VALUES ($1) ON CONFLICT DO NOTHING",
        [network.id],
      );
      const [before] = await tx.query<{ height: string }>(
        `UPDATE sandbox_chain_heights SET height = height + $2 WHERE network = $1
         RETURNING height - $2 AS height`,
        [network.id, blocks],
      );
      await tx.query(
        `UPDATE sandbox_chain_transfers SET block_height = $2
          WHERE network = $1 AND block_height IS NULL AND status = 'pending'`,
        [network.id, BigInt(before!.height) + 1n],
      );
      return Number(before!.height) + blocks;
    });
  }

  /** A reorg (or an eviction from the mempool) takes the transfer out of the chain. */
  async drop(networkId: string, txid: string, vout: number): Promise<SandboxTransfer | null> {
    const network = this.network(networkId);
    await this.options.db.query(
      `UPDATE sandbox_chain_transfers SET status = 'dropped', block_height = NULL
        WHERE network = $1 AND txid = $2 AND vout = $3`,
      [network.id, txid, vout],
    );
    return this.find(network.id, txid, vout);
  }

  async height(networkId: string): Promise<number> {
    const [row] = await this.options.db.query<{ height: string }>(
      "SELECT height FROM sandbox_chain_heights WHERE network = $1",
      [networkId],
    );
    return row ? Number(row.height) : 0;
  }

  async find(network: string, txid: string, vout: number): Promise<SandboxTransfer | null> {
    const [row] = await this.options.db.query<TransferRow>(
      `${TRANSFER_SELECT} WHERE t.network = $1 AND t.txid = $2 AND t.vout = $3`,
      [network, txid, vout],
    );
    return row ? toTransfer(row) : null;
  }

  /** The newest transfers of every network (the dev page). */
  async latest(limit = 50): Promise<SandboxTransfer[]> {
    const rows = await this.options.db.query<TransferRow>(
      `${TRANSFER_SELECT} ORDER BY t.created_at DESC, t.txid LIMIT $1`,
      [limit],
    );
    return rows.map(toTransfer);
  }

  async recentTransfers(network: string): Promise<ChainTransfer[]> {
    const rows = await this.options.db.query<TransferRow>(
      `${TRANSFER_SELECT} WHERE t.network = $1 ORDER BY t.created_at DESC, t.txid LIMIT $2`,
      [network, RECENT_LIMIT],
    );
    return rows.map(toTransfer);
  }
}

function toTransfer(row: TransferRow): SandboxTransfer {
  const height = row.height === null ? 0 : Number(row.height);
  const mined = row.block_height === null ? null : Number(row.block_height);
  const amount = BigInt(row.amount);
  return {
    network: row.network,
    txid: row.txid,
    vout: Number(row.vout),
    currency: row.currency,
    address: row.address,
    tag: row.tag,
    amount,
    amountText: formatAmount(amount, BigInt(row.subunit_to_unit ?? "1")),
    confirmations: row.status === "pending" && mined !== null ? height - mined + 1 : 0,
    dropped: row.status === "dropped",
    blockHeight: mined,
    createdAt: new Date(row.created_at),
  };
}
