import { setAwaitedInvoice } from "../../features/wallet/wallet-store";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** cancel-deposit (WL-29): the question asked when the wallet is closed in deposit mode. */
export default function CancelDepositView({ close }: ModalViewProps) {
  const { t } = useSite();
  const modals = useModals();
  return (
    <div className="modal-form" data-view="cancel-deposit">
      <p className="modal-text">
        {t("modals.cancel-deposit.text", "Are you sure you want to cancel your deposit?")}
      </p>
      <div className="modal-form__actions">
        <button
          type="button"
          className="modal-button"
          onClick={() => {
            close();
            modals.open("wallet", "deposit");
          }}
        >
          {t("modals.cancel-deposit.continue", "Continue deposit")}
        </button>
        <button
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() => {
            setAwaitedInvoice(null);
            close();
          }}
        >
          {t("modals.cancel-deposit.confirm", "Cancel deposit")}
        </button>
      </div>
    </div>
  );
}
