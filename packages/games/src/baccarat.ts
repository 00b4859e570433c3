// Punto banco baccarat, eight decks, a freshly shuffled shoe every round (cards are dealt from
// the top of a Fisher–Yates shuffle drawn from the round's floats: see dealFrom).
//
// Deal: player, banker, player, banker. A two-card 8 or 9 (natural) ends the round. Otherwise the
// player draws on 0–5 and stands on 6–7. If the player stood, the banker draws on 0–5; if the
// player drew a third card p, the banker draws on 0–2, on 3 unless p = 8, on 4 if p is 2–7, on 5
// if p is 4–7, on 6 if p is 6–7, and stands on 7. Totals are modulo 10; tens and faces count 0.
//
// Bets: player pays 1:1, banker 0.95:1 (5% commission), tie 8:1; player and banker bets push on
// a tie. Exact RTPs from enumerating every deal of the shoe (baccaratExact), the classic figures:
// banker 98.94%, player 98.76%, tie 85.64%.

import { dealFrom, type NextFloat } from "./draw";
import { add, applyMultiplier, mul, type Rational, ratio } from "./rational";

export const DECKS = 8;
export const SHOE_SIZE = 52 * DECKS;

export type BaccaratBet = "player" | "banker" | "tie";

/** Exact RTP per bet (baccaratExact().rtp, checked by a test): 98.7649%, 98.9421%, 85.6404%. */
export const declaredRtp: Readonly<Record<BaccaratBet, Rational>> = {
  player: ratio(19_283_843_717_413n, 19_524_993_263_685n),
  banker: ratio(10_732_465_128_097n, 10_847_218_479_825n),
  tie: ratio(619_306_544_887n, 723_147_898_655n),
};
export type BaccaratResult = "player" | "banker" | "tie";

/** Card index 0..415 → rank 0..12 (ace, 2..10, jack, queen, king) and suit 0..3. */
export function cardRank(card: number): number {
  return card % 13;
}

export function cardSuit(card: number): number {
  return Math.floor(card / 13) % 4;
}

export function cardValue(card: number): number {
  const rank = cardRank(card);
  return rank < 9 ? rank + 1 : 0;
}

export interface BaccaratHand {
  readonly playerCards: readonly number[];
  readonly bankerCards: readonly number[];
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly result: BaccaratResult;
}

function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * The tableau on card values, `pointsOf` mapping the dealt items to 0..9: shared by play (cards)
 * and the exact enumeration (values).
 */
export function playTableau<C>(
  deal: () => C,
  pointsOf: (card: C) => number,
): { player: C[]; banker: C[]; playerTotal: number; bankerTotal: number } {
  const player = [deal()];
  const banker = [deal()];
  player.push(deal());
  banker.push(deal());
  let playerTotal = (pointsOf(player[0]!) + pointsOf(player[1]!)) % 10;
  let bankerTotal = (pointsOf(banker[0]!) + pointsOf(banker[1]!)) % 10;
  if (playerTotal < 8 && bankerTotal < 8) {
    let playerThird: number | undefined;
    if (playerTotal <= 5) {
      const card = deal();
      player.push(card);
      playerThird = pointsOf(card);
      playerTotal = (playerTotal + playerThird) % 10;
    }
    if (bankerDraws(bankerTotal, playerThird)) {
      const card = deal();
      banker.push(card);
      bankerTotal = (bankerTotal + pointsOf(card)) % 10;
    }
  }
  return { player, banker, playerTotal, bankerTotal };
}

export function resultOf(playerTotal: number, bankerTotal: number): BaccaratResult {
  return playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie";
}

export function playBaccarat(next: NextFloat): BaccaratHand {
  const hand = playTableau(dealFrom(next, SHOE_SIZE), cardValue);
  return {
    playerCards: hand.player,
    bankerCards: hand.banker,
    playerTotal: hand.playerTotal,
    bankerTotal: hand.bankerTotal,
    result: resultOf(hand.playerTotal, hand.bankerTotal),
  };
}

/** Return multiplier of a bet on a result (1 is a push: the stake comes back). */
export function baccaratMultiplier(bet: BaccaratBet, result: BaccaratResult): Rational {
  if (bet === "tie") return ratio(result === "tie" ? 9 : 0);
  if (result === "tie") return ratio(1);
  if (bet !== result) return ratio(0);
  return bet === "player" ? ratio(2) : ratio(39, 20);
}

/** What the stake returns, rounded down to the minor unit (the banker's 5% commission). */
export function baccaratPayout(stake: bigint, bet: BaccaratBet, result: BaccaratResult): bigint {
  return applyMultiplier(stake, baccaratMultiplier(bet, result));
}

export interface BaccaratExact {
  /** Ordered deals of six cards from the shoe: the common denominator. */
  readonly deals: bigint;
  /** Deals per (player total × 10 + banker total). */
  readonly totals: readonly bigint[];
  readonly probability: Readonly<Record<BaccaratResult, Rational>>;
  readonly rtp: Readonly<Record<BaccaratBet, Rational>>;
}

let exact: BaccaratExact | undefined;

/**
 * Every ordered deal of six card values from a full shoe, weighted by how many card sequences
 * give it (128 zero-value cards, 32 of each value 1–9). A round uses 4 to 6 cards; counting the
 * unused ones too keeps one denominator. Sums stay below 2⁵³, so plain numbers are exact.
 */
export function baccaratExact(): BaccaratExact {
  if (exact) return exact;
  const counts = [16 * DECKS, ...new Array<number>(9).fill(4 * DECKS)];
  const values: number[] = [];
  const totals = new Array<number>(100).fill(0);
  const walk = (depth: number, weight: number): void => {
    if (depth === 6) {
      let i = 0;
      const hand = playTableau(
        () => values[i++]!,
        (v) => v,
      );
      totals[hand.playerTotal * 10 + hand.bankerTotal]! += weight;
      return;
    }
    for (let v = 0; v < 10; v++) {
      const c = counts[v]!;
      if (c === 0) continue;
      counts[v] = c - 1;
      values[depth] = v;
      walk(depth + 1, weight * c);
      counts[v] = c;
    }
  };
  walk(0, 1);
  let deals = 1n;
  for (let i = 0; i < 6; i++) deals *= BigInt(SHOE_SIZE - i);
  const big = totals.map((t) => BigInt(t));
  const sum = (result: BaccaratResult): bigint =>
    big.reduce(
      (s, t, cell) => (resultOf(Math.floor(cell / 10), cell % 10) === result ? s + t : s),
      0n,
    );
  const probability = {
    player: ratio(sum("player"), deals),
    banker: ratio(sum("banker"), deals),
    tie: ratio(sum("tie"), deals),
  };
  const rtpOf = (bet: BaccaratBet): Rational =>
    (["player", "banker", "tie"] as const).reduce(
      (acc, result) => add(acc, mul(probability[result], baccaratMultiplier(bet, result))),
      ratio(0),
    );
  exact = {
    deals,
    totals: big,
    probability,
    rtp: { player: rtpOf("player"), banker: rtpOf("banker"), tie: rtpOf("tie") },
  };
  return exact;
}

/** Probability of each (player total × 10 + banker total), for the chi-square test. */
export function baccaratDistribution(): number[] {
  const { deals, totals } = baccaratExact();
  return totals.map((t) => Number(t) / Number(deals));
}
