// The port between the platform and a blockchain. The chain watcher (chain-watcher.ts) asks each
// ChainSource for the recent transfers of its networks and credits the ones that reach our
// deposit addresses once they have enough confirmations. The sandbox chain
// (modules/sandbox/chain.ts) is one implementation; a real one wraps a node's RPC (bitcoind
// `listsinceblock` on a watch-only wallet, an Ethereum log filter) or an indexer's API.

export interface ChainTransfer {
  network: string;
  /** Transaction id as the chain writes it. */
  txid: string;
  /** The output index (UTXO chains) or log index (account chains) within the transaction. */
  vout: number;
  /** The asset moved, as a platform currency code (BTC, ETH, USDT…). */
  currency: string;
  address: string;
  /** Destination tag or memo, when the transfer carries one. */
  tag: string | null;
  /** Minor units of `currency` (satoshi, wei, drops). */
  amount: bigint;
  /** 0 while unconfirmed; 1 once in a block, +1 for every block on top of it. */
  confirmations: number;
  /** Gone: reorganised out of the chain or evicted from the mempool. */
  dropped: boolean;
}

export interface WatchedDestination {
  network: string;
  address: string;
  tag: string | null;
}

export interface ChainSource {
  /** For logs. */
  readonly name: string;
  /** The network ids (networks.ts) this source follows. */
  readonly networks: readonly string[];
  /**
   * Recent transfers on a network with their current confirmations: at least every transfer
   * that is not final yet, and final ones for a while after. Transfers to addresses that are not
   * ours may be included (the watcher ignores them). Repeats are harmless: the watcher applies
   * each (network, txid, vout) once.
   */
  recentTransfers(network: string): Promise<ChainTransfer[]>;
  /**
   * Called when a deposit address is handed out, before the player sees it: a source that must
   * be told what to follow (a watch-only wallet's address import, an indexer subscription) does
   * it here. A failure refuses the address, so no player is given an address nobody watches.
   */
  watch?(destination: WatchedDestination): Promise<void>;
}
