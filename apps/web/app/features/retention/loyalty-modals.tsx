// The loyalty modals (spec §2 "Modals"): loyalty-level (players: their level, opened on a
// level-up away from game pages, LY-04) and loyalty-earn (anyone: how points are earned).

import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../../modals/modal-view-props";
import { AccountSummary, EarnRules, useLoyaltyAccount } from "./loyalty-parts";

export default function LoyaltyModal({ modalKey, close }: ModalViewProps) {
  const { t, settings } = useSite();
  if (!settings.loyalty.enabled) {
    return (
      <p className="modal-text">
        {t("modals.common.notAvailable", "This feature is not available yet.")}
      </p>
    );
  }
  if (modalKey === "loyalty-earn") {
    return (
      <div className="modal-form" data-view="loyalty-earn">
        <EarnRules />
        <button type="button" className="modal-button" onClick={close}>
          {t("modals.common.ok", "OK")}
        </button>
      </div>
    );
  }
  return <LoyaltyLevel close={close} />;
}

function LoyaltyLevel({ close }: { close: () => void }) {
  const { t } = useSite();
  const account = useLoyaltyAccount();
  return (
    <div className="modal-form" data-view="loyalty-level">
      {account.data ? (
        <AccountSummary account={account.data} />
      ) : (
        <p className="modal-text">
          {t("global-components.pages.loyalty.loading", "Loading levels…")}
        </p>
      )}
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
