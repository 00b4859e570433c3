import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToFloats, dealFrom, drawCards, floatsFrom, intBelow, shuffle } from "./draw";
import {
  floatStream,
  generateServerSeed,
  hashServerSeed,
  hmacBlock,
  hmacMessage,
  roundFloats,
} from "./fairness";
import { hashServerSeedAsync, replayRound, roundFloatsAsync } from "./fairness-web";

// Vectors computed outside Node with `openssl dgst -sha256 -hmac <serverSeed>`.
const SERVER_SEED = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const SEEDS = { serverSeed: SERVER_SEED, clientSeed: "player-chosen", nonce: 0 };

const seedsArb = fc.record({
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  clientSeed: fc.stringMatching(/^[\x21-\x7e]{1,64}$/),
  nonce: fc.nat({ max: 2 ** 40 }),
});

describe("float derivation (known answers)", () => {
  it("the message is clientSeed:nonce:cursor and the key is the server seed text", () => {
    expect(hmacMessage("player-chosen", 7, 0)).toBe("player-chosen:7:0");
    expect(hmacBlock(SEEDS, 0).toString("hex")).toBe(
      "ec727e443c69a5121d2f96d47eb2ac1eda35de5aa3bed5fe50879498ad06eeda",
    );
    expect(hmacBlock(SEEDS, 1).toString("hex")).toBe(
      "d1d4393a1ba30ac30eb6d8f733dfa9e3a24614e4b8f89f48ea3f62d9efb215bd",
    );
    expect(hmacBlock({ ...SEEDS, nonce: 7 }, 0).toString("hex")).toBe(
      "59acf7db5137280be691bac320c34a1ab9c43635094c7511197bd9283a121776",
    );
  });

  it("4 bytes make a float: b0/256 + b1/256² + b2/256³ + b3/256⁴", () => {
    const floats = roundFloats(SEEDS, 9);
    // Block 0 starts ec 72 7e 44 | 3c 69 a5 12; block 1 (cursor 1) starts d1 d4 39 3a.
    expect(floats[0]).toBe(0xec / 256 + 0x72 / 256 ** 2 + 0x7e / 256 ** 3 + 0x44 / 256 ** 4);
    expect(floats[0]).toBe(0.9236220279708505);
    expect(floats[1]).toBe(0x3c / 256 + 0x69 / 256 ** 2 + 0xa5 / 256 ** 3 + 0x12 / 256 ** 4);
    expect(floats[1]).toBe(0.23598701180890203);
    expect(floats[7]).toBe(0.6758870393969119);
    expect(floats[8]).toBe(0xd1 / 256 + 0xd4 / 256 ** 2 + 0x39 / 256 ** 3 + 0x3a / 256 ** 4);
  });

  it("hashServerSeed is SHA-256 of the seed text, in hex", () => {
    expect(hashServerSeed(SERVER_SEED)).toBe(
      "cd372fb85148700fa88095e3492d3f9f5beb43e555e5ff26d95f5a6adc36f8e6",
    );
  });

  it("server seeds are 32 random bytes in hex", () => {
    const a = generateServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServerSeed()).not.toBe(a);
  });
});

