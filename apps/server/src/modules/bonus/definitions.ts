// Bonus definitions as the operator configured them (migration 0024): reading them, and the
// arithmetic on their conditions: amounts per currency or in the base currency converted
// (rounded down), minDeposit/maxDeposit derived from the trigger conditions (BN-14), the amount
// a deposit earns (BN-13).
import type { DepositBonus } from "@casino/contract/bonus";
import { formatAmount } from "@casino/money/format";
import { parseAmountOrThrow } from "@casino/money/parse";
import { cappedPercentOf, percentOf } from "@casino/money/percentage";
import { convert } from "@casino/money/rate";
import type { Queryable } from "../../infra/db";

export interface AmountItem {
  currency: string;
  amount: string;
}
export interface AssignConditionsData {
  amountItems?: AmountItem[];
  baseCurrencyAmount?: string | null;
  maxAmountItems?: AmountItem[];
  baseCurrencyMaxAmount?: string | null;
  depositPercentage?: string | null;
  presets?: { quantity?: number | null };
}
export interface TriggerConditionsData {
  invoiceAmountItems?: { currency: string; amountFrom: string | null; amountTo: string | null }[];
  baseCurrencyInvoiceAmountFrom?: string | null;
  baseCurrencyInvoiceAmountTo?: string | null;
}
export interface PerCurrency {
  items?: AmountItem[];
  baseCurrencyAmount?: string | null;
}

export interface BonusDefinition {
  id: number;
  slug: string;
  name: string;
  description: string;
  type: 1 | 2 | 3;
  kind: "deposit" | "code" | "reward";
  packageId: number | null;
  packageName: string | null;
  packagePosition: number | null;
  assign: AssignConditionsData;
  trigger: TriggerConditionsData;
  wagerMultiplier: string;
  maxBet: PerCurrency | null;
  defaultContribution: string;
  expiresInDays: number;
  freespinGameId: number | null;
  freespinGameSlug: string | null;
  freespinGameTitle: string | null;
  freespinBet: PerCurrency | null;
  freespinWinningsBonusId: number | null;
  autoActivate: boolean;
  isEnabled: boolean;
}

interface BonusRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  type: number;
  kind: BonusDefinition["kind"];
  package_id: number | null;
  package_name: string | null;
  package_position: number | null;
  assign_conditions: AssignConditionsData;
  trigger_conditions: TriggerConditionsData;
  wager_multiplier: string;
  max_bet: PerCurrency | null;
  default_contribution: string;
  expires_in_days: number;
  freespin_game_id: number | null;
  freespin_game_slug: string | null;
  freespin_game_title: string | null;
  freespin_bet: PerCurrency | null;
  freespin_winnings_bonus_id: number | null;
  auto_activate: boolean;
  is_enabled: boolean;
}

const BONUS_SELECT = `
  SELECT b.id, b.slug, b.name, b.description, b.type, b.kind, b.package_id,
         p.name AS package_name, b.package_position, b.assign_conditions, b.trigger_conditions,
         b.wager_multiplier::text AS wager_multiplier, b.max_bet,
         b.default_contribution::text AS default_contribution, b.expires_in_days,
         b.freespin_game_id, g.slug AS freespin_game_slug, g.title AS freespin_game_title,
         b.freespin_bet, b.freespin_winnings_bonus_id, b.auto_activate,
         (b.is_enabled AND COALESCE(p.is_enabled, true)) AS is_enabled
    FROM bonuses b
    LEFT JOIN bonus_packages p ON p.id = b.package_id
    LEFT JOIN games g ON g.id = b.freespin_game_id`;

function toDefinition(row: BonusRow): BonusDefinition {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    type: row.type as 1 | 2 | 3,
    kind: row.kind,
    packageId: row.package_id,
    packageName: row.package_name,
    packagePosition: row.package_position,
    assign: row.assign_conditions ?? {},
    trigger: row.trigger_conditions ?? {},
    wagerMultiplier: trimDecimal(row.wager_multiplier),
    maxBet: row.max_bet,
    defaultContribution: trimDecimal(row.default_contribution),
    expiresInDays: row.expires_in_days,
    freespinGameId: row.freespin_game_id,
    freespinGameSlug: row.freespin_game_slug,
    freespinGameTitle: row.freespin_game_title,
    freespinBet: row.freespin_bet,
    freespinWinningsBonusId: row.freespin_winnings_bonus_id,
    autoActivate: row.auto_activate,
    isEnabled: row.is_enabled,
  };
}

