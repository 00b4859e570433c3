// The wallet's pure rules (spec §2 "Wallet modal", §4 "Wallet accounts", "Invoices",
// "Payment-method region", §5 "Wallet rules"): no React, no fetch, unit-tested in node.

import type { Currency } from "@casino/contract/settings";
import type { WalletAccount } from "@casino/contract/wallet";
import { min as minOf } from "@casino/money/arithmetic";
import { displayUnit, formatEquivalent, type UnitChoice } from "@casino/money/display";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import { subunitFactor } from "@casino/money/subunit";
import type { MethodField, MethodFieldOption, PaymentMethod, Preset } from "./wallet-types";

/** WL-07: the first dash-separated segment of the profile id, upper-case. */
export function shortPlayerId(profileId: string | null | undefined): string {
  return (profileId ?? "").split("-")[0]?.toUpperCase() ?? "";
}

/** Minor units of a decimal amount string; 0 when unreadable. */
export function toMinor(amount: string | null | undefined, subunitToUnit: number | bigint): bigint {
  if (!amount) return 0n;
  const parsed = parseAmount(amount, subunitToUnit);
  return parsed.ok ? parsed.value : 0n;
}

/** WL-10: non-zero balances first, then alphabetically by currency code. */
export function sortAccounts<T extends Pick<WalletAccount, "currency" | "balance">>(
  accounts: readonly T[],
): T[] {
  const nonZero = (account: T) => /[1-9]/.test(account.balance);
  return [...accounts].sort((a, b) => {
    const byBalance = Number(nonZero(b)) - Number(nonZero(a));
    return byBalance !== 0 ? byBalance : a.currency.localeCompare(b.currency);
  });
}

export type CurrencyTab = "all" | "crypto";
export const CURRENCY_TABS: readonly CurrencyTab[] = ["all", "crypto"];

/** WL-09: the crypto tab lists only accounts in currencies of type crypto. */
export function accountsOfTab<T extends Pick<WalletAccount, "currency">>(
  accounts: readonly T[],
  tab: CurrencyTab,
  currencies: readonly Pick<Currency, "code" | "type">[],
): T[] {
  if (tab === "all") return [...accounts];
  const crypto = new Set(currencies.filter((c) => c.type === "crypto").map((c) => c.code));
  return accounts.filter((account) => crypto.has(account.currency));
}

type MoneyCurrency = Pick<Currency, "code" | "subunitToUnit" | "subCurrencies">;

/**
 * WL-19: an amount as it is shown: BTC and ETH in milli-units (their first sub-currency, factor
 * 1000) unless the player chose whole units, every other currency in its own unit with all its
 * decimals.
 */
export function displayMoney(
  amount: string,
  currency: MoneyCurrency | undefined,
  code: string,
  choice: UnitChoice = "sub",
): { value: string; code: string } {
  if (!currency) return { value: amount, code };
  const minor = toMinor(amount, currency.subunitToUnit);
  const unit = displayUnit(currency, choice);
  return { value: formatAmount(minor, unit.subunitToUnit), code: unit.code };
}

/** "12.50 EUR", "1.25000 mBTC" (or "0.00125000 BTC" when the player chose whole units). */
export function formatMoney(
  amount: string,
  currency: MoneyCurrency | undefined,
  code: string,
  choice: UnitChoice = "sub",
) {
  const shown = displayMoney(amount, currency, code, choice);
  return `${shown.value} ${shown.code}`;
}

/** Whether the currency is shown in a sub-unit the player may swap for whole units (mBTC). */
export function hasSubUnit(currency: Pick<Currency, "subCurrencies"> | undefined): boolean {
  return (currency?.subCurrencies?.length ?? 0) > 0;
}

type RateCurrency = Pick<Currency, "code" | "subunitToUnit" | "rate">;

/**
 * WL-18: the equivalent of an amount in another currency, converted exactly through the base
 * currency's rates and rounded once to 2 decimals. Null when either rate is unknown or zero.
 */
