import { lastOutcome } from "../../features/wallet/wallet-store";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** deposit-error (DP-11, ER-12): the deposit did not go through; try again from the wallet. */
export default function DepositErrorView({ close }: ModalViewProps) {
  const { t } = useSite();
  const modals = useModals();
  const detail = lastOutcome().message;
  return (
    <div className="modal-form" data-view="deposit-error">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle
          cx="24"
          cy="24"
          r="22"
          fill="none"
          stroke="var(--color-danger, #f87171)"
          strokeWidth="3"
        />
        <path d="M16 16l16 16M32 16L16 32" stroke="var(--color-danger, #f87171)" strokeWidth="3" />
      </svg>
      <p className="modal-text">
        {t("modals.deposit-error.text", "Your deposit did not go through. No money was taken.")}
      </p>
      {detail ? <p className="wallet-hint">{detail}</p> : null}
      <div className="modal-form__actions">
        <button
          type="button"
          className="modal-button"
          onClick={() => {
            close();
            modals.open("wallet", "deposit");
          }}
        >
          {t("modals.deposit-error.retry", "Try again")}
        </button>
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.close", "Close")}
        </button>
      </div>
    </div>
  );
}
