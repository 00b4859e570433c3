// European roulette: one zero, 37 pockets. A bet covering k numbers returns 36/k times the stake
// (35:1 straight, 17:1 split, 11:1 street, 8:1 corner, 5:1 line, 2:1 dozen and column, 1:1 even
// chances), so every bet's RTP is k/37 × 36/k = 36/37 (97.30%). Zero loses the even chances
// (no la partage).

import { intBelow, type NextFloat } from "./draw";
import { type Rational, ratio } from "./rational";

export const POCKETS = 37;
export const declaredRtp: Rational = ratio(36, 37);

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type RouletteBetKind =
  | "straight"
  | "split"
  | "street"
  | "corner"
  | "line"
  | "dozen"
  | "column"
  | "red"
  | "black"
  | "odd"
  | "even"
  | "low"
  | "high";

export interface RouletteBet {
  readonly kind: RouletteBetKind;
  /** The numbers the bet covers, ascending. */
  readonly numbers: readonly number[];
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

// The layout: 1-2-3 is the first row (street), 1-4-7-…-34 the first column.
const column = (n: number): number => ((n - 1) % 3) + 1;

function bet(kind: RouletteBetKind, numbers: number[]): RouletteBet {
  return { kind, numbers: [...numbers].sort((a, b) => a - b) };
}

function assertNumber(n: number, min = 0): void {
  if (!Number.isInteger(n) || n < min || n > 36) throw new RangeError(`no pocket ${n}`);
}

export const rouletteBets = {
  straight(n: number): RouletteBet {
    assertNumber(n);
    return bet("straight", [n]);
  },
  /** Two neighbours on the layout, or 0 with 1, 2 or 3. */
  split(a: number, b: number): RouletteBet {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    assertNumber(lo);
    assertNumber(hi, 1);
    const adjacent =
      (lo === 0 && hi <= 3) ||
      (lo > 0 && hi === lo + 3) ||
      (lo > 0 && hi === lo + 1 && column(lo) !== 3);
    if (!adjacent) throw new RangeError(`${a} and ${b} are not neighbours`);
    return bet("split", [lo, hi]);
  },
  /** Row 1..12 (1-2-3 … 34-35-36). */
  street(row: number): RouletteBet {
    if (!Number.isInteger(row) || row < 1 || row > 12) throw new RangeError(`no street ${row}`);
    return bet("street", range(3 * row - 2, 3 * row));
  },
  /** The four numbers whose top-left (lowest) number is n: n, n+1, n+3, n+4. */
  corner(n: number): RouletteBet {
    assertNumber(n, 1);
    if (column(n) === 3 || n > 32) throw new RangeError(`no corner from ${n}`);
    return bet("corner", [n, n + 1, n + 3, n + 4]);
  },
  /** Two adjacent streets: rows row and row + 1 (row 1..11). */
  line(row: number): RouletteBet {
    if (!Number.isInteger(row) || row < 1 || row > 11) throw new RangeError(`no line ${row}`);
    return bet("line", range(3 * row - 2, 3 * row + 3));
  },
  dozen(d: number): RouletteBet {
    if (d !== 1 && d !== 2 && d !== 3) throw new RangeError(`no dozen ${d}`);
    return bet("dozen", range(12 * d - 11, 12 * d));
  },
  column(c: number): RouletteBet {
    if (c !== 1 && c !== 2 && c !== 3) throw new RangeError(`no column ${c}`);
    return bet(
      "column",
      range(1, 36).filter((n) => column(n) === c),
    );
  },
  red: (): RouletteBet => bet("red", [...RED_NUMBERS]),
  black: (): RouletteBet =>
    bet(
      "black",
      range(1, 36).filter((n) => !RED_NUMBERS.has(n)),
    ),
  odd: (): RouletteBet =>
    bet(
      "odd",
      range(1, 36).filter((n) => n % 2 === 1),
    ),
  even: (): RouletteBet =>
    bet(
      "even",
      range(1, 36).filter((n) => n % 2 === 0),
    ),
  low: (): RouletteBet => bet("low", range(1, 18)),
  high: (): RouletteBet => bet("high", range(19, 36)),
};

/** The winning pocket, 0..36. */
export function spinRoulette(next: NextFloat): number {
  return intBelow(next, POCKETS);
}

/** Return multiplier on a win: 36 / numbers covered (always an integer). */
export function rouletteMultiplier(bet: RouletteBet): number {
  return 36 / bet.numbers.length;
}

export interface RouletteChip {
  readonly bet: RouletteBet;
  readonly stake: bigint;
}

/** What the chips return on this pocket: exact, since 36 is divisible by every bet's size. */
export function roulettePayout(chips: readonly RouletteChip[], pocket: number): bigint {
  let total = 0n;
  for (const chip of chips) {
    if (chip.stake < 0n) throw new RangeError("negative stake");
    if (chip.bet.numbers.includes(pocket)) {
      total += chip.stake * BigInt(rouletteMultiplier(chip.bet));
    }
  }
  return total;
}

/** Exact RTP of one bet: (numbers / 37) × (36 / numbers). */
export function rouletteRtp(bet: RouletteBet): Rational {
  return ratio(bet.numbers.length * rouletteMultiplier(bet), POCKETS);
}

export function rouletteDistribution(): number[] {
  return new Array<number>(POCKETS).fill(1 / POCKETS);
}
