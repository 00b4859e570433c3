import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  refreshWallet,
  useInvoiceWatch,
  useWalletLiveUpdates,
} from "../../features/wallet/live-updates";
import { lastOutcome } from "../../features/wallet/wallet-store";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

const TEXTS: Record<string, string> = {
  "deposit-success": "Your deposit was successful. The money is in your account.",
  "deposit-pending": "Your deposit is being processed. We will let you know when it is done.",
  "deposit-redirect": "Continue your deposit in the payment window that opened.",
};

/**
 * One success-style view for deposit-success, deposit-pending and deposit-redirect (MD-08). It
 * refreshes the balances, and while a deposit is pending it keeps watching that invoice, so the
 * success or failure alert shows even before realtime delivers it.
 */
export default function DepositResultView({ modalKey, close }: ModalViewProps) {
  const { t } = useSite();
  const client = useQueryClient();
  useWalletLiveUpdates();
  const watched = modalKey === "deposit-success" ? null : lastOutcome().invoiceId;
  useInvoiceWatch(watched, { type: 1, intervalMs: 3000 });
  useEffect(() => {
    refreshWallet(client);
  }, [client]);
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
