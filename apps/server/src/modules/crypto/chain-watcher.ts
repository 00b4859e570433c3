// The chain watcher: reads the recent transfers of every ChainSource and credits the ones that
// reach a player's deposit address once they have the network's confirmations (CR, BE-23,
// BE-25). The chain is the truth, an invoice only an expectation: what arrived is credited, with
// or without an invoice and whatever amount the invoice named.
//
// Exactly once per (network, txid, vout), however many watchers run (several nodes, a job and a
// dev-page click at once) and whatever crash happens in between:
// - each transfer is handled in one database transaction that locks its crypto_chain_transfers
//   row, so concurrent watchers take turns and the later ones see it credited;
// - the credit, the invoice's success and the transfer's `credited` status commit together, and
//   the ledger posting's idempotency key crypto:{network}:{txid}:{vout} refuses a second credit
//   even if that row were lost.
// A transfer dropped (reorganised away, evicted) before its threshold credits nothing.
import { InvoiceStatus, InvoiceType } from "@casino/contract/payment";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { notifyDepositSucceeded } from "../notification/payment-notifications";
import { INVOICE_COLUMNS, type InvoiceRow, publishInvoice } from "../payment/invoice-view";
import { publishWalletAccount } from "../wallet/accounts";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import { type DepositAddress, lockAddressAt } from "./addresses";
import type { ChainSource, ChainTransfer } from "./chain-source";
import { normalizeAddress, normalizeTag } from "./derivation";
import { chainNetwork, confirmationsFor } from "./networks";

export type TransferOutcome =
  | "credited"
  | "waiting"
  | "dropped"
  | "ignored"
  /** Already final (credited or ignored) before this run. */
  | "done";

export interface WatchSummary {
  credited: number;
  waiting: number;
  dropped: number;
  ignored: number;
  done: number;
}

interface TransferRow {
  currency: string;
  address: string;
  tag: string | null;
  amount: string;
  status: "seen" | "credited" | "dropped" | "ignored";
  reason: string | null;
}

export interface ChainWatcherOptions {
  ctx: AppContext;
  sources: readonly ChainSource[];
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

/** The ledger idempotency key of a transfer's credit. */
export function transferKey(transfer: Pick<ChainTransfer, "network" | "txid" | "vout">): string {
  return `crypto:${transfer.network}:${transfer.txid}:${transfer.vout}`;
}

export class ChainWatcher {
  constructor(private readonly options: ChainWatcherOptions) {}

  /** One pass over every source and network. Safe to run concurrently, here or on other nodes. */
  async runOnce(): Promise<WatchSummary> {
    const summary: WatchSummary = { credited: 0, waiting: 0, dropped: 0, ignored: 0, done: 0 };
    for (const source of this.options.sources) {
      for (const networkId of source.networks) {
        if (!chainNetwork(networkId)) continue;
        const transfers = await source.recentTransfers(networkId);
        const final = await this.finalKeys(networkId, transfers);
        const ordered = [...transfers].sort(
          (a, b) => a.txid.localeCompare(b.txid) || a.vout - b.vout,
        );
        for (const transfer of ordered) {
          const outcome =
            final.has(transferKey(transfer)) && !transfer.dropped
              ? "done"
              : await this.apply(transfer);
          summary[outcome]++;
        }
      }
    }
    return summary;
  }

  /** Transfers already credited or ignored: skipped without a transaction. */
  private async finalKeys(network: string, transfers: readonly ChainTransfer[]) {
    if (transfers.length === 0) return new Set<string>();
    const rows = await this.options.ctx.db.query<{ txid: string; vout: number }>(
      `SELECT txid, vout FROM crypto_chain_transfers
        WHERE network = $1 AND txid = ANY ($2::text[]) AND status IN ('credited', 'ignored')`,
      [network, [...new Set(transfers.map((transfer) => transfer.txid))]],
    );
    return new Set(rows.map((row) => transferKey({ network, txid: row.txid, vout: row.vout })));
  }