/** "35.00" → "35", "12.50" → "12.5". */
export function trimDecimal(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

export async function findBonus(db: Queryable, id: number): Promise<BonusDefinition | null> {
  const [row] = await db.query<BonusRow>(`${BONUS_SELECT} WHERE b.id = $1`, [id]);
  return row ? toDefinition(row) : null;
}

export async function findBonusBySlug(
  db: Queryable,
  slug: string,
): Promise<BonusDefinition | null> {
  const [row] = await db.query<BonusRow>(`${BONUS_SELECT} WHERE b.slug = $1`, [slug]);
  return row ? toDefinition(row) : null;
}

/** Enabled deposit bonuses in display order. */
export async function listDepositBonuses(db: Queryable): Promise<BonusDefinition[]> {
  const rows = await db.query<BonusRow>(
    `${BONUS_SELECT} WHERE b.kind = 'deposit' AND b.is_enabled AND COALESCE(p.is_enabled, true)
      ORDER BY b.position, b.package_position NULLS FIRST, b.id`,
  );
  return rows.map(toDefinition);
}

export async function listPackageSteps(
  db: Queryable,
  packageId: number,
): Promise<BonusDefinition[]> {
  const rows = await db.query<BonusRow>(
    `${BONUS_SELECT} WHERE b.package_id = $1 ORDER BY b.package_position`,
    [packageId],
  );
  return rows.map(toDefinition);
}

// ---------------------------------------------------------------------------------------------
// Currencies and amounts.

export interface CurrencyInfo {
  code: string;
  subunitToUnit: bigint;
  rate: string;
}
export interface Currencies {
  of(code: string): CurrencyInfo | null;
  base: CurrencyInfo;
}

export async function loadCurrencies(db: Queryable): Promise<Currencies> {
  const rows = await db.query<{
    code: string;
    subunit_to_unit: string;
    rate: string;
    is_base: boolean;
  }>("SELECT code, subunit_to_unit::text, rate::text, is_base FROM currencies");
  const map = new Map<string, CurrencyInfo>();
  let base: CurrencyInfo | null = null;
  for (const row of rows) {
    const info = { code: row.code, subunitToUnit: BigInt(row.subunit_to_unit), rate: row.rate };
    map.set(row.code, info);
    if (row.is_base) base = info;
  }
  if (!base) throw new Error("no base currency");
  return { of: (code) => map.get(code) ?? null, base };
}

/** A per-currency amount: the currency's own item, else the base-currency amount converted. */
export function amountIn(
  items: readonly AmountItem[] | undefined,
  baseAmount: string | null | undefined,
  currency: string,
  currencies: Currencies,
): bigint | null {
  const info = currencies.of(currency);
  if (!info) return null;
  const own = items?.find((item) => item.currency === currency);
  if (own) return parseAmountOrThrow(own.amount, info.subunitToUnit);
  if (baseAmount === null || baseAmount === undefined || baseAmount === "") return null;
  const base = parseAmountOrThrow(baseAmount, currencies.base.subunitToUnit);
  return convert(base, currencies.base, info, "down");
}

export function perCurrency(
  value: PerCurrency | null,
  currency: string,
  currencies: Currencies,
): bigint | null {
  if (!value) return null;
  return amountIn(value.items, value.baseCurrencyAmount, currency, currencies);
}

/** The trigger's deposit range in a currency (BN-14); null bounds are open. */
export function depositRange(
  bonus: BonusDefinition,
  currency: string,
  currencies: Currencies,
): { offered: boolean; min: bigint | null; max: bigint | null } {
  const info = currencies.of(currency);
  if (!info) return { offered: false, min: null, max: null };
  const own = bonus.trigger.invoiceAmountItems?.find((item) => item.currency === currency);
  const parse = (value: string | null) =>
    value === null || value === "" ? null : parseAmountOrThrow(value, info.subunitToUnit);
  if (own) return { offered: true, min: parse(own.amountFrom), max: parse(own.amountTo) };
  const from = bonus.trigger.baseCurrencyInvoiceAmountFrom ?? null;
  const to = bonus.trigger.baseCurrencyInvoiceAmountTo ?? null;
  const hasItems = (bonus.trigger.invoiceAmountItems?.length ?? 0) > 0;
  if (from === null && to === null && hasItems) return { offered: false, min: null, max: null };
  const conv = (value: string | null, mode: "up" | "down") => {
    if (value === null) return null;
    const base = parseAmountOrThrow(value, currencies.base.subunitToUnit);
    return convert(base, currencies.base, info, mode === "up" ? "half-up" : "down");
  };
  return { offered: true, min: conv(from, "up"), max: conv(to, "down") };
}

export function depositFits(
  bonus: BonusDefinition,
  currency: string,
  amount: bigint,
  currencies: Currencies,
): boolean {
  const range = depositRange(bonus, currency, currencies);
  if (!range.offered) return false;
  if (range.min !== null && amount < range.min) return false;
  if (range.max !== null && amount > range.max) return false;
  return true;
}

/**
 * The bonus money a grant gives (BN-13): type 1 the fixed amount; type 2 the deposit's
 * percentage, capped; type 3 none (free spins). Null when the currency has no amount.
 */
export function grantAmount(
  bonus: BonusDefinition,
  currency: string,
  deposit: bigint | null,
  currencies: Currencies,
): bigint | null {
  const { assign } = bonus;
  if (bonus.type === 1) {
    return amountIn(assign.amountItems, assign.baseCurrencyAmount, currency, currencies);
  }
  if (bonus.type === 2) {
    if (deposit === null || !assign.depositPercentage) return null;
    const cap = amountIn(assign.maxAmountItems, assign.baseCurrencyMaxAmount, currency, currencies);
    return cap === null
      ? percentOf(deposit, assign.depositPercentage)
      : cappedPercentOf(deposit, assign.depositPercentage, cap);
  }
  return 0n;
}

/** The API view of a deposit bonus in a currency (API-57). */
export function toDepositBonus(
  bonus: BonusDefinition,
  currency: string,
  currencies: Currencies,
  packageSteps: readonly BonusDefinition[],
): DepositBonus {
  const info = currencies.of(currency);
  const subunit = info?.subunitToUnit ?? 100n;
  const text = (value: bigint | null) => (value === null ? null : formatAmount(value, subunit));
  const range = depositRange(bonus, currency, currencies);
  const maxBet = perCurrency(bonus.maxBet, currency, currencies);
  const { assign } = bonus;
  const cash =
    bonus.type === 1
      ? amountIn(assign.amountItems, assign.baseCurrencyAmount, currency, currencies)
      : null;
  const cap =
    bonus.type === 2
      ? amountIn(assign.maxAmountItems, assign.baseCurrencyMaxAmount, currency, currencies)
      : null;
  const spinBet = perCurrency(bonus.freespinBet, currency, currencies);
  return {
    id: bonus.id,
    name: bonus.name,
    description: bonus.description,
    type: bonus.type,
    package:
      bonus.packageId === null
        ? null
        : {
            id: bonus.packageId,
            name: bonus.packageName ?? "",
            packageItems: packageSteps.map((step) => ({
              bonusId: step.id,
              position: step.packagePosition ?? 0,
              name: step.name,
              type: step.type,
            })),
          },
    assignConditions: {
      amountItems: bonus.assign.amountItems ?? [],
      baseCurrencyAmount: bonus.assign.baseCurrencyAmount ?? null,
      maxAmountItems: bonus.assign.maxAmountItems ?? [],
      baseCurrencyMaxAmount: bonus.assign.baseCurrencyMaxAmount ?? null,
      depositPercentage: bonus.assign.depositPercentage ?? null,
      presets: { quantity: bonus.assign.presets?.quantity ?? null },
    },
    triggerConditions: {
      invoiceAmountItems: bonus.trigger.invoiceAmountItems ?? [],
      baseCurrencyInvoiceAmountFrom: bonus.trigger.baseCurrencyInvoiceAmountFrom ?? null,
      baseCurrencyInvoiceAmountTo: bonus.trigger.baseCurrencyInvoiceAmountTo ?? null,
    },
    minDeposit: text(range.min),
    maxDeposit: text(range.max),
    bonusAmount: text(cash),
    maxBonusAmount: text(cap),
    wagerMultiplier: bonus.wagerMultiplier,
    maxBetAmount: text(maxBet),
    expiresInDays: bonus.expiresInDays,
    freespins:
      bonus.freespinGameId !== null && (bonus.assign.presets?.quantity ?? 0) > 0
        ? {
            count: bonus.assign.presets?.quantity ?? 0,
            gameId: bonus.freespinGameId,
            gameSlug: bonus.freespinGameSlug ?? "",
            gameTitle: bonus.freespinGameTitle ?? "",
            betAmount: formatAmount(spinBet ?? 0n, subunit),
          }
        : null,
  };
}