export function equivalentAmount(
  amount: string,
  from: RateCurrency | undefined,
  to: RateCurrency | undefined,
): string | null {
  if (!from || !to || !/[1-9]/.test(to.rate.rate)) return null;
  try {
    return formatEquivalent(
      toMinor(amount, from.subunitToUnit),
      { subunitToUnit: from.subunitToUnit, rate: from.rate.rate },
      { subunitToUnit: to.subunitToUnit, rate: to.rate.rate },
    );
  } catch {
    return null;
  }
}

/** WL-15: the equivalent is shown only for crypto accounts. */
export function showsEquivalent(currency: Pick<Currency, "type"> | undefined): boolean {
  return currency?.type === "crypto";
}

/** WL-17: the stored equivalent currency counts only when it is a known currency. */
export function knownEquivalent(
  stored: string | null,
  currencies: readonly Pick<Currency, "code">[],
  fallback = DEFAULT_EQUIVALENT,
): string {
  if (stored && currencies.some((c) => c.code === stored)) return stored;
  return fallback;
}
export const DEFAULT_EQUIVALENT = "USD";

export type AmountBounds = { min: bigint; max: bigint; subunitToUnit: number | bigint };

/** The method's range in minor units of the account currency (WR-04). */
export function methodBounds(
  method: Pick<PaymentMethod, "amountMin" | "amountMax">,
  subunitToUnit: number | bigint,
): AmountBounds {
  return {
    min: toMinor(method.amountMin, subunitToUnit),
    max: toMinor(method.amountMax, subunitToUnit),
    subunitToUnit,
  };
}

/** WR-10: only presets within min and max are offered. */
export function presetsInRange(presets: readonly Preset[], bounds: AmountBounds): Preset[] {
  return presets.filter((preset) => {
    const value = toMinor(preset.amount, bounds.subunitToUnit);
    return value >= bounds.min && value <= bounds.max;
  });
}

/** WR-09: the default amount: the preset marked default (when offered), otherwise the minimum. */
export function defaultAmount(presets: readonly Preset[], bounds: AmountBounds): string {
  const preset = presetsInRange(presets, bounds).find((item) => item.default);
  const value = preset ? toMinor(preset.amount, bounds.subunitToUnit) : bounds.min;
  return formatAmount(value, bounds.subunitToUnit, { mode: "trim" });
}

/** An amount for labels and hints: all decimals of the currency dropped when zero ("10", "10.50"). */
export function amountLabel(minor: bigint, subunitToUnit: number | bigint): string {
  const text = formatAmount(minor, subunitToUnit);
  return /\.0+$/.test(text) ? text.replace(/\.0+$/, "") : text;
}

/**
 * WR-11…WR-13: the withdraw range: at least the method's min, at most its max (or the chosen
 * network's max) and at most the withdrawable balance.
 */
export function withdrawBounds(
  method: Pick<PaymentMethod, "amountMin" | "amountMax">,
  network: Pick<MethodFieldOption, "minAmount" | "maxAmount"> | null | undefined,
  withdrawalBalance: string,
  subunitToUnit: number | bigint,
): AmountBounds & { methodMax: bigint } {
  const min = toMinor(network?.minAmount ?? method.amountMin, subunitToUnit);
  const methodMax = toMinor(network?.maxAmount ?? method.amountMax, subunitToUnit);
  const balance = toMinor(withdrawalBalance, subunitToUnit);
  return { min, max: minOf(balance, methodMax), methodMax, subunitToUnit };
}

/** WR-24: a crypto network without an id gets a placeholder code. */
export function networkCode(option: Pick<MethodFieldOption, "id" | "name">, index: number) {
  return option.id ?? `network-${index + 1}`;
}

/** Method field labels and hints by locale code, falling back to the base language, then en. */
export function localized(texts: Readonly<Record<string, string>>, locale: string): string {
  const base = locale.split("-")[0] ?? locale;
  return texts[locale] ?? texts[base] ?? texts.en ?? Object.values(texts)[0] ?? "";
}

export const CRYPTO_NETWORK = "crypto_network";

