import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

const TEXTS: Record<string, string> = {
  "deposit-success": "Your deposit was successful. The money is in your account.",
  "deposit-pending": "Your deposit is being processed. We will let you know when it is done.",
  "deposit-redirect": "Continue your deposit in the payment window that opened.",
};

/** One success-style view for deposit-success, deposit-pending and deposit-redirect (MD-08). */
export default function DepositResultView({ modalKey, close }: ModalViewProps) {
  const { t } = useSite();
  return (
    <div className="modal-form" data-view="deposit-result">
      <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <circle
          cx="24"
          cy="24"
          r="22"
          fill="none"
          stroke="var(--color-success, #34d399)"
          strokeWidth="3"
        />
        <path
          d="M14 25l7 7 13-15"
          fill="none"
          stroke="var(--color-success, #34d399)"
          strokeWidth="3"
        />
      </svg>
      <p className="modal-text">{t(`modals.${modalKey}.text`, TEXTS[modalKey] ?? "")}</p>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
