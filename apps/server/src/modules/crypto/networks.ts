// The chains the platform can derive deposit addresses for and watch. A payment method's
// `crypto_network` option id (operator data, payment_method_fields) names one of these; the
// operator's key and the confirmations per network come from the environment (config.ts
// `crypto`). Adding a chain of an existing kind is one entry here; a new kind needs an address
// encoder in derivation.ts and a ChainSource that watches it.

export type ChainKind = "bitcoin" | "evm" | "xrp";
export type BitcoinNetwork = "mainnet" | "testnet" | "regtest";

export interface ChainNetwork {
  /** The `crypto_network` option id in payment methods. */
  id: string;
  name: string;
  kind: ChainKind;
  /** The coin a plain transfer on this network moves (the sandbox's default asset). */
  nativeCurrency: string;
  /**
   * Every player shares the network's one deposit address and is told apart by a numeric
   * destination tag (XRP Ledger). Otherwise each player has an address of their own.
   */
  usesTag: boolean;
  /** Confirmations before a transfer is credited, unless CRYPTO_CONFIRMATIONS says otherwise. */
  defaultConfirmations: number;
  /** The account-level path of the development key below (BIP44/BIP84 account 0). */
  devPath: string;
  /**
   * The development key: the account-level extended public key at `devPath` of the public BIP39
   * test mnemonic "abandon abandon abandon abandon abandon abandon abandon abandon abandon
   * abandon abandon about" (no passphrase). Anyone can spend what is sent to it, which is why it
   * is only ever used with the sandbox chain (config.ts refuses it otherwise). The unit test
   * derivation.test.ts derives each of them again from the mnemonic.
   */
  devKey: string;
}

export const CHAIN_NETWORKS: readonly ChainNetwork[] = [
  {
    id: "bitcoin",
    name: "Bitcoin",
    kind: "bitcoin",
    nativeCurrency: "BTC",
    usesTag: false,
    defaultConfirmations: 2,
    devPath: "m/84'/0'/0'",
    // BIP84's published test vector (account 0 zpub of the mnemonic above).
    devKey:
      "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
  },
  {
    id: "erc20",
    name: "Ethereum (ERC-20)",
    kind: "evm",
    nativeCurrency: "ETH",
    usesTag: false,
    // Demo value; about 12 or more is usual on Ethereum mainnet.
    defaultConfirmations: 3,
    devPath: "m/44'/60'/0'",
    devKey:
      "xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt",
  },
  {
    id: "xrp",
    name: "XRP Ledger",
    kind: "xrp",
    nativeCurrency: "XRP",
    usesTag: true,
    // A validated ledger is final; one is enough.
    defaultConfirmations: 1,
    devPath: "m/44'/144'/0'",
    devKey:
      "xpub6CFKyZTfzj3cyeRLUDKwQQ5s1tqTTdVgywKMVkrB2i1taGFbhazkxDzWVsfBHZpv7rg6qpDBGYR5oA8iazEfa44CdQkkknPFHJ7YCzncCS9",
  },
];

export function chainNetwork(id: string | null | undefined): ChainNetwork | undefined {
  return CHAIN_NETWORKS.find((network) => network.id === id);
}

/** Human-readable prefix of segwit addresses per Bitcoin network (BIP173). */
export const BITCOIN_HRP: Record<BitcoinNetwork, string> = {
  mainnet: "bc",
  testnet: "tb",
  regtest: "bcrt",
};

/** The crypto part of the configuration (config.ts `crypto`). */
export interface CryptoConfig {
  /** The in-process sandbox chain and its dev page (SANDBOX_CHAIN). */
  sandboxChain: boolean;
  /** Account-level extended public keys by network id (CRYPTO_XPUBS). */
  xpubs: Readonly<Record<string, string>>;
  /** Confirmations by network id (CRYPTO_CONFIRMATIONS); the rest use their default. */
  confirmations: Readonly<Record<string, number>>;
  bitcoinNetwork: BitcoinNetwork;
}

/** The key a network derives from: the configured one, or the development key on the sandbox. */
export function accountKeyFor(config: CryptoConfig, network: ChainNetwork): string | null {
  return config.xpubs[network.id] ?? (config.sandboxChain ? network.devKey : null);
}

export function confirmationsFor(config: CryptoConfig, network: ChainNetwork): number {
  return config.confirmations[network.id] ?? network.defaultConfirmations;
}

/** "a=1,b=2" → {a: "1", b: "2"}; problems are reported with the variable's name. */
export function parseNetworkList(
  name: string,
  text: string | undefined,
  problems: string[],
): Record<string, string> {
  const result: Record<string, string> = {};
  if (!text) return result;
  for (const part of text.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    const match = /^([a-z0-9_-]{1,40})\s*=\s*(\S+)$/.exec(item);
    if (!match) {
      problems.push(`${name}: expected network=value pairs separated by commas, got "${item}"`);
      continue;
    }
    result[match[1]!] = match[2]!;
  }
  return result;
}
