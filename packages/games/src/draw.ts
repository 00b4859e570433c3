// The pure half of the provably fair scheme: bytes → floats → integers, shuffles and card draws.
// No crypto here, so the browser verifier and the server share it.

/** The next float in [0, 1) of a round's stream (`floatStream` in fairness.ts). */
export type NextFloat = () => number;

/** Floats per 32-byte HMAC block: each takes 4 bytes. */
export const FLOATS_PER_BLOCK = 8;

const TWO_POW_32 = 4_294_967_296;

/**
 * Bytes → floats, 4 bytes each: b0/256 + b1/256² + b2/256³ + b3/256⁴. The sum is exactly
 * (big-endian uint32) / 2³², so every float is a multiple of 2⁻³² in [0, 1).
 */
export function bytesToFloats(bytes: Uint8Array): number[] {
  const floats: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i += 4) {
    floats.push(
      bytes[i]! / 256 +
        bytes[i + 1]! / 256 ** 2 +
        bytes[i + 2]! / 256 ** 3 +
        bytes[i + 3]! / 256 ** 4,
    );
  }
  return floats;
}

/** The 32-bit integer behind a float of the stream (exact: floats are multiples of 2⁻³²). */
export function floatToUint32(float: number): number {
  return float * TWO_POW_32;
}

/**
 * A uniform integer in [0, n) without modulo bias: a float's 32-bit value k is rejected when
 * k ≥ n·⌊2³²/n⌋ (probability below n/2³²) and the next float is tried; otherwise k mod n.
 */
export function intBelow(next: NextFloat, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`bad range ${n}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const k = floatToUint32(next());
    if (k < limit) return k % n;
  }
}

/** Fisher–Yates, from the last position down: position i swaps with intBelow(i + 1). */
export function shuffle<T>(next: NextFloat, items: readonly T[]): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = intBelow(next, i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}

/**
 * A fresh deck of `deckSize` cards numbered 0..deckSize-1, dealt from the top one card at a time:
 * deal i takes the card at position i + intBelow(deckSize − i) and swaps it to position i (the
 * first steps of a Fisher–Yates shuffle from the top), so a round draws only the cards it uses.
 */
export function dealFrom(next: NextFloat, deckSize: number): () => number {
  const swapped = new Map<number, number>(); // sparse deck: only moved positions are stored
  let i = 0;
  return () => {
    if (i >= deckSize) throw new RangeError("the deck is empty");
    const j = i + intBelow(next, deckSize - i);
    const card = swapped.get(j) ?? j;
    swapped.set(j, swapped.get(i) ?? i);
    i++;
    return card;
  };
}

/** The first `count` cards dealt from a fresh deck (see dealFrom). */
export function drawCards(next: NextFloat, deckSize: number, count: number): number[] {
  if (count > deckSize) throw new RangeError("more cards than the deck holds");
  const deal = dealFrom(next, deckSize);
  return Array.from({ length: count }, deal);
}

/** A stream over a fixed list of floats (tests, and replays of recorded floats). */
export function floatsFrom(floats: readonly number[]): NextFloat {
  let i = 0;
  return () => {
    if (i >= floats.length) throw new RangeError("out of floats");
    return floats[i++]!;
  };
}