export type FieldVisibility = {
  /** The public setting to show prefilled valid fields (WR-22). */
  showFilledFields: boolean;
  /** Withdraw form: the config flag showing all fields (WR-23). */
  withdrawShowAllFields?: boolean;
  direction: "deposit" | "withdrawal";
};

/**
 * WR-19, WR-22, WR-23: which method fields are shown. The network field is rendered as its own
 * dropdown; agentNumber is always shown in the deposit form; a prefilled valid field is hidden
 * unless the setting (deposit) or the config flag (withdraw) shows it.
 */
export function visibleFields(
  fields: readonly MethodField[],
  isValid: (field: MethodField) => boolean,
  options: FieldVisibility,
): MethodField[] {
  return fields.filter((field) => {
    if (field.key === CRYPTO_NETWORK) return false;
    if (field.key === "agentNumber" && options.direction === "deposit") return true;
    if (!field.value) return true;
    if (!isValid(field)) return true;
    if (options.direction === "withdrawal") {
      return Boolean(options.withdrawShowAllFields || options.showFilledFields);
    }
    return options.showFilledFields;
  });
}

/** WL-23: `country` goes to payment calls only when the region differs from the request country. */
export function countryParam(
  region: string | null,
  requestCountry: string | null,
): string | undefined {
  if (!region || region === requestCountry) return undefined;
  return region;
}

/**
 * WL-22: the region is the stored choice, otherwise the request country, otherwise the country
 * the player registered in (a request whose country is not known, e.g. no geolocation, still
 * shows a German player's region); null: unknown.
 */
export function paymentRegion(
  stored: string | null,
  requestCountry: string | null,
  playerCountry: string | null = null,
) {
  return stored ?? requestCountry ?? playerCountry ?? null;
}

/** CN-07: a country's flag image, addressed by the lowercase country code. */
export function flagImage(code: string): string {
  return `/images/flags/${code.toLowerCase()}.svg`;
}

export type InvoiceAlertKey =
  | "depositSuccess"
  | "depositError"
  | "withdrawSuccess"
  | "withdrawError";

/**
 * RTM-11, DP-22, WD-07: only status 2 (success) and 3 (failure) raise an alert; status 1 (pending,
 * maybe with a QR) and 4 (declined by the player) do not.
 */
export function invoiceAlertKey(
  type: "invoice.deposit.updated" | "invoice.withdrawal.updated",
  status: number,
): InvoiceAlertKey | null {
  const deposit = type === "invoice.deposit.updated";
  if (status === 2) return deposit ? "depositSuccess" : "withdrawSuccess";
  if (status === 3) return deposit ? "depositError" : "withdrawError";
  return null;
}

/** Spec §5: the deposit-limit notice: a deposit limit of the currency used up, or a cooling-off. */
export type PlayerLimit = {
  definition: number;
  currency?: string | null;
  amount?: string | null;
  currentAmount?: string | null;
};
export function depositLimitReached(
  limits: readonly PlayerLimit[],
  currency: string,
  subunitToUnit: number | bigint,
): boolean {
  return limits.some((limit) => {
    if (limit.definition === 5) return true;
    if (limit.definition !== 3 || limit.currency !== currency || !limit.amount) return false;
    return toMinor(limit.currentAmount, subunitToUnit) >= toMinor(limit.amount, subunitToUnit);
  });
}

/** Turn-over progress in percent, rounded to 2 decimals (WR-26). */
export function turnOverProgress(done: string, total: string): string {
  const scale = 10n ** 8n;
  const doneMinor = toMinor(done, scale);
  const totalMinor = toMinor(total, scale);
  if (totalMinor === 0n) return "100.00";
  // percent × 100, rounded half up: done / total × 10000
  const scaled = (doneMinor * 10000n * 2n + totalMinor) / (totalMinor * 2n);
  const capped = scaled > 10000n ? 10000n : scaled;
  return `${capped / 100n}.${(capped % 100n).toString().padStart(2, "0")}`;
}

/** A fresh Idempotency-Key for one submit (reused on a retry of the same submit). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export { subunitFactor };
