// /profile/history (PR-08, PR-09): the player's invoices with status, filters and pages, the
// totals per currency, and decline of a pending invoice.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { useAlert } from "../../toasts/use-alert";
import { Pager } from "../page/pager";
import { useWalletLiveUpdates } from "./live-updates";
import { MethodLogo } from "./method-logo";
import {
  declineInvoice,
  INVOICES_KEY,
  type InvoiceFilters,
  invoicesQuery,
  statisticsQuery,
  WALLET_ACCOUNTS_KEY,
} from "./wallet-api";
import type { Invoice } from "./wallet-types";
// Direct loads of the page need the card, form and button styles (modal.css is otherwise lazy).
import "../../forms/forms.css";
import "../../modals/modal.css";
import "./wallet.css";

const PER_PAGE = 10;
const STATUS_TEXT: Record<number, [string, string]> = {
  1: ["pending", "Pending"],
  2: ["success", "Successful"],
  3: ["failure", "Failed"],
  4: ["declined", "Declined"],
};
const TYPE_TEXT: Record<number, [string, string]> = {
  1: ["deposit", "Deposit"],
  2: ["withdrawal", "Withdrawal"],
};

export function HistorySection() {
  const { t, locale } = useSite();
  useWalletLiveUpdates();
  const alert = useAlert();
  const client = useQueryClient();
  const typeId = useId();
  const statusId = useId();
  const [filters, setFilters] = useState<InvoiceFilters>({ page: 1, perPage: PER_PAGE });
  const invoices = useQuery({ ...invoicesQuery(filters), placeholderData: (previous) => previous });
  const statistics = useQuery(statisticsQuery);
  const money = useMoney();
  const declining = useMutation({
    mutationFn: declineInvoice,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: INVOICES_KEY });
      void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
    },
    onError: () => alert("somethingWrong"),
  });
  const statusText = (status: number) => {
    const [key, fallback] = STATUS_TEXT[status] ?? ["unknown", String(status)];
    return t(`global-components.pages.profile-history.status.${key}`, fallback);
  };
  const typeText = (type: number) => {
    const [key, fallback] = TYPE_TEXT[type] ?? ["unknown", String(type)];
    return t(`global-components.pages.profile-history.type.${key}`, fallback);
  };
  // Column names again on each cell: below 600 px a row is a card with labelled values.
  const label = (key: string, fallback: string) =>
    t(`global-components.pages.profile-history.${key}`, fallback);
  const total = invoices.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.perPage));
  const list = invoices.data?.data ?? [];

  return (
    <div className="profile-sections wallet-page">
      {statistics.data && statistics.data.length > 0 ? (
        <section className="profile-card" aria-labelledby="history-totals">
          <h2 id="history-totals" className="profile-card__title">
            {t("global-components.pages.profile-history.totals", "Totals")}
          </h2>
          <ul className="wallet-totals">
            {statistics.data.map((item) => (
              <li key={item.currency}>
                <strong>{item.currency}</strong>{" "}
                {t("global-components.pages.profile-history.deposited", "deposited")}{" "}
                {money.format(item.depositTotal, item.currency)} ·{" "}
                {t("global-components.pages.profile-history.withdrawn", "withdrawn")}{" "}
                {money.format(item.withdrawalTotal, item.currency)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="profile-card" aria-labelledby="history-title">
        <h2 id="history-title" className="profile-card__title">
          {t("global-components.pages.profile-history.invoices", "Payments")}
        </h2>
        <div className="wallet-filters">
          <div className="modal-form__field">
            <label className="modal-form__label" htmlFor={typeId}>
              {t("global-components.pages.profile-history.typeFilter", "Type")}
            </label>
            <select
              id={typeId}
              name="type"
              className="modal-form__input"
              value={filters.type ?? ""}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  page: 1,
                  type: event.target.value ? (Number(event.target.value) as 1 | 2) : undefined,
                })
              }
            >
              <option value="">{t("global-components.pages.profile-history.all", "All")}</option>
              <option value="1">{typeText(1)}</option>
              <option value="2">{typeText(2)}</option>
            </select>
          </div>
          <div className="modal-form__field">
            <label className="modal-form__label" htmlFor={statusId}>
              {t("global-components.pages.profile-history.statusFilter", "Status")}
            </label>
            <select
              id={statusId}
              name="status"
              className="modal-form__input"
              value={filters.status ?? ""}
              onChange={(event) =>
                setFilters({
                  ...filters,
                  page: 1,
                  status: event.target.value ? Number(event.target.value) : undefined,
                })
              }
            >
              <option value="">{t("global-components.pages.profile-history.all", "All")}</option>
              {[1, 2, 3, 4].map((status) => (
                <option key={status} value={status}>
                  {statusText(status)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {invoices.isPending ? (
          <div className="modal__loading" aria-busy="true" />
        ) : list.length === 0 ? (
          <p className="wallet-empty" role="status">
            {t("global-components.pages.profile-history.empty", "No payments yet.")}
          </p>
        ) : (
          <table
            className="wallet-table"
            aria-label={t("global-components.pages.profile-history.invoices", "Payments")}
            aria-busy={invoices.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t("global-components.pages.profile-history.number", "Number")}</th>
                <th scope="col">{t("global-components.pages.profile-history.date", "Date")}</th>
                <th scope="col">
                  {t("global-components.pages.profile-history.typeFilter", "Type")}
                </th>
                <th scope="col">{t("global-components.pages.profile-history.method", "Method")}</th>
                <th scope="col">{t("global-components.pages.profile-history.amount", "Amount")}</th>
                <th scope="col">
                  {t("global-components.pages.profile-history.statusFilter", "Status")}
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    {t("global-components.pages.profile-history.actions", "Actions")}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((invoice: Invoice) => (
                <tr key={invoice.id} data-status={invoice.status}>
                  <th scope="row" data-label={label("number", "Number")}>
                    {invoice.number}
                  </th>
                  <td data-label={label("date", "Date")}>
                    {new Date(invoice.createdAt).toLocaleString(locale)}
                  </td>
                  <td data-label={label("typeFilter", "Type")}>{typeText(invoice.type)}</td>
                  <td data-label={label("method", "Method")}>
                    {/* The method's display name and logo, never its internal key (issue 31). */}
                    <span className="wallet-history-method">
                      <MethodLogo
                        method={{ logo: invoice.methodLogo, method: invoice.method }}
                        currency={money.currency(invoice.currency)}
                      />
                      <span>{invoice.methodTitle}</span>
                    </span>
                  </td>
                  <td data-label={label("amount", "Amount")}>
                    {money.format(invoice.amount, invoice.currency)}
                  </td>
                  <td data-label={label("statusFilter", "Status")}>
                    <span className={`wallet-status wallet-status--${invoice.status}`}>
                      {statusText(invoice.status)}
                    </span>
                  </td>
                  <td>
                    {invoice.status === 1 ? (
                      <button
                        type="button"
                        className="wallet-link"
                        disabled={declining.isPending}
                        onClick={() => declining.mutate(invoice.id)}
                      >
                        {t(
                          "global-components.pages.profile-history.decline",
                          "Decline payment {number}",
                          {
                            number: invoice.number,
                          },
                        )}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          page={filters.page}
          pages={pages}
          label={t("global-components.pages.profile-history.pages", "Pages")}
          onPage={(page) => setFilters({ ...filters, page })}
        />
      </section>
    </div>
  );
}
