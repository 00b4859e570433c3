import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { currenciesQuery } from "../../features/wallet/wallet-api";
import { knownEquivalent } from "../../features/wallet/wallet-rules";
import { setEquivalentCurrency, useEquivalentCurrency } from "../../features/wallet/wallet-store";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** equivalent-currency (WL-16, WL-17): pick the fiat currency crypto balances are shown in. */
export default function EquivalentCurrencyView({ close }: ModalViewProps) {
  const { t } = useSite();
  const currencies = useQuery(currenciesQuery);
  const stored = useEquivalentCurrency();
  const list = (currencies.data ?? []).filter((item) => item.type === "fiat");
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? knownEquivalent(stored, currencies.data ?? []);
  const isKnown = (code: string) => (currencies.data ?? []).some((item) => item.code === code);
  return (
    <form
      className="modal-form"
      data-view="equivalent-currency"
      onSubmit={(event) => {
        event.preventDefault();
        setEquivalentCurrency(value, isKnown);
        close();
      }}
    >
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor="equivalent-currency">
          {t("modals.equivalent-currency.label", "Show crypto balances in")}
        </label>
        <select
          id="equivalent-currency"
          name="currency"
          className="modal-form__input"
          value={value}
          onChange={(event) => setChoice(event.target.value)}
        >
          {list.map((item) => (
            <option key={item.code} value={item.code}>
              {item.code}
            </option>
          ))}
        </select>
      </div>
      <div className="modal-form__actions">
        <button type="submit" className="modal-button">
          {t("modals.equivalent-currency.save", "Save")}
        </button>
        <button
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() => {
            setEquivalentCurrency(null, isKnown);
            close();
          }}
        >
          {t("modals.equivalent-currency.remove", "Turn off")}
        </button>
      </div>
    </form>
  );
}
