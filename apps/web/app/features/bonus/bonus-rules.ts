// The rules of the bonus UI as pure functions (spec §4 "Deposit bonus selection", "Bonus and
// free-spin status", §5 "Wallet rules", §9; DP-12..DP-21, CR-07, BN-06..BN-09, BN-11, BN-13).
// Amounts are decimal strings in major units; they are compared and computed exactly (scaled
// bigints), never as floats.
import type { DepositBonus, PlayerBonus, PlayerFreespin } from "@casino/contract/bonus";

/** Spec §9: bonus refresh debounce (DP-17) and realtime bonus updates (BN-09). */
export const BONUS_DEBOUNCE_MS = 500;
/** Deposit-bonus calls: trigger 1 applies a code at once, 3 keeps it for the next deposit. */
export const CODE_TRIGGER = { apply: 1, deposit: 3 } as const;

const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

/** "12.5" → 12.5 × 10^18; null for anything that is not a plain non-negative decimal. */
export function scaled(value: string | null | undefined): bigint | null {
  if (value == null) return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").slice(0, SCALE).padEnd(SCALE, "0");
  return BigInt(match[1] ?? "0") * ONE + BigInt(fraction || "0");
}

/** A scaled amount back to a decimal string without trailing zeros (2 decimals at most). */
export function unscaled(value: bigint, decimals = 2): string {
  const factor = 10n ** BigInt(SCALE - decimals);
  const rounded = value / factor;
  const unit = 10n ** BigInt(decimals);
  const whole = rounded / unit;
  const fraction = (rounded % unit).toString().padStart(decimals, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

// ---------------------------------------------------------------------------------------------
// Deposit bonus selection (DP-12..DP-16, CR-07).

/**
 * DP-12: exactly one of three states: a bonus selected, declined, or the promo-code panel open.
 */
export type BonusSelection =
  | { kind: "bonus"; bonusId: number }
  | { kind: "declined" }
  | { kind: "promo" };

export type SelectionOptions = {
  /** Crypto deposit (CR-07): the first bonus regardless of amount; nothing disabled. */
  crypto: boolean;
  /** The configured default-decline (DP-14). */
  defaultDecline: boolean;
};

type Bounds = Pick<DepositBonus, "minDeposit" | "maxDeposit">;

/** DP-16: whether the amount lies within the bonus's [minDeposit, maxDeposit]. */
export function fitsAmount(bonus: Bounds, amount: string): boolean {
  const value = scaled(amount);
  if (value === null) return false;
  const min = scaled(bonus.minDeposit);
  const max = scaled(bonus.maxDeposit);
  if (min !== null && value < min) return false;
  if (max !== null && value > max) return false;
  return true;
}

/** DP-16, CR-07: an out-of-range bonus is disabled for non-crypto deposits only. */
export function isBonusDisabled(bonus: Bounds, amount: string, crypto: boolean): boolean {
  return !crypto && !fitsAmount(bonus, amount);
}

/** The first bonus fitting the amount (any first bonus for crypto), or null. */
export function firstFitting<T extends Bounds & { id: number }>(
  bonuses: readonly T[],
  amount: string,
  crypto: boolean,
): T | null {
  if (crypto) return bonuses[0] ?? null;
  return bonuses.find((bonus) => fitsAmount(bonus, amount)) ?? null;
}

/** DP-13, DP-14, CR-07: the selection on entry. */
export function initialSelection(
  bonuses: readonly (Bounds & { id: number })[],
  amount: string,
  options: SelectionOptions,
): BonusSelection {
  if (options.defaultDecline) return { kind: "declined" };
  const first = firstFitting(bonuses, amount, options.crypto);
  return first ? { kind: "bonus", bonusId: first.id } : { kind: "declined" };
}

/**
 * DP-15: after the amount (or the bonus list) changed. A selected bonus that still fits (or is
 * still offered, for crypto) stays; one that no longer fits is deselected: declined with
 * default-decline, else the first fitting bonus (declined when none fits). A decline or an open
 * promo panel is the player's choice and stays.
 */
export function selectionAfterChange(
  current: BonusSelection,
  bonuses: readonly (Bounds & { id: number })[],
  amount: string,
  options: SelectionOptions,
): BonusSelection {
  if (current.kind !== "bonus") return current;
  const selected = bonuses.find((bonus) => bonus.id === current.bonusId);
  if (selected && (options.crypto || fitsAmount(selected, amount))) return current;
  if (options.defaultDecline) return { kind: "declined" };
  const first = firstFitting(bonuses, amount, options.crypto);
  return first ? { kind: "bonus", bonusId: first.id } : { kind: "declined" };
}

/** DP-18: what the deposit request carries for the selection. */
export function depositBonusFields(selection: BonusSelection): {
  bonusId: number | null;
  isBonusDecline: boolean;
} {
  if (selection.kind === "bonus") return { bonusId: selection.bonusId, isBonusDecline: false };
  return { bonusId: null, isBonusDecline: selection.kind === "declined" };
}

/** DP-21: the promo submit button is disabled while busy or while the code is empty. */
export function promoSubmitDisabled(code: string, busy: boolean): boolean {
  return busy || code.trim() === "";
}

// ---------------------------------------------------------------------------------------------
// Bonus preview: cash plus free spins (spec §9 "Bonus preview shows cash plus free spins (FS)").

export type BonusPreview = {
  /** The bonus money this deposit gets, in major units of the asked currency. */
  cash: string | null;
  /** A percentage bonus without a deposit amount yet (crypto): its cap. */
  upTo: string | null;
  freeSpins: number | null;
};

/**
 * BN-13: type 1 the fixed amount, type 2 the deposit percentage capped at the max amount, type 3
 * the spins; a bonus with free spins adds them to its cash. Amounts are the server's, already in
 * the asked currency (bonusAmount, maxBonusAmount: converted at the site's rates as the grant
 * converts them), never a base-currency number shown with the wallet's code. `decimals` are the
 * currency's; a percentage is rounded down to them. Without a deposit amount (crypto) a
 * percentage bonus previews its cap.
 */
export function bonusPreview(
  bonus: Pick<
    DepositBonus,
    "type" | "assignConditions" | "freespins" | "bonusAmount" | "maxBonusAmount"
  >,
  amount: string,
  decimals = 2,
): BonusPreview {
  const assign = bonus.assignConditions;
  let cash: bigint | null = null;
  let upTo: bigint | null = null;
  if (bonus.type === 1) {
    cash = scaled(bonus.bonusAmount);
  } else if (bonus.type === 2) {
    const percent = scaled(assign.depositPercentage);
    const deposit = scaled(amount);
    const cap = scaled(bonus.maxBonusAmount);
    if (percent !== null && deposit !== null && deposit > 0n) {
      cash = (deposit * percent) / (100n * ONE);
      if (cap !== null && cash > cap) cash = cap;
    } else {
      upTo = cap;
    }
  }
  const spins =
    bonus.type === 3
      ? (assign.presets.quantity ?? bonus.freespins?.count ?? null)
      : (bonus.freespins?.count ?? null);
  return {
    cash: cash !== null && cash > 0n ? unscaled(cash, decimals) : null,
    upTo: upTo !== null && upTo > 0n ? unscaled(upTo, decimals) : null,
    freeSpins: spins && spins > 0 ? spins : null,
  };
}

/**
 * "100.00 EUR + 50 FS", "up to 2.06185 mBTC", "50 FS" (or "" when the bonus grants nothing to
 * show): `money` formats an amount with its unit, `upTo` words an open-ended cap.
 */
export function previewText(
  preview: BonusPreview,
  money: (amount: string) => string,
  upTo: (max: string) => string,
): string {
  const parts: string[] = [];
  if (preview.cash !== null) parts.push(money(preview.cash));
  else if (preview.upTo !== null) parts.push(upTo(money(preview.upTo)));
  if (preview.freeSpins !== null) parts.push(`${preview.freeSpins} FS`);
  return parts.join(" + ");
}

// ---------------------------------------------------------------------------------------------
// Player bonuses and free spins (BN-03, BN-06..BN-08, BN-11).

export const BONUS_ALERT_KEYS = ["1-1", "2-1", "3-2", "3-3", "3-4", "3-5"] as const;

/** BN-06, BN-07: the alert key of a realtime item, or null (3-5 never for free spins). */
export function bonusAlertKey(
  item: { status: number; result: number },
  kind: "bonus" | "freespin",
): string | null {
  const key = `${item.status}-${item.result}`;
  if (!(BONUS_ALERT_KEYS as readonly string[]).includes(key)) return null;
  if (kind === "freespin" && key === "3-5") return null;
  return key;
}

/** BN-08: an issued or active item reloads the list; any other status removes it locally. */
export function realtimeAction(item: { status: number }): "reload" | "remove" {
  return item.status === 1 || item.status === 2 ? "reload" : "remove";
}

/** BN-08: the cached list without the item (the "remove locally" branch). */
export function withoutItem<T extends { id: number }>(list: readonly T[], id: number): T[] {
  return list.filter((item) => item.id !== id);
}

/** BN-11: the alert of a bonus code answer: 3 incorrect, 4 not available; others none. */
export function bonusCodeAlert(
  status: number,
): "bonusCodeIncorrect" | "bonusCodeNotAvailable" | null {
  if (status === 3) return "bonusCodeIncorrect";
  if (status === 4) return "bonusCodeNotAvailable";
  return null;
}

/** Wagering progress in percent (0..100, 2 decimals) from wagered / wagerTotal. */
export function wageringPercent(bonus: Pick<PlayerBonus, "wagered" | "wagerTotal">): number {
  const total = scaled(bonus.wagerTotal);
  const done = scaled(bonus.wagered);
  if (total === null || done === null || total === 0n) return 100;
  const hundredths = (done * 10_000n) / total;
  return Math.min(100, Number(hundredths) / 100);
}

/** Free-spin progress in percent. */
export function spinsPercent(spin: Pick<PlayerFreespin, "played" | "count">): number {
  if (spin.count <= 0) return 100;
  return Math.min(100, Math.round((spin.played / spin.count) * 10_000) / 100);
}

/**
 * A trailing debounce (DP-17, BN-09): calls within `ms` of each other collapse into one call
 * with the last arguments. `flush` runs a pending call now; `cancel` drops it.
 */
export function debounce<A extends unknown[]>(
  run: (...args: A) => void,
  ms: number,
): ((...args: A) => void) & { cancel: () => void; flush: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const fire = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) run(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, ms);
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer !== null) clearTimeout(timer);
    fire();
  };
  return debounced;
}
