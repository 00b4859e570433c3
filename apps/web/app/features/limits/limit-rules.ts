// The limits page's pure rules (spec §3 "Limit", LM-01..LM-06; the decisions of
// packages/contract/src/limits.ts): which limits are cash limits, how a change is applied, the
// usage of a period, the order of the list, and the break and self-exclusion choices. No React,
// no fetch, unit-tested in node.
import type {
  CreateLimitBody,
  LimitPeriod,
  PlayerLimit,
  UpdateLimitBody,
} from "@casino/contract/limits";
import { min } from "@casino/money/arithmetic";
import { toMinor } from "../wallet/wallet-rules";

/** LM-02: 1 bet, 2 loss, 3 deposit are cash limits; 4 self-exclusion and 5 cooling-off are blocks. */
export const CASH_DEFINITIONS = [1, 2, 3] as const;
export type CashDefinition = (typeof CASH_DEFINITIONS)[number];
export const SELF_EXCLUSION = 4;
export const COOLING_OFF = 5;

/** LM-03. */
export const PERIODS: readonly LimitPeriod[] = ["daily", "weekly", "monthly"];

export function isCashLimit(limit: Pick<PlayerLimit, "definition">): boolean {
  return limit.definition === 1 || limit.definition === 2 || limit.definition === 3;
}

export type ChangeTiming = "unchanged" | "immediate" | "delayed";

/**
 * How the server applies an edit (LM-05): a stricter change (same period, lower amount) at once;
 * any other change waits 24 hours and then needs the player's confirmation. An unreadable new
 * amount counts as unchanged (the form refuses it anyway).
 */
export function changeTiming(
  limit: Pick<PlayerLimit, "period" | "amount">,
  next: { period: string; amount: string },
  subunitToUnit: number | bigint,
): ChangeTiming {
  const current = toMinor(limit.amount, subunitToUnit);
  const wanted = toMinor(next.amount, subunitToUnit);
  if (wanted <= 0n) return "unchanged";
  if (next.period !== limit.period) return "delayed";
  if (wanted === current) return "unchanged";
  return wanted < current ? "immediate" : "delayed";
}

/** The used part of a cash limit's current period: percent of the amount (0..100, capped). */
export function limitUsage(
  limit: Pick<PlayerLimit, "amount" | "currentAmount">,
  subunitToUnit: number | bigint,
): { percent: number; reached: boolean } {
  const amount = toMinor(limit.amount, subunitToUnit);
  const used = toMinor(limit.currentAmount, subunitToUnit);
  if (amount <= 0n) return { percent: 0, reached: false };
  const capped = min(used, amount);
  // Tenths of a percent, rounded down, so "almost used" never shows as 100.
  const tenths = Number((capped * 1000n) / amount);
  return { percent: tenths / 10, reached: used >= amount };
}

const PERIOD_ORDER: Record<string, number> = { daily: 0, weekly: 1, monthly: 2 };
const DEFINITION_ORDER: Record<number, number> = { 5: 0, 4: 1, 3: 2, 1: 3, 2: 4 };

/** Blocks first (cooling-off, self-exclusion), then deposit, bet, loss; by currency and period. */
export function sortLimits<
  T extends Pick<PlayerLimit, "definition" | "currency" | "period" | "createdAt">,
>(limits: readonly T[]): T[] {
  return [...limits].sort(
    (a, b) =>
      (DEFINITION_ORDER[a.definition] ?? 9) - (DEFINITION_ORDER[b.definition] ?? 9) ||
      (a.currency ?? "").localeCompare(b.currency ?? "") ||
      (PERIOD_ORDER[a.period ?? ""] ?? 9) - (PERIOD_ORDER[b.period ?? ""] ?? 9) ||
      a.createdAt.localeCompare(b.createdAt),
  );
}

/** The cash limit a new one would clash with (one per definition, currency and period: 409). */
export function existingCashLimit<
  T extends Pick<PlayerLimit, "definition" | "currency" | "period">,
>(limits: readonly T[], wanted: { definition: number; currency: string; period: string }) {
  return limits.find(
    (limit) =>
      limit.definition === wanted.definition &&
      limit.currency === wanted.currency &&
      limit.period === wanted.period,
  );
}

/** Self-exclusion or cooling-off in force. */
export function activeBlock<T extends Pick<PlayerLimit, "definition">>(limits: readonly T[]) {
  return limits.find(
    (limit) => limit.definition === COOLING_OFF || limit.definition === SELF_EXCLUSION,
  );
}

/** A break (cooling-off, 1 day to 6 weeks) or a self-exclusion (6 months or more, or indefinite). */
export type BlockChoice =
  | { kind: "cooling-off"; days: number }
  | { kind: "self-exclusion"; months: number | null };
export type BlockKind = BlockChoice["kind"];

export const COOLING_OFF_DAYS = [1, 3, 7, 14, 28, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60, null] as const;

/** The option value of a choice in the duration select ("7", "12", "indefinite"). */
export function choiceValue(choice: BlockChoice): string {
  if (choice.kind === "cooling-off") return String(choice.days);
  return choice.months === null ? "indefinite" : String(choice.months);
}

/** The choice of a duration select value; the first option of the kind when unknown. */
export function choiceFrom(kind: BlockKind, value: string): BlockChoice {
  if (kind === "cooling-off") {
    const days = Number(value);
    return {
      kind,
      days: (COOLING_OFF_DAYS as readonly number[]).includes(days) ? days : COOLING_OFF_DAYS[0],
    };
  }
  if (value === "indefinite") return { kind, months: null };
  const months = Number(value);
  return {
    kind,
    months: (SELF_EXCLUSION_MONTHS as readonly (number | null)[]).includes(months)
      ? months
      : SELF_EXCLUSION_MONTHS[0],
  };
}

/** The POST body of a break or self-exclusion (definition 5 with days, 4 with months). */
export function blockBody(choice: BlockChoice): CreateLimitBody {
  return choice.kind === "cooling-off"
    ? { definition: COOLING_OFF, days: choice.days }
    : { definition: SELF_EXCLUSION, months: choice.months };
}

/**
 * When a block chosen now would end, for the statement the player confirms (the server sets the
 * real end). Null: indefinite. Months are calendar months, clamped to the month's last day.
 */
export function blockEnd(choice: BlockChoice, now: Date): Date | null {
  if (choice.kind === "cooling-off") return new Date(now.getTime() + choice.days * 86_400_000);
  if (choice.months === null) return null;
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + choice.months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/** The PUT body of an edit: the period and the amount as typed, without a trailing point. */
export function updateBody(values: { period: string; amount: string }): UpdateLimitBody {
  return { period: values.period as LimitPeriod, amount: values.amount.replace(/\.$/, "") };
}

/**
 * A localised date and time ("23 Nov 2026, 18:05") in `timeZone` (the player's profile zone; the
 * browser's when unset or unknown to Intl); the text as given when unreadable.
 */
export function formatDateTime(iso: string, locale: string, timeZone?: string | null): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = (zone: string | undefined, tag: string) =>
    new Intl.DateTimeFormat(tag, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: zone,
    }).format(date);
  try {
    return format(timeZone ?? undefined, locale);
  } catch {
    try {
      return format(undefined, locale);
    } catch {
      return format(undefined, "en");
    }
  }
}
