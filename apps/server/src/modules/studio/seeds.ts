// The player's seed pair (packages/games fairness-state.ts) kept in studio_seed_pairs: the hash
// of the server seed is shown before play; rotating (or choosing a new client seed) reveals the
// old server seed and makes the pre-committed next seed current, nonce 0.
import {
  createFairnessState,
  type FairnessState,
  type PublicFairness,
  publicFairness,
  type RevealedSeed,
  rotateSeed,
} from "@casino/games/fairness-state";
import { type SeedPairRecord, studioRepository } from "./repository";
import type { Studio } from "./studio";

function stateOf(pair: SeedPairRecord): FairnessState {
  return {
    serverSeed: pair.serverSeed,
    serverSeedHash: pair.serverSeedHash,
    nextServerSeed: pair.nextServerSeed,
    nextServerSeedHash: pair.nextServerSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
  };
}

/** The player's public fairness state (a first pair is made on first use). */
export async function currentFairness(studio: Studio, playerRef: string): Promise<PublicFairness> {
  const repo = studioRepository(studio.ctx.db);
  const pair =
    (await repo.activePair(playerRef)) ??
    (await repo.ensurePair(playerRef, createFairnessState(), studio.ctx.now()));
  return publicFairness(stateOf(pair));
}

/** Reveals the current server seed and starts the next pair (with a new client seed if given). */
export async function rotateSeeds(
  studio: Studio,
  playerRef: string,
  clientSeed?: string,
): Promise<{ revealed: RevealedSeed; fairness: PublicFairness }> {
  const now = studio.ctx.now();
  await currentFairness(studio, playerRef);
  return studio.ctx.db.transaction(async (tx) => {
    const repo = studioRepository(tx);
    const pair = await repo.activePair(playerRef, true);
    if (!pair) throw new Error("studio: the active seed pair vanished");
    const { revealed, state } = rotateSeed(
      stateOf(pair),
      clientSeed === undefined ? {} : { clientSeed },
    );
    await repo.revealPair(pair.id, now);
    await repo.insertPair(playerRef, state, now);
    return { revealed, fairness: publicFairness(state) };
  });
}
