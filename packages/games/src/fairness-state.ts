// A player's seed pair as plain values. Every change returns a new state; the caller stores it.
//
// - The player sees the hash of the current server seed (and of the next one) before betting.
// - Each bet takes the current nonce and increments it.
// - Rotating reveals the current server seed (so every past round can be verified), promotes the
//   pre-committed next seed, commits a fresh next seed and resets the nonce to 0.
// - Changing the client seed rotates too: with the same server seed and a reset nonce a player
//   could return to an old client seed and know the coming outcomes.

import {
  generateClientSeed,
  generateServerSeed,
  hashServerSeed,
  type RoundSeeds,
} from "./fairness";

export interface FairnessState {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  readonly nextServerSeed: string;
  readonly nextServerSeedHash: string;
  readonly clientSeed: string;
  /** The nonce of the next bet. */
  readonly nonce: number;
}

/** What the player may see before the seed is revealed. */
export interface PublicFairness {
  readonly serverSeedHash: string;
  readonly nextServerSeedHash: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

export interface RevealedSeed {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  /** Bets made with this pair: nonces 0 .. bets − 1. */
  readonly bets: number;
}

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export function isValidClientSeed(clientSeed: string): boolean {
  return CLIENT_SEED.test(clientSeed);
}

function assertClientSeed(clientSeed: string): void {
  if (!isValidClientSeed(clientSeed)) {
    throw new RangeError("client seed must be 1 to 64 printable ASCII characters without spaces");
  }
}

export function createFairnessState(
  options: { clientSeed?: string; serverSeed?: string; nextServerSeed?: string } = {},
): FairnessState {
  const clientSeed = options.clientSeed ?? generateClientSeed();
  assertClientSeed(clientSeed);
  const serverSeed = options.serverSeed ?? generateServerSeed();
  const nextServerSeed = options.nextServerSeed ?? generateServerSeed();
  return {
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    nextServerSeed,
    nextServerSeedHash: hashServerSeed(nextServerSeed),
    clientSeed,
    nonce: 0,
  };
}

export function publicFairness(state: FairnessState): PublicFairness {
  return {
    serverSeedHash: state.serverSeedHash,
    nextServerSeedHash: state.nextServerSeedHash,
    clientSeed: state.clientSeed,
    nonce: state.nonce,
  };
}

/** The seeds of the next bet, and the state after it (nonce + 1). */
export function takeBet(state: FairnessState): { seeds: RoundSeeds; state: FairnessState } {
  if (!Number.isSafeInteger(state.nonce + 1)) throw new RangeError("nonce exhausted: rotate");
  return {
    seeds: { serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: state.nonce },
    state: { ...state, nonce: state.nonce + 1 },
  };
}

/** Reveals the current seed; the next seed becomes current; nonce 0. */
export function rotateSeed(
  state: FairnessState,
  options: { clientSeed?: string; nextServerSeed?: string } = {},
): { revealed: RevealedSeed; state: FairnessState } {
  const clientSeed = options.clientSeed ?? state.clientSeed;
  assertClientSeed(clientSeed);
  const nextServerSeed = options.nextServerSeed ?? generateServerSeed();
  return {
    revealed: {
      serverSeed: state.serverSeed,
      serverSeedHash: state.serverSeedHash,
      clientSeed: state.clientSeed,
      bets: state.nonce,
    },
    state: {
      serverSeed: state.nextServerSeed,
      serverSeedHash: state.nextServerSeedHash,
      nextServerSeed,
      nextServerSeedHash: hashServerSeed(nextServerSeed),
      clientSeed,
      nonce: 0,
    },
  };
}

/** A new client seed starts a new pair (see the note at the top). */
export function changeClientSeed(
  state: FairnessState,
  clientSeed: string,
  nextServerSeed?: string,
): { revealed: RevealedSeed; state: FairnessState } {
  return rotateSeed(
    state,
    nextServerSeed === undefined ? { clientSeed } : { clientSeed, nextServerSeed },
  );
}

/** The verifier's first check: the revealed seed is the one whose hash was shown. */
export function seedMatchesHash(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}
