// Deposit addresses from an operator's account-level BIP32 extended public key. The server only
// ever holds public keys: a private extended key is refused, and funds are spent by the operator
// from the wallet that holds the matching private key, outside the platform.
//
// Every address is the child …/0/index of the account key (BIP44's external chain):
// - bitcoin: native segwit P2WPKH, bech32 of HASH160(compressed key) (BIP84, BIP173);
// - evm: the last 20 bytes of keccak256 of the uncompressed key, EIP-55 checksummed;
// - xrp: one shared address (…/0/0, base58 of HASH160 with the XRP alphabet) and a numeric
//   destination tag per player.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58xrp, bech32, bech32m, createBase58check, hex, utf8 } from "@scure/base";
import { HDKey } from "@scure/bip32";
import type { ChainKind, ChainNetwork } from "./networks";

const base58check = createBase58check(sha256);

/** SLIP-132 version bytes of extended public keys, with the private version of the same kind. */
const PUBLIC_VERSIONS: Record<number, { name: string; private: number }> = {
  76067358: { name: "xpub", private: 0x0488ade4 },
  77429938: { name: "ypub", private: 0x049d7878 },
  78792518: { name: "zpub", private: 0x04b2430c },
  43365439: { name: "Ypub", private: 0x0295b005 },
  44728019: { name: "Zpub", private: 0x02aa7a99 },
  70617039: { name: "tpub", private: 0x04358394 },
  71979618: { name: "upub", private: 0x044a4e28 },
  73341974: { name: "vpub", private: 0x045f18bc },
  37915119: { name: "Upub", private: 0x024285b5 },
  39277699: { name: "Vpub", private: 0x02575048 },
};
const PRIVATE_VERSIONS = new Set(Object.values(PUBLIC_VERSIONS).map((entry) => entry.private));

/** Why a configured key cannot be used. */
export class AccountKeyError extends Error {
  override readonly name = "AccountKeyError";
}

export interface AccountKey {
  /** The key's external chain (…/0), from which every address is one child away. */
  readonly external: HDKey;
  /** Hex fingerprint of the account key (its HASH160's first four bytes). */
  readonly fingerprint: string;
}

const parsedKeys = new Map<string, AccountKey>();

/**
 * Reads an account-level (depth 3, e.g. m/84'/0'/0') extended public key in any of the usual
 * encodings (xpub, ypub, zpub, tpub, upub, vpub…). Refuses private keys and other depths.
 */
export function parseAccountKey(text: string): AccountKey {
  const cached = parsedKeys.get(text);
  if (cached) return cached;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    throw new AccountKeyError("not a base58check extended key");
  }
  if (bytes.length !== 78) throw new AccountKeyError("not an extended key (wrong length)");
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  if (PRIVATE_VERSIONS.has(version) || bytes[45] === 0) {
    throw new AccountKeyError(
      "this is a PRIVATE extended key: give the server only the extended public key",
    );
  }
  const kind = PUBLIC_VERSIONS[version];
  if (!kind) throw new AccountKeyError(`unknown extended key version 0x${version.toString(16)}`);
  if (bytes[4] !== 3) {
    throw new AccountKeyError(
      `expected an account-level key (depth 3, like m/84'/0'/0'), got depth ${bytes[4]}`,
    );
  }
  const key = HDKey.fromExtendedKey(text, { public: version, private: kind.private });
  if (key.privateKey) throw new AccountKeyError("private keys are not accepted");
  const parsed: AccountKey = {
    external: key.deriveChild(0),
    fingerprint: key.fingerprint.toString(16).padStart(8, "0"),
  };
  parsedKeys.set(text, parsed);
  return parsed;
}

function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

/** Native segwit v0 P2WPKH address of a compressed public key. */
export function bitcoinP2wpkhAddress(publicKey: Uint8Array, hrp: string): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(hash160(publicKey))]);
}

/** EIP-55 mixed-case checksum of a 40-hex-digit address (with or without 0x). */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, "");
  const hash = hex.encode(keccak_256(utf8.decode(lower)));
  let result = "0x";
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i]!;
    result += Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

/** Ethereum address of a (compressed or uncompressed) secp256k1 public key. */
export function ethereumAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toChecksumAddress(hex.encode(keccak_256(uncompressed.subarray(1)).subarray(-20)));
}

