// The bet slip's arithmetic, pure and exact: odds are decimal strings ("2.10") held as integers
// in ten-thousandths, money is integer minor units (bigint). The book's server recomputes all of
// it when a bet is placed; the slip shows the same numbers before the player presses the button.

export const ODDS_SCALE = 10_000n;
export const MAX_LEGS = 20;
/** The book takes system bets of 3 to 8 legs. */
export const MAX_SYSTEM_LEGS = 8;

export type BetType = "single" | "multiple" | "system";
export type OddsChangeRule = "any" | "higher" | "none";

/** "2.10" → 21000n. Throws on anything that is not a decimal of at most 4 places ≥ 1. */
export function parseOdds(odds: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(odds.trim());
  if (!match) throw new Error(`not decimal odds: "${odds}"`);
  const value = BigInt(match[1]!) * ODDS_SCALE + BigInt((match[2] ?? "").padEnd(4, "0") || "0");
  if (value < ODDS_SCALE) throw new Error(`odds below 1: "${odds}"`);
  return value;
}

/** 21000n → "2.10" (two places at least, up to four when they matter). */
export function formatOdds(scaled: bigint): string {
  const whole = scaled / ODDS_SCALE;
  const fraction = (scaled % ODDS_SCALE).toString().padStart(4, "0").replace(/0+$/, "");
  return `${whole}.${fraction.padEnd(2, "0")}`;
}

/** The exact product of the legs' odds as a fraction: numerator / ODDS_SCALE^legs. */
function product(odds: readonly string[]): { value: bigint; scale: bigint } {
  let value = 1n;
  let scale = 1n;
  for (const o of odds) {
    value *= parseOdds(o);
    scale *= ODDS_SCALE;
  }
  return { value, scale };
}

/** The total odds of a multiple: the product of its legs' odds, rounded down to 1/10000. */
export function multipleOdds(odds: readonly string[]): bigint {
  if (odds.length === 0) throw new Error("a multiple needs legs");
  const p = product(odds);
  return (p.value * ODDS_SCALE) / p.scale;
}

/** Total odds as the book shows them: two decimals (3.7028 → "3.70"). */
export function shownOdds(scaled: bigint): string {
  return (Number(scaled) / Number(ODDS_SCALE)).toFixed(2);
}

/** Every way to choose k of n indexes, in lexicographic order ([0,1], [0,2], [1,2] for 2 of 3). */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  if (k < 1 || k > n) return out;
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** "2/3" → { size: 2, of: 3 }, or null for anything else. */
export function parseSystem(system: string): { size: number; of: number } | null {
  const match = /^(\d{1,2})\/(\d{1,2})$/.exec(system);
  if (!match) return null;
  const size = Number(match[1]);
  const of = Number(match[2]);
  if (size < 2 || size >= of || of > MAX_SYSTEM_LEGS) return null;
  return { size, of };
}

/** The systems a slip of n legs offers: 2/3, 2/4, 3/4, ... (k from 2 to n−1). */
export function systemsFor(legs: number): string[] {
  const out: string[] = [];
  if (legs < 3 || legs > MAX_SYSTEM_LEGS) return out;
  for (let size = 2; size < legs; size++) {
    // C(20,10) is 184,756 lines: keep the offer to what a player would actually place.
    if (binomial(legs, size) <= 1_000) out.push(`${size}/${legs}`);
  }
  return out;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** stake × odds, rounded down to the minor unit. */
export function payoutFor(stake: bigint, scaledOdds: bigint): bigint {
  return (stake * scaledOdds) / ODDS_SCALE;
}

export interface SlipQuote {
  /** How many bets (lines) the slip places: legs for singles, 1 for a multiple, C(n,k) for a system. */
  lines: number;
  /** What the player pays in total. */
  totalStake: bigint;
  /** Total odds of a multiple (null for singles and systems). */
  totalOdds: bigint | null;
  /** The payout if every selection wins, before the cap. */
  uncappedPayout: bigint;
  /** The payout if every selection wins, capped at maxPayout (per bet) when one is given. */
  potentialPayout: bigint;
  /** True when the cap cut the payout. */
  capped: boolean;
}

/**
 * What a slip costs and can pay. `stake` is each single's stake, the multiple's stake, or a
 * system's total stake (split evenly over its combinations, as the book does). `maxPayout` caps each bet the slip places (a single, the multiple, or
 * the whole system bet).
 */
export function quote(
  type: BetType,
  odds: readonly string[],
  stake: bigint,
  options: { system?: string | null; maxPayout?: bigint | null } = {},
): SlipQuote {
  const cap = options.maxPayout ?? null;
  const capOne = (p: bigint) => (cap !== null && p > cap ? cap : p);
  if (type === "single") {
    let uncapped = 0n;
    let capped = 0n;
    for (const o of odds) {
      const p = payoutFor(stake, parseOdds(o));
      uncapped += p;
      capped += capOne(p);
    }
    return {
      lines: odds.length,
      totalStake: stake * BigInt(odds.length),
      totalOdds: null,
      uncappedPayout: uncapped,
      potentialPayout: capped,
      capped: capped < uncapped,
    };
  }
  if (type === "multiple") {
    const total = multipleOdds(odds);
    // From the exact product, rounded down once (as the book pays), not from the rounded odds.
    const exact = product(odds);
    const p = (stake * exact.value) / exact.scale;
    return {
      lines: 1,
      totalStake: stake,
      totalOdds: total,
      uncappedPayout: p,
      potentialPayout: capOne(p),
      capped: capOne(p) < p,
    };
  }
  const system = parseSystem(options.system ?? "");
  if (!system || system.of !== odds.length) throw new Error("the system does not match the legs");
  const combos = combinations(odds.length, system.size);
  // The stake is split evenly over the combinations: Σ stake × odds(c) / lines, rounded down once.
  let sum = 0n;
  let scale = 1n;
  for (const combo of combos) {
    const exact = product(combo.map((i) => odds[i]!));
    sum += exact.value;
    scale = exact.scale;
  }
  const uncapped = (stake * sum) / (scale * BigInt(combos.length));
  return {
    lines: combos.length,
    totalStake: stake,
    totalOdds: null,
    uncappedPayout: uncapped,
    potentialPayout: capOne(uncapped),
    capped: capOne(uncapped) < uncapped,
  };
}

/** Whether a price that moved from `was` to `now` may be taken under the player's rule. */
export function acceptsOddsChange(rule: OddsChangeRule, was: string, now: string): boolean {
  if (rule === "any") return true;
  const before = parseOdds(was);
  const after = parseOdds(now);
  return rule === "higher" ? after >= before : after === before;
}

/** "12.5" with 2 decimals → 1250n; null when it is not a non-negative amount with at most that many places. */
export function parseAmount(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,15})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  return (
    BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0")
  );
}

/** 1250n with 2 decimals → "12.50". */
export function formatAmount(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  if (decimals === 0) return `${negative ? "-" : ""}${abs}`;
  const unit = 10n ** BigInt(decimals);
  const fraction = (abs % unit).toString().padStart(decimals, "0");
  return `${negative ? "-" : ""}${abs / unit}.${fraction}`;
}

/** Which bet types a slip of these legs allows: a multiple needs 2+ legs from different events. */
export function allowedTypes(eventIds: readonly string[]): BetType[] {
  const types: BetType[] = ["single"];
  const distinct = new Set(eventIds).size === eventIds.length;
  if (eventIds.length >= 2 && eventIds.length <= MAX_LEGS && distinct) types.push("multiple");
  if (eventIds.length >= 3 && distinct && systemsFor(eventIds.length).length > 0)
    types.push("system");
  return types;
}
