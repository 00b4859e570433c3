import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { hex, utf8 } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import {
  AccountKeyError,
  bitcoinP2wpkhAddress,
  deriveDepositAddress,
  ethereumAddress,
  isValidAddress,
  parseAccountKey,
  toChecksumAddress,
  xrpAddress,
} from "./derivation";
import { CHAIN_NETWORKS, chainNetwork } from "./networks";

/** BIP39's public test mnemonic (also BIP84's test vector); never holds real funds. */
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
/** BIP39 seed: PBKDF2-HMAC-SHA512(mnemonic, "mnemonic" + passphrase, 2048, 64). */
const seed = pbkdf2(sha512, utf8.decode(MNEMONIC), utf8.decode("mnemonic"), {
  c: 2048,
  dkLen: 64,
});
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };
/** secp256k1's generator, the public key of private key 1. */
const G = hex.decode("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");

const bitcoin = chainNetwork("bitcoin")!;
const erc20 = chainNetwork("erc20")!;
const xrp = chainNetwork("xrp")!;
const bc = { bitcoinHrp: "bc" };

describe("crypto address derivation", () => {
  it("BE-23 BIP84 test vector: the zpub of m/84'/0'/0' and its first receiving addresses", () => {
    const account = HDKey.fromMasterSeed(seed, ZPUB_VERSIONS).derive("m/84'/0'/0'");
    expect(account.publicExtendedKey).toBe(bitcoin.devKey);
    const key = parseAccountKey(bitcoin.devKey);
    // BIP84: m/84'/0'/0'/0/0 and m/84'/0'/0'/0/1.
    expect(deriveDepositAddress(bitcoin, key, 0n, bc).address).toBe(
      "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    );
    expect(deriveDepositAddress(bitcoin, key, 1n, bc).address).toBe(
      "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    );
  });

  it("BE-23 BIP173 vector: P2WPKH of the generator on mainnet and testnet", () => {
    expect(bitcoinP2wpkhAddress(G, "bc")).toBe("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    expect(bitcoinP2wpkhAddress(G, "tb")).toBe("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx");
  });

  it("BE-23 Ethereum: m/44'/60'/0'/0/0 of the test mnemonic, private key 1, EIP-55 vectors", () => {
    const account = HDKey.fromMasterSeed(seed).derive(erc20.devPath);
    expect(account.publicExtendedKey).toBe(erc20.devKey);
    const key = parseAccountKey(erc20.devKey);
    expect(deriveDepositAddress(erc20, key, 0n, bc)).toEqual({
      address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
      tag: null,
      derivationIndex: 0,
    });
    expect(ethereumAddress(G)).toBe("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
    // EIP-55's own examples.
    for (const address of [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
      "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it("BE-23 XRP: the genesis account, and m/44'/144'/0'/0/0 with tags from 1 as the shared address", () => {
    const genesis = hex.decode(
      "0330e7fc9d56bb25d6893ba3f317ae5bcf33b3291bd63db32654a313222f7fd020",
    );
    expect(xrpAddress(genesis)).toBe("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh");
    expect(HDKey.fromMasterSeed(seed).derive(xrp.devPath).publicExtendedKey).toBe(xrp.devKey);
    const key = parseAccountKey(xrp.devKey);
    const first = deriveDepositAddress(xrp, key, 0n, bc);
    const second = deriveDepositAddress(xrp, key, 41n, bc);
    // xrpl.js's address for the test mnemonic.
    expect(first).toEqual({
      address: "rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3",
      tag: "1",
      derivationIndex: 0,
    });
    expect(second).toEqual({ ...first, tag: "42" });
  });

  it("BE-23 every development key derives addresses that match its seeded network regex", async () => {
    const { seedPaymentMethods, xrpDepositMethod } = await import("../../seed/payment-methods");
    const options = [...seedPaymentMethods, xrpDepositMethod].flatMap((method) =>
      (method.fields ?? []).flatMap((field) =>
        field.key === "crypto_network" ? (field.options ?? []) : [],
      ),
    );
    for (const network of CHAIN_NETWORKS) {
      const option = options.find((item) => item.id === network.id);
      expect(option?.regex, network.id).toBeTruthy();
      const key = parseAccountKey(network.devKey);
      for (const allocation of [0n, 1n, 7n, 1000n, 2_147_483_646n]) {
        const { address } = deriveDepositAddress(network, key, allocation, bc);
        expect(address).toMatch(new RegExp(option!.regex!));
        expect(isValidAddress(network.kind, address, "bc")).toBe(true);
      }
    }
  });

  it("refuses private keys, other depths and garbage; accepts xpub/zpub/tpub alike", () => {
    const root = HDKey.fromMasterSeed(seed);
    expect(() => parseAccountKey(root.derive("m/84'/0'/0'").privateExtendedKey)).toThrow(/PRIVATE/);
    expect(() => parseAccountKey(root.publicExtendedKey)).toThrow(/depth 0/);
    expect(() => parseAccountKey(root.derive("m/44'/60'/0'/0").publicExtendedKey)).toThrow(
      /depth 4/,
    );
    expect(() => parseAccountKey("xpub-not-a-key")).toThrow(AccountKeyError);
    const tpub = HDKey.fromMasterSeed(seed, { private: 0x04358394, public: 0x043587cf }).derive(
      "m/84'/1'/0'",
    ).publicExtendedKey;
    expect(tpub.startsWith("tpub")).toBe(true);
    const testnet = deriveDepositAddress(bitcoin, parseAccountKey(tpub), 0n, { bitcoinHrp: "tb" });
    // BIP84's testnet address for m/84'/1'/0'/0/0 of the test mnemonic.
    expect(testnet.address).toBe("tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl");
  });

  it("address checks: checksums, network prefixes and lengths", () => {
    expect(isValidAddress("bitcoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "bc")).toBe(
      true,
    );
    expect(isValidAddress("bitcoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", "bc")).toBe(
      false,
    );
    expect(isValidAddress("bitcoin", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "bc")).toBe(
      false,
    );
    expect(isValidAddress("bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "bc")).toBe(true);
    expect(isValidAddress("bitcoin", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "bc")).toBe(
      false,
    );
    expect(isValidAddress("evm", "0x9858effd232b4033e47d90003d41ec34ecaeda94", "bc")).toBe(true);
    expect(isValidAddress("evm", "0x9858EfFD232B4033E47d90003D41EC34EcaEda95", "bc")).toBe(false);
    expect(isValidAddress("evm", "0x9858EFFD232B4033E47d90003D41EC34EcaEda94", "bc")).toBe(false);
    expect(isValidAddress("xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "bc")).toBe(true);
    expect(isValidAddress("xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi", "bc")).toBe(false);
    expect(isValidAddress("xrp", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "bc")).toBe(false);
  });
});
