// The one way the site shows an amount (issue 31 item 3): always with its unit, in the unit the
// player chose for currencies with sub-units (mBTC by default, as spec §5 wants, or whole BTC:
// one choice, kept in local storage, for every such currency and every page), and a range whose
// open end is said in words. Used by the wallet, the bonuses pages, the deposit bonus picker,
// the header balance and the history.
import type { Currency } from "@casino/contract/settings";
import type { UnitChoice } from "@casino/money/display";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { formatMoney } from "../features/wallet/wallet-rules";
import { currenciesQuery } from "./player-fields";
import { useSite } from "./site";

/** Local storage: "major" when the player chose whole units (BTC); absent: sub-units (mBTC). */
export const UNIT_CHOICE_KEY = "cryptoUnit";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function readChoice(): UnitChoice {
  try {
    return localStorage.getItem(UNIT_CHOICE_KEY) === "major" ? "major" : "sub";
  } catch {
    return "sub";
  }
}

/** The player's unit choice; the server render (no storage) shows the default. */
export function useUnitChoice(): UnitChoice {
  return useSyncExternalStore(subscribe, readChoice, () => "sub");
}

export function setUnitChoice(choice: UnitChoice): void {
  try {
    if (choice === "major") localStorage.setItem(UNIT_CHOICE_KEY, "major");
    else localStorage.removeItem(UNIT_CHOICE_KEY);
  } catch {
    // storage refused (private mode): the choice lasts until the page reloads
  }
  for (const listener of listeners) listener();
}

export type Money = {
  /** "1.25000 mBTC", "12.50 EUR"; "" for no amount. */
  format: (amount: string | null | undefined, code: string) => string;
  /** "10.00 EUR – 5000.00 EUR", "from 0.10309 mBTC, no maximum", "up to 200.00 EUR". */
  range: (min: string | null | undefined, max: string | null | undefined, code: string) => string;
  currency: (code: string) => Currency | undefined;
  choice: UnitChoice;
};

export function useMoney(): Money {
  const { t } = useSite();
  const currencies = useQuery(currenciesQuery);
  const choice = useUnitChoice();
  const list = currencies.data as Currency[] | undefined;
  const currency = useCallback((code: string) => list?.find((item) => item.code === code), [list]);
  const format = useCallback(
    (amount: string | null | undefined, code: string) =>
      amount == null || amount === "" ? "" : formatMoney(amount, currency(code), code, choice),
    [currency, choice],
  );
  const range = useCallback(
    (min: string | null | undefined, max: string | null | undefined, code: string) => {
      const low = format(min, code);
      const high = format(max, code);
      if (low && high)
        return t("global-components.money.range", "{min} – {max}", { min: low, max: high });
      if (low)
        return t("global-components.money.fromNoMax", "from {min}, no maximum", { min: low });
      if (high) return t("global-components.money.upTo", "up to {max}", { max: high });
      return t("global-components.money.anyAmount", "any amount");
    },
    [format, t],
  );
  return useMemo(() => ({ format, range, currency, choice }), [format, range, currency, choice]);
}
