// rounds.ts: one round of any game from JSON parameters, the same on the server (node:crypto
// floats) and in the browser verifier (Web Crypto floats), with stakes and payouts in minor units.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { floatStream } from "./fairness";
import { replayRound } from "./fairness-web";
import {
  assertRoundParams,
  playRound,
  type RoundParams,
  roundPayout,
  roundStake,
  SLOT_PAYLINES,
} from "./rounds";

const PARAMS: RoundParams[] = [
  { game: "dice", amount: "100", target: 5000, direction: "under" },
  { game: "limbo", amount: "250", target: 200 },
  {
    game: "roulette",
    chips: [
      { kind: "red", at: [], amount: "100" },
      { kind: "straight", at: [17], amount: "50" },
      { kind: "corner", at: [1], amount: "25" },
    ],
  },
  { game: "baccarat", amount: "300", bet: "banker" },
  { game: "slot", lineBet: "10", funding: "player" },
];

const seedsArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
  nonce: fc.nat({ max: 2 ** 40 }),
});

describe("studio rounds", () => {
  it("the browser verifier replays exactly the server's outcome and payout, for every game", async () => {
    await fc.assert(
      fc.asyncProperty(seedsArb, fc.constantFrom(...PARAMS), async (seeds, params) => {
        const served = playRound(params, floatStream(seeds));
        const replayed = await replayRound(seeds, (next) => playRound(params, next));
        // Through JSON, as the round is stored and sent to the verifier.
        expect(JSON.parse(JSON.stringify(replayed))).toEqual(JSON.parse(JSON.stringify(served)));
        expect(roundPayout(params, replayed)).toBe(roundPayout(params, served));
      }),
      { numRuns: 60 },
    );
  });

  it("stakes: the amount, the chips' sum, lines × line bet, nothing on a platform free spin", () => {
    expect(PARAMS.map(roundStake)).toEqual([100n, 250n, 175n, 300n, 10n * BigInt(SLOT_PAYLINES)]);
    expect(roundStake({ game: "slot", lineBet: "10", funding: "platform" })).toBe(0n);
  });

  it("payouts follow the game's rules on known outcomes", () => {
    const dice = PARAMS[0]!;
    expect(roundPayout(dice, { game: "dice", roll: 4999 })).toBe(198n);
    expect(roundPayout(dice, { game: "dice", roll: 5000 })).toBe(0n);
    const roulette = PARAMS[2]!;
    // 17: the straight (36×) but not red or the corner 1-2-4-5.
    expect(roundPayout(roulette, { game: "roulette", pocket: 17 })).toBe(50n * 36n);
    // 1: red (2×) and the corner (9×).
    expect(roundPayout(roulette, { game: "roulette", pocket: 1 })).toBe(200n + 225n);
    expect(roundPayout(PARAMS[1]!, { game: "limbo", multiplier: 200 })).toBe(500n);
    expect(roundPayout(PARAMS[1]!, { game: "limbo", multiplier: 199 })).toBe(0n);
    const slot = PARAMS[4]!;
    expect(roundPayout(slot, { game: "slot", spins: [], units: 25 })).toBe(250n);
  });

  it("invalid bets are RangeErrors with a reason", () => {
    const bad: RoundParams[] = [
      { game: "dice", amount: "100", target: 9900, direction: "under" },
      { game: "dice", amount: "0", target: 5000, direction: "under" },
      { game: "limbo", amount: "100", target: 100 },
      { game: "roulette", chips: [] },
      { game: "roulette", chips: [{ kind: "split", at: [1, 5], amount: "10" }] },
      { game: "roulette", chips: [{ kind: "red", at: [], amount: "0" }] },
      { game: "slot", lineBet: "0", funding: "player" },
    ];
    for (const params of bad) expect(() => assertRoundParams(params)).toThrow(RangeError);
    for (const params of PARAMS) expect(() => assertRoundParams(params)).not.toThrow();
  });
});
