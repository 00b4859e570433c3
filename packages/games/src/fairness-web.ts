// The same floats as fairness.ts, computed with Web Crypto (globalThis.crypto.subtle), for the
// verifier page in the browser. No node: imports here.

import { bytesToFloats, FLOATS_PER_BLOCK, type NextFloat } from "./draw";

export interface RoundSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

const encoder = new TextEncoder();

function hmacKey(serverSeed: string) {
  return globalThis.crypto.subtle.importKey(
    "raw",
    encoder.encode(serverSeed),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

export async function hmacBlockAsync(seeds: RoundSeeds, cursor: number): Promise<Uint8Array> {
  const key = await hmacKey(seeds.serverSeed);
  const message = encoder.encode(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`);
  return new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, message));
}

export async function roundFloatsAsync(seeds: RoundSeeds, count: number): Promise<number[]> {
  const key = await hmacKey(seeds.serverSeed);
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor++) {
    const message = encoder.encode(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`);
    const bytes = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, message));
    floats.push(...bytesToFloats(bytes));
  }
  return floats.slice(0, count);
}

export async function hashServerSeedAsync(serverSeed: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", encoder.encode(serverSeed));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

class OutOfFloats extends Error {}

/**
 * Replays a round in the browser. Games draw floats synchronously and some use a variable number
 * (rejection sampling, free spins), so the round is played on precomputed floats and, if they run
 * out, played again from the start with twice as many. Games are pure, so the replay is exact.
 */
export async function replayRound<T>(seeds: RoundSeeds, play: (next: NextFloat) => T): Promise<T> {
  for (let blocks = 1; ; blocks *= 2) {
    const floats = await roundFloatsAsync(seeds, blocks * FLOATS_PER_BLOCK);
    let i = 0;
    const next: NextFloat = () => {
      if (i >= floats.length) throw new OutOfFloats();
      return floats[i++]!;
    };
    try {
      return play(next);
    } catch (error) {
      if (!(error instanceof OutOfFloats)) throw error;
    }
  }
}