describe("float derivation (properties)", () => {
  it("is deterministic: the same seeds give the same floats", () => {
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        expect(roundFloats(seeds, 12)).toEqual(roundFloats({ ...seeds }, 12));
      }),
      { numRuns: 200 },
    );
  });

  it("floats lie in [0, 1) on the 2⁻³² grid", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 4, maxLength: 64 }), (bytes) => {
        for (const f of bytesToFloats(bytes)) {
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(1);
          expect(Number.isInteger(f * 2 ** 32)).toBe(true);
        }
      }),
    );
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        for (const f of roundFloats(seeds, 16)) expect(f >= 0 && f < 1).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("the stream is block 0, then block 1 (cursor + 1), ...: each block is its own HMAC", () => {
    fc.assert(
      fc.property(seedsArb, fc.nat({ max: 5 }), (seeds, cursor) => {
        const next = floatStream(seeds);
        const streamed = Array.from({ length: 8 * (cursor + 1) }, next);
        const block = bytesToFloats(
          createHmac("sha256", seeds.serverSeed)
            .update(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`)
            .digest(),
        );
        expect(streamed.slice(8 * cursor)).toEqual(block);
      }),
      { numRuns: 100 },
    );
  });

  it("cursor steps are independent: neighbouring blocks, nonces and client seeds differ", () => {
    fc.assert(
      fc.property(seedsArb, fc.nat({ max: 1000 }), (seeds, cursor) => {
        const a = hmacBlock(seeds, cursor);
        expect(a.equals(hmacBlock(seeds, cursor + 1))).toBe(false);
        expect(a.equals(hmacBlock({ ...seeds, nonce: seeds.nonce + 1 }, cursor))).toBe(false);
        expect(a.equals(hmacBlock({ ...seeds, clientSeed: `${seeds.clientSeed}x` }, cursor))).toBe(
          false,
        );
      }),
      { numRuns: 200 },
    );
  });

  it("Web Crypto gives the same floats and hash as node:crypto", async () => {
    await fc.assert(
      fc.asyncProperty(seedsArb, async (seeds) => {
        expect(await roundFloatsAsync(seeds, 20)).toEqual(roundFloats(seeds, 20));
        expect(await hashServerSeedAsync(seeds.serverSeed)).toBe(hashServerSeed(seeds.serverSeed));
      }),
      { numRuns: 50 },
    );
  });

  it("replayRound replays a round that needs more floats than one block", async () => {
    const play = (next: () => number) => Array.from({ length: 21 }, next);
    expect(await replayRound(SEEDS, play)).toEqual(play(floatStream(SEEDS)));
  });
});

describe("integers, shuffles and card draws", () => {
  it("intBelow is k mod n, rejecting the top 2³² mod n values (no modulo bias)", () => {
    const n = 37;
    const limit = 2 ** 32 - (2 ** 32 % n);
    const f = (k: number) => k / 2 ** 32;
    expect(intBelow(floatsFrom([f(40)]), n)).toBe(3);
    expect(intBelow(floatsFrom([f(limit - 1)]), n)).toBe((limit - 1) % n);
    // The top values are skipped and the next float decides.
    expect(intBelow(floatsFrom([f(limit), f(2 ** 32 - 1), f(5)]), n)).toBe(5);
  });

  it("intBelow stays in range; every accepted residue class has the same size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), seedsArb, (n, seeds) => {
        const v = intBelow(floatStream(seeds), n);
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
        // Accepted k: 0 .. n·⌊2³²/n⌋ − 1, so each result has exactly ⌊2³²/n⌋ preimages.
        const limit = 2 ** 32 - (2 ** 32 % n);
        expect(limit % n).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("shuffle is a permutation; drawCards deals distinct cards, as the shuffle's first steps", () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 60 }), (seeds, size) => {
        const deck = Array.from({ length: size }, (_, i) => i);
        expect([...shuffle(floatStream(seeds), deck)].sort((a, b) => a - b)).toEqual(deck);
        const cards = drawCards(floatStream(seeds), size, size);
        expect(new Set(cards).size).toBe(size);
        const deal = dealFrom(floatStream(seeds), size);
        expect(Array.from({ length: Math.min(3, size) }, deal)).toEqual(cards.slice(0, 3));
      }),
      { numRuns: 200 },
    );
  });

  it("drawCards by hand: each draw takes position i + intBelow(size − i) and swaps it up", () => {
    const f = (k: number) => k / 2 ** 32;
    // size 5: draw 0 takes position 3 (k = 3), draw 1 takes position 1 + 0, draw 2: 2 + 2 = 4.
    expect(drawCards(floatsFrom([f(3), f(0), f(2)]), 5, 3)).toEqual([3, 1, 4]);
    // Then position 3 holds the card that was at 0: draw 3 = 3 + 0 → card 0.
    expect(drawCards(floatsFrom([f(3), f(0), f(2), f(0)]), 5, 4)).toEqual([3, 1, 4, 0]);
  });
});