/** XRP Ledger classic address of a secp256k1 public key (account id with version 0). */
export function xrpAddress(publicKey: Uint8Array): string {
  const payload = new Uint8Array([0, ...hash160(publicKey)]);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58xrp.encode(new Uint8Array([...payload, ...checksum]));
}

/** Destination tags are unsigned 32-bit integers; 0 is avoided (some wallets treat it as none). */
export const MAX_TAG = 4_294_967_295n;
const MAX_CHILD_INDEX = 2_147_483_647n;

export interface DerivedAddress {
  address: string;
  tag: string | null;
  derivationIndex: number;
}

/**
 * The deposit address of allocation number `allocation` on a network: the child of that index,
 * or on a tag network the shared child 0 with tag `allocation + 1`.
 */
export function deriveDepositAddress(
  network: Pick<ChainNetwork, "kind" | "usesTag">,
  key: AccountKey,
  allocation: bigint,
  options: { bitcoinHrp: string },
): DerivedAddress {
  if (allocation < 0n) throw new RangeError("allocation must not be negative");
  let index = allocation;
  let tag: string | null = null;
  if (network.usesTag) {
    if (allocation + 1n > MAX_TAG) throw new RangeError("destination tags are exhausted");
    index = 0n;
    tag = String(allocation + 1n);
  } else if (allocation > MAX_CHILD_INDEX) {
    throw new RangeError("non-hardened child indexes are exhausted; configure a new account key");
  }
  const child = key.external.deriveChild(Number(index));
  const publicKey = child.publicKey;
  if (!publicKey) throw new Error("derived key has no public key");
  const address =
    network.kind === "bitcoin"
      ? bitcoinP2wpkhAddress(publicKey, options.bitcoinHrp)
      : network.kind === "evm"
        ? ethereumAddress(publicKey)
        : xrpAddress(publicKey);
  return { address, tag, derivationIndex: Number(index) };
}

/**
 * Whether `address` is a well-formed address of the kind (checksums included): what a chain or a
 * wallet refuses to send to. Bitcoin accepts segwit (bech32/bech32m) of the configured network
 * and legacy base58 addresses.
 */
export function isValidAddress(kind: ChainKind, address: string, bitcoinHrp: string): boolean {
  if (kind === "evm") {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
    const body = address.slice(2);
    const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
    return !mixed || toChecksumAddress(address) === address;
  }
  if (kind === "xrp") {
    try {
      const bytes = base58xrp.decode(address);
      if (bytes.length !== 25 || bytes[0] !== 0) return false;
      const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
      return checksum.every((byte, i) => byte === bytes[21 + i]);
    } catch {
      return false;
    }
  }
  const lower = address.toLowerCase();
  if (lower.startsWith(`${bitcoinHrp}1`)) {
    for (const coder of [bech32, bech32m]) {
      try {
        const decoded = coder.decode(address as `${string}1${string}`);
        if (decoded.prefix !== bitcoinHrp) continue;
        const [version, ...words] = decoded.words;
        const program = coder.fromWords(words);
        if (version === 0 && coder === bech32)
          return program.length === 20 || program.length === 32;
        if (version !== undefined && version >= 1 && version <= 16 && coder === bech32m) {
          return program.length >= 2 && program.length <= 40;
        }
      } catch {}
    }
    return false;
  }
  try {
    const bytes = base58check.decode(address);
    const mainnet = bitcoinHrp === "bc";
    return bytes.length === 21 && (mainnet ? [0x00, 0x05] : [0x6f, 0xc4]).includes(bytes[0]!);
  } catch {
    return false;
  }
}

/**
 * The form addresses are stored in, so a transfer matches whatever case the sender wrote:
 * EVM addresses checksummed (EIP-55), segwit addresses in lower case (bech32 is case-insensitive).
 */
export function normalizeAddress(kind: ChainKind, address: string): string {
  const text = address.trim();
  if (kind === "evm" && /^0x[0-9a-fA-F]{40}$/.test(text)) return toChecksumAddress(text);
  if (kind === "bitcoin" && /^[a-z]{2,4}1/i.test(text) && !/^[13mn2]/.test(text)) {
    return text.toLowerCase();
  }
  return text;
}

/** Tags are unsigned integers: "007" and "7" are the same tag; "" is none. */
export function normalizeTag(tag: string | null | undefined): string | null {
  if (tag === null || tag === undefined || tag.trim() === "") return null;
  const text = tag.trim();
  return /^\d+$/.test(text) ? BigInt(text).toString() : text;
}
