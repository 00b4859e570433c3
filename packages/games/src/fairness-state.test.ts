import { describe, expect, it } from "vitest";
import { hashServerSeed, roundFloats } from "./fairness";
import {
  changeClientSeed,
  createFairnessState,
  publicFairness,
  rotateSeed,
  seedMatchesHash,
  takeBet,
} from "./fairness-state";

const A = "a".repeat(64);
const B = "b".repeat(64);
const C = "c".repeat(64);

describe("seed pair and rotation", () => {
  it("shows the hashes of the current and next server seeds, never the seeds", () => {
    const state = createFairnessState({ clientSeed: "lucky", serverSeed: A, nextServerSeed: B });
    const shown = publicFairness(state);
    expect(shown).toEqual({
      serverSeedHash: hashServerSeed(A),
      nextServerSeedHash: hashServerSeed(B),
      clientSeed: "lucky",
      nonce: 0,
    });
    expect(JSON.stringify(shown)).not.toContain(A);
  });

  it("each bet takes the nonce and increments it; the state is not mutated", () => {
    const s0 = createFairnessState({ clientSeed: "lucky", serverSeed: A, nextServerSeed: B });
    const bet0 = takeBet(s0);
    const bet1 = takeBet(bet0.state);
    expect(bet0.seeds).toEqual({ serverSeed: A, clientSeed: "lucky", nonce: 0 });
    expect(bet1.seeds.nonce).toBe(1);
    expect(bet1.state.nonce).toBe(2);
    expect(s0.nonce).toBe(0);
  });

  it("rotation reveals the old seed (matching the hash shown), promotes the next one, resets the nonce", () => {
    let state = createFairnessState({ clientSeed: "lucky", serverSeed: A, nextServerSeed: B });
    const shownBefore = publicFairness(state).serverSeedHash;
    const bets = [];
    for (let i = 0; i < 3; i++) {
      const bet = takeBet(state);
      bets.push(bet.seeds);
      state = bet.state;
    }
    const { revealed, state: rotated } = rotateSeed(state, { nextServerSeed: C });
    expect(revealed).toEqual({
      serverSeed: A,
      serverSeedHash: shownBefore,
      clientSeed: "lucky",
      bets: 3,
    });
    expect(seedMatchesHash(revealed.serverSeed, shownBefore)).toBe(true);
    expect(rotated).toMatchObject({
      serverSeed: B,
      serverSeedHash: hashServerSeed(B),
      nextServerSeed: C,
      nextServerSeedHash: hashServerSeed(C),
      clientSeed: "lucky",
      nonce: 0,
    });
    // With the revealed seed every past round recomputes.
    for (const seeds of bets) {
      expect(roundFloats({ ...seeds, serverSeed: revealed.serverSeed }, 8)).toEqual(
        roundFloats(seeds, 8),
      );
    }
  });

  it("a new client seed starts a new pair, so old (client seed, nonce) pairs never recur", () => {
    const s = takeBet(
      createFairnessState({ clientSeed: "one", serverSeed: A, nextServerSeed: B }),
    ).state;
    const { revealed, state } = changeClientSeed(s, "two", C);
    expect(revealed).toMatchObject({ serverSeed: A, clientSeed: "one", bets: 1 });
    expect(state).toMatchObject({ serverSeed: B, clientSeed: "two", nonce: 0 });
  });

  it("client seeds are 1–64 printable ASCII characters", () => {
    const s = createFairnessState();
    expect(s.clientSeed).toMatch(/^[0-9a-f]{20}$/);
    expect(() => changeClientSeed(s, "")).toThrow(RangeError);
    expect(() => changeClientSeed(s, "has space")).toThrow(RangeError);
    expect(() => changeClientSeed(s, "x".repeat(65))).toThrow(RangeError);
    expect(changeClientSeed(s, "ok:seed!").state.clientSeed).toBe("ok:seed!");
  });

  it("a wrong revealed seed does not match the hash", () => {
    expect(seedMatchesHash(B, hashServerSeed(A))).toBe(false);
  });
});
