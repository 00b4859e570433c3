import type { Currency } from "@casino/contract/settings";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  refreshWallet,
  useInvoiceWatch,
  useWalletLiveUpdates,
} from "../../features/wallet/live-updates";
import { currenciesQuery, INVOICES_KEY, invoicesQuery } from "../../features/wallet/wallet-api";
import { formatMoney } from "../../features/wallet/wallet-rules";
import { lastOutcome, setOutcomeMessage } from "../../features/wallet/wallet-store";
import type { Invoice } from "../../features/wallet/wallet-types";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

const TEXTS: Record<string, string> = {
  "deposit-success": "Your deposit was successful. The money is in your account.",
  "deposit-pending": "Your deposit is being processed. We will let you know when it is done.",
  "deposit-redirect": "Continue your deposit in the payment window that opened.",
};

/** The invoice list the watch polls (useInvoiceWatch): a settled invoice is read from it. */
const RECENT_DEPOSITS = invoicesQuery({ page: 1, perPage: 20, type: 1 });

/** An invoice's amount with its currency, in the unit the wallet shows. */
function sumOf(item: Invoice, currencies: Currency[] | undefined): string {
  const currency = currencies?.find((entry) => entry.code === item.currency);
  return formatMoney(item.amount, currency, item.currency);
}

/**
 * One success-style view for deposit-success, deposit-pending and deposit-redirect (MD-08). It
 * refreshes the balances, and while a deposit is pending it keeps watching that invoice, so the
 * success or failure alert shows even before realtime delivers it. deposit-redirect (the payment
 * window is open) turns into deposit-success or deposit-error with the amount as soon as the
 * invoice settles (issue 31 item 5); deposit-success opened with an invoice id names its amount.
 */
export default function DepositResultView({ modalKey, value, close }: ModalViewProps) {
  const { t } = useSite();
  const client = useQueryClient();
  const modals = useModals();
  useWalletLiveUpdates();
  const watched = modalKey === "deposit-success" ? null : lastOutcome().invoiceId;
  const invoice = useInvoiceWatch(watched, { type: 1, intervalMs: 3000 });
  const currencies = useQuery(currenciesQuery);
  const recent = useQuery({
    ...RECENT_DEPOSITS,
    enabled: modalKey === "deposit-success" && !!value,
  });
  useEffect(() => {
    refreshWallet(client);
  }, [client]);

  // The payment window's return page says it is back: look at the invoice now.
  useEffect(() => {
    if (modalKey !== "deposit-redirect") return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (event.origin !== window.location.origin || data?.type !== "casino:deposit-result") return;
      void client.invalidateQueries({ queryKey: INVOICES_KEY });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [modalKey, client]);

  const settled = modalKey === "deposit-redirect" && invoice !== null && invoice.status !== 1;
  useEffect(() => {
    if (!settled || !invoice || currencies.isPending) return;
    close();
    if (invoice.status === 2) {
      modals.open("deposit-success", invoice.id);
      return;
    }
    setOutcomeMessage(
      t("modals.deposit-error.amount", "Deposit of {sum} not completed.", {
        sum: sumOf(invoice, currencies.data),
      }),
      invoice.id,
    );
    modals.open("deposit-error");
  }, [settled, invoice, currencies.isPending, currencies.data, t, close, modals]);

  const paid =
    modalKey === "deposit-success" && value
      ? recent.data?.data.find((item) => item.id === value)
      : undefined;
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
      {paid ? (
        <p className="wallet-hint">
          {t("modals.deposit-success.amount", "Deposited: {sum}", {
            sum: sumOf(paid, currencies.data),
          })}
        </p>
      ) : null}
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
