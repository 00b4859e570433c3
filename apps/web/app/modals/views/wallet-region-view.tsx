import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { countryName } from "../../components/layout/content";
import { paymentRegion } from "../../features/wallet/wallet-rules";
import { setStoredRegion, useStoredRegion } from "../../features/wallet/wallet-store";
import { profileQuery } from "../../lib/session/player-queries";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { useCountries } from "./use-countries";

/** wallet-region (WL-20, WL-22): choose the payment-methods region; saved in local storage. */
export default function WalletRegionView({ close }: ModalViewProps) {
  const { t, country, locale, session } = useSite();
  const stored = useStoredRegion();
  const countries = useCountries();
  const profile = useQuery({ ...profileQuery, enabled: session.isLoggedIn });
  const [choice, setChoice] = useState(
    paymentRegion(stored, country, profile.data?.country ?? null) ?? "",
  );
  return (
    <form
      className="modal-form"
      data-view="wallet-region"
      onSubmit={(event) => {
        event.preventDefault();
        // The request country is the default: choosing it again forgets the stored choice.
        setStoredRegion(choice && choice !== country ? choice : null);
        close();
      }}
    >
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor="wallet-region-country">
          {t("modals.wallet-region.label", "Country")}
        </label>
        <select
          id="wallet-region-country"
          name="country"
          className="modal-form__input"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">{t("modals.wallet.unknownRegion", "Unknown region")}</option>
          {(countries.data ?? []).map((item) => (
            <option key={item.code} value={item.code}>
              {countryName(locale, item.code) ?? item.name}
            </option>
          ))}
        </select>
      </div>
      <div className="modal-form__actions">
        <button type="submit" className="modal-button">
          {t("modals.wallet-region.save", "Save")}
        </button>
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.cancel", "Cancel")}
        </button>
      </div>
    </form>
  );
}