  /** Handles one transfer in one transaction. */
  async apply(transfer: ChainTransfer): Promise<TransferOutcome> {
    const { ctx } = this.options;
    const network = chainNetwork(transfer.network);
    if (!network) return "ignored";
    const threshold = confirmationsFor(ctx.config.crypto, network);
    const address = normalizeAddress(network.kind, transfer.address);
    const tag = normalizeTag(transfer.tag);
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      await tx.query(
        `INSERT INTO crypto_chain_transfers (network, txid, vout, currency, address, tag, amount,
           confirmations, status, first_seen_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 'seen', $8, $8)
         ON CONFLICT DO NOTHING`,
        [
          transfer.network,
          transfer.txid,
          transfer.vout,
          transfer.currency,
          address,
          tag,
          transfer.amount.toString(),
          now,
        ],
      );
      // The lock that orders every watcher handling this transfer.
      const [row] = await tx.query<TransferRow>(
        `SELECT currency, address, tag, amount, status, reason FROM crypto_chain_transfers
          WHERE network = $1 AND txid = $2 AND vout = $3 FOR UPDATE`,
        [transfer.network, transfer.txid, transfer.vout],
      );
      const update = (status: TransferRow["status"], extra: { reason?: string | null } = {}) =>
        tx.query(
          `UPDATE crypto_chain_transfers
              SET status = $4, confirmations = $5, reason = $6, updated_at = $7
            WHERE network = $1 AND txid = $2 AND vout = $3`,
          [
            transfer.network,
            transfer.txid,
            transfer.vout,
            status,
            transfer.dropped ? 0 : transfer.confirmations,
            extra.reason ?? null,
            now,
          ],
        );

      if (row!.status === "ignored") return "done";
      if (row!.status === "credited") {
        if (transfer.dropped && row!.reason === null) {
          // Reorganised away after it was credited: beyond what the threshold protects against.
          // The credit stands; an operator decides (the reason marks it, logged once).
          await tx.query(
            `UPDATE crypto_chain_transfers SET reason = 'dropped_after_credit', updated_at = $4
              WHERE network = $1 AND txid = $2 AND vout = $3`,
            [transfer.network, transfer.txid, transfer.vout, now],
          );
          this.options.log.error(
            { network: transfer.network, txid: transfer.txid, vout: transfer.vout },
            "a credited crypto deposit was dropped from the chain",
          );
        }
        return "done";
      }
      if (transfer.dropped) {
        await update("dropped", { reason: "dropped_before_threshold" });
        return "dropped";
      }
      // What this output pays is fixed on chain: the first sighting's values are kept.
      const destination = await lockAddressAt(tx, {
        network: transfer.network,
        address: row!.address,
        tag: row!.tag,
      });
      if (!destination) {
        await update("ignored", { reason: "unknown_destination" });
        return "ignored";
      }
      if (destination.currency !== row!.currency) {
        await update("ignored", { reason: "other_asset" });
        return "ignored";
      }
      if (transfer.confirmations < threshold) {
        await update("seen");
        await tx.query(
          `UPDATE crypto_chain_transfers SET deposit_address_id = $4
            WHERE network = $1 AND txid = $2 AND vout = $3`,
          [transfer.network, transfer.txid, transfer.vout, destination.id],
        );
        return "waiting";
      }
      await this.credit(tx, transfer, destination, BigInt(row!.amount), now);
      return "credited";
    });
  }

  private async credit(
    tx: Queryable,
    transfer: ChainTransfer,
    destination: DepositAddress,
    amount: bigint,
    now: Date,
  ): Promise<void> {
    const { ctx } = this.options;
    const key = transferKey(transfer);
    const invoice = await this.successfulInvoice(tx, destination, amount, key, now);
    const wallets = walletRepository(tx);
    const account = await wallets.find(destination.playerId, destination.walletAccountId);
    if (!account) throw new Error(`wallet account ${destination.walletAccountId} is missing`);
    const house = await wallets.houseAccount("deposits", destination.currency);
    const [posted] = await postInTransaction(tx, [
      {
        key,
        kind: "crypto.deposit",
        legs: [
          { account: house, currency: destination.currency, amount: -amount },
          { account: account.ledger.real, currency: destination.currency, amount },
        ],
        metadata: {
          invoiceId: invoice.id,
          network: transfer.network,
          txid: transfer.txid,
          vout: transfer.vout,
        },
      },
    ]);
    if (posted?.status !== "applied" || posted.replay) {
      // The key was used although the transfer row said otherwise: refuse rather than guess.
      throw new Error(
        `crypto credit ${key}: ledger answered ${posted?.status} (replay ${posted?.replay})`,
      );
    }
    await tx.query(
      `UPDATE crypto_chain_transfers
          SET status = 'credited', confirmations = $4, deposit_address_id = $5, invoice_id = $6,
              ledger_transaction_id = $7, reason = NULL, updated_at = $8, credited_at = $8
        WHERE network = $1 AND txid = $2 AND vout = $3`,
      [
        transfer.network,
        transfer.txid,
        transfer.vout,
        transfer.confirmations,
        destination.id,
        invoice.id,
        posted.transactionId.toString(),
        now,
      ],
    );
    await publishInvoice(tx, ctx, invoice);
    await publishWalletAccount(tx, ctx, destination.playerId, destination.walletAccountId);
    await notifyDepositSucceeded(tx, ctx, invoice);
  }

  /**
   * The invoice the credit completes: the address's open invoice (pending, or declined by the
   * player meanwhile: money that arrived is credited all the same) with the amount that actually
   * arrived; otherwise a new successful invoice, so history shows every credited transfer.
   */
  private async successfulInvoice(
    tx: Queryable,
    destination: DepositAddress,
    amount: bigint,
    reference: string,
    now: Date,
  ): Promise<InvoiceRow> {
    if (destination.openInvoiceId) {
      const [updated] = await tx.query<InvoiceRow>(
        `UPDATE payment_invoices
            SET status = $2, amount = $3, processor_reference = $4, updated_at = $5,
                completed_at = $5
          WHERE id = $1 AND status IN ($6, $7)
          RETURNING ${INVOICE_COLUMNS}`,
        [
          destination.openInvoiceId,
          InvoiceStatus.Success,
          amount.toString(),
          reference,
          now,
          InvoiceStatus.Pending,
          InvoiceStatus.Declined,
        ],
      );
      await tx.query("UPDATE crypto_deposit_addresses SET open_invoice_id = NULL WHERE id = $1", [
        destination.id,
      ]);
      if (updated) return updated;
    }
    const [inserted] = await tx.query<InvoiceRow>(
      `INSERT INTO payment_invoices (type, status, player_id, wallet_account_id, method_id, method,
         processor, processing_type, currency, amount, fields, processor_reference, created_at,
         updated_at, completed_at)
       SELECT $1, $2, $3, $4, m.id, m.method, m.processor, m.processing_type, $5, $6, $7, $8, $9,
              $9, $9
         FROM payment_methods m WHERE m.id = $10
       RETURNING ${INVOICE_COLUMNS}`,
      [
        InvoiceType.Deposit,
        InvoiceStatus.Success,
        destination.playerId,
        destination.walletAccountId,
        destination.currency,
        amount.toString(),
        JSON.stringify({ crypto_network: destination.network }),
        reference,
        now,
        destination.methodId,
      ],
    );
    if (!inserted) throw new Error(`payment method ${destination.methodId} is missing`);
    return inserted;
  }
}

export interface PlatformTransferStatus {
  status: TransferRow["status"];
  reason: string | null;
}

/** What the watcher made of some transfers (the sandbox's dev page and API show it). */
export async function transferStatuses(
  db: Queryable,
  transfers: readonly Pick<ChainTransfer, "network" | "txid" | "vout">[],
): Promise<Map<string, PlatformTransferStatus>> {
  if (transfers.length === 0) return new Map();
  const rows = await db.query<{
    network: string;
    txid: string;
    vout: number;
    status: TransferRow["status"];
    reason: string | null;
  }>(
    `SELECT network, txid, vout, status, reason FROM crypto_chain_transfers
      WHERE txid = ANY ($1::text[])`,
    [[...new Set(transfers.map((transfer) => transfer.txid))]],
  );
  return new Map(
    rows.map((row) => [
      transferKey({ network: row.network, txid: row.txid, vout: Number(row.vout) }),
      { status: row.status, reason: row.reason },
    ]),
  );
}
