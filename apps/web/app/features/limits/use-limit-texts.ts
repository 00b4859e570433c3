// The texts the limits page and modals share: definition and period names (LM-02, LM-03), a
// limit's label, amounts in the wallet's display units, localised dates. Content keys live under
// global-components.pages.profile-limits; the English fallbacks are here.
import type { Currency } from "@casino/contract/settings";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { currenciesQuery } from "../../lib/player-fields";
import { useSite } from "../../lib/site";
import { useUnitChoice } from "../../lib/use-money";
import { formatMoney } from "../wallet/wallet-rules";
import { formatDateTime } from "./limit-rules";
import type { PlayerLimit } from "./limits-api";

export const LIMITS_TEXT = "global-components.pages.profile-limits";

const DEFINITIONS: Record<number, string> = {
  1: "Bet limit",
  2: "Loss limit",
  3: "Deposit limit",
  4: "Self-exclusion",
  5: "Cooling-off",
};
const PERIODS: Record<string, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };
const PER: Record<string, string> = { daily: "per day", weekly: "per week", monthly: "per month" };
const PERIODS_INLINE: Record<string, string> = {
  daily: "daily",
  weekly: "weekly",
  monthly: "monthly",
};

export function useLimitTexts() {
  const { t, locale } = useSite();
  const currencies = useQuery(currenciesQuery);
  // The one unit choice of the site (mBTC or BTC, lib/use-money.ts).
  const choice = useUnitChoice();
  const byCode = useCallback(
    (code: string | null): Currency | undefined =>
      currencies.data?.find((item) => item.code === code),
    [currencies.data],
  );
  return useMemo(() => {
    const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
      t(`${LIMITS_TEXT}.${key}`, fallback, vars);
    const definition = (value: number) =>
      text(`definitions.${value}`, DEFINITIONS[value] ?? String(value));
    const period = (value: string | null) =>
      value ? text(`periods.${value}`, PERIODS[value] ?? value) : "";
    const periodInline = (value: string | null) =>
      value ? text(`periodsInline.${value}`, PERIODS_INLINE[value] ?? value) : "";
    /** "per day", after an amount. */
    const per = (value: string | null) => (value ? text(`per.${value}`, PER[value] ?? value) : "");
    const money = (amount: string | null, code: string | null) =>
      amount && code ? formatMoney(amount, byCode(code), code, choice) : "";
    /** "Deposit limit, daily, EUR": names the limit in its card and in its buttons. */
    const label = (limit: Pick<PlayerLimit, "definition" | "period" | "currency">) =>
      limit.period && limit.currency
        ? text("limitLabel", "{definition}, {period}, {currency}", {
            definition: definition(limit.definition),
            period: periodInline(limit.period),
            currency: limit.currency,
          })
        : definition(limit.definition);
    const date = (iso: string) => formatDateTime(iso, locale);
    return { text, definition, period, periodInline, per, money, label, date, byCode, choice };
  }, [t, locale, byCode, choice]);
}

export type LimitTexts = ReturnType<typeof useLimitTexts>;
