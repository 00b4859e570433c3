// The provably fair scheme on the server (node:crypto). fairness-web.ts computes the same floats
// with Web Crypto for the browser verifier.
//
//   block(cursor) = HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`)
//   floats        = every 4 bytes of block(0), block(1), ... as b0/256 + b1/256² + b2/256³ + b3/256⁴
//
// The server seed is used as text (its 64 hex characters as UTF-8 bytes), and the hash shown
// before play is SHA-256 of that same text.

import { createHash, createHmac, randomBytes } from "node:crypto";
import { bytesToFloats, FLOATS_PER_BLOCK, type NextFloat } from "./draw";

/** What a round's outcome is derived from: the player sees all three once the seed is revealed. */
export interface RoundSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

export function hmacMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** The 32 bytes of one block. */
export function hmacBlock(seeds: RoundSeeds, cursor: number): Buffer {
  return createHmac("sha256", seeds.serverSeed)
    .update(hmacMessage(seeds.clientSeed, seeds.nonce, cursor))
    .digest();
}

/** The first `count` floats of a round. */
export function roundFloats(seeds: RoundSeeds, count: number): number[] {
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor++) {
    floats.push(...bytesToFloats(hmacBlock(seeds, cursor)));
  }
  return floats.slice(0, count);
}

/** A round's floats one by one; a new block (cursor + 1) is computed every 8 floats. */
export function floatStream(seeds: RoundSeeds): NextFloat {
  let cursor = 0;
  let block: number[] = [];
  let i = FLOATS_PER_BLOCK;
  return () => {
    if (i === FLOATS_PER_BLOCK) {
      block = bytesToFloats(hmacBlock(seeds, cursor++));
      i = 0;
    }
    return block[i++]!;
  };
}

/** SHA-256 of the server seed (hex): shown to the player before any round uses the seed. */
export function hashServerSeed(serverSeed: string): string {
  return createHash("sha256").update(serverSeed).digest("hex");
}

/** 32 random bytes as 64 hex characters. */
export function generateServerSeed(): string {
  return randomBytes(32).toString("hex");
}

/** A default client seed for players who do not choose one: 10 random bytes as hex. */
export function generateClientSeed(): string {
  return randomBytes(10).toString("hex");
}
