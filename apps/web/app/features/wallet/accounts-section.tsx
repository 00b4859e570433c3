// /profile/wallet (spec §4 "Wallet accounts", WL-11…WL-13): the accounts with their balances,
// add an account in another currency, make one active, hide one. It is also where the payment
// pages send the player back to (`?deposit=success|error`).
import type { Currency } from "@casino/contract/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../lib/api/api-error";
import { useModals, useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { refreshWallet, useAccounts, useWalletLiveUpdates } from "./live-updates";
import {
  createAccount,
  currenciesQuery,
  hideAccount,
  METHODS_KEY,
  switchAccount,
  TURN_OVER_KEY,
  turnOverQuery,
  WALLET_ACCOUNTS_KEY,
} from "./wallet-api";
import { sortAccounts } from "./wallet-rules";
import { markDepositOnly } from "./wallet-store";
import type { WalletAccount } from "./wallet-types";
// Direct loads of the page need the card, form and button styles (modal.css is otherwise lazy).
import "../../forms/forms.css";
import "../../modals/modal.css";
import "./wallet.css";

/** Back from the payment page: `?deposit=success|error` opens the result modal (or tells the wallet, inside its frame). */
function useDepositReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const modals = useModals();
  const client = useQueryClient();
  const { open } = modals;
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const result = params.get("deposit");
    if (result !== "success" && result !== "error") return;
    if (window.parent !== window) {
      window.parent.postMessage({ type: "casino:deposit-result", result }, window.location.origin);
      return;
    }
    refreshWallet(client);
    params.delete("deposit");
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true },
    );
    open(result === "success" ? "deposit-success" : "deposit-error");
  }, [location.search, location.pathname, navigate, open, client]);
}

export function AccountsSection() {
  const { t } = useSite();
  useWalletLiveUpdates();
  useDepositReturn();
  const modals = useModals();
  const client = useQueryClient();
  const accounts = useAccounts();
  const currencies = useQuery(currenciesQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const onError = (error: Error) =>
    setNotice(
      error instanceof ApiError
        ? (Object.values(error.fields)[0]?.[0] ?? error.message)
        : t("alerts.somethingWrong.title", "Something went wrong"),
    );
  const done = () => {
    setNotice(null);
    void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
    void client.invalidateQueries({ queryKey: METHODS_KEY });
    void client.invalidateQueries({ queryKey: TURN_OVER_KEY });
  };
  const switching = useMutation({ mutationFn: switchAccount, onSuccess: done, onError });
  const hiding = useMutation({ mutationFn: hideAccount, onSuccess: done, onError });
  const byCode = (code: string) => currencies.data?.find((item) => item.code === code);
  const visible = sortAccounts((accounts.data ?? []).filter((account) => !account.isHidden));
  const busy = switching.isPending || hiding.isPending;

  return (
    <div className="profile-sections wallet-page">
      <section className="profile-card" aria-labelledby="wallet-accounts-title">
        <div className="wallet-page__head">
          <h2 id="wallet-accounts-title" className="profile-card__title">
            {t("global-components.pages.profile-wallet.accounts", "Your accounts")}
          </h2>
          <div className="wallet-page__actions">
            <button
              type="button"
              className="modal-button"
              onClick={() => {
                markDepositOnly(true);
                modals.open("wallet", "deposit");
              }}
            >
              {t("global-components.pages.profile-wallet.deposit", "Deposit")}
            </button>
            <button
              type="button"
              className="modal-button modal-button--secondary"
              onClick={() => modals.open("wallet", "withdraw")}
            >
              {t("global-components.pages.profile-wallet.withdraw", "Withdraw")}
            </button>
          </div>
        </div>
        {accounts.isPending ? (
          <div className="modal__loading" aria-busy="true" />
        ) : (
          <table
            className="wallet-table"
            aria-label={t("global-components.pages.profile-wallet.accounts", "Your accounts")}
          >
            <thead>
              <tr>
                <th scope="col">
                  {t("global-components.pages.profile-wallet.currency", "Currency")}
                </th>
                <th scope="col">
                  {t("global-components.pages.profile-wallet.balance", "Balance")}
                </th>
                <th scope="col">
                  {t("global-components.pages.profile-wallet.withdrawable", "Withdrawable")}
                </th>
                <th scope="col">{t("global-components.pages.profile-wallet.status", "Status")}</th>
                <th scope="col">
                  <span className="visually-hidden">
                    {t("global-components.pages.profile-wallet.actions", "Actions")}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  currency={byCode(account.currency)}
                  busy={busy}
                  onSwitch={() => switching.mutate(account.id)}
                  onHide={() => hiding.mutate(account.id)}
                />
              ))}
            </tbody>
          </table>
        )}
        {notice ? (
          <p className="modal-notice" role="alert">
            {notice}
          </p>
        ) : null}
      </section>
      <AddAccount accounts={accounts.data ?? []} currencies={currencies.data ?? []} />
    </div>
  );
}

function AccountRow({
  account,
  busy,
  onSwitch,
  onHide,
}: {
  account: WalletAccount;
  currency: Currency | undefined;
  busy: boolean;
  onSwitch: () => void;
  onHide: () => void;
}) {
  const { t } = useSite();
  const money = useMoney();
  const active = account.status === 1;
  return (
    <tr aria-current={active ? "true" : undefined}>
      <th scope="row">{account.currency}</th>
      <td data-label={t("global-components.pages.profile-wallet.balance", "Balance")}>
        {money.format(account.balance, account.currency)}
      </td>
      <td data-label={t("global-components.pages.profile-wallet.withdrawable", "Withdrawable")}>
        <Withdrawable account={account} />
      </td>
      <td data-label={t("global-components.pages.profile-wallet.status", "Status")}>
        {active
          ? t("global-components.pages.profile-wallet.active", "Active")
          : t("global-components.pages.profile-wallet.inactive", "Inactive")}
      </td>
      <td className="wallet-table__actions">
        {active ? null : (
          <>
            <button type="button" className="wallet-link" disabled={busy} onClick={onSwitch}>
              {t("global-components.pages.profile-wallet.makeActive", "Make {currency} active", {
                currency: account.currency,
              })}
            </button>
            <button type="button" className="wallet-link" disabled={busy} onClick={onHide}>
              {t("global-components.pages.profile-wallet.hide", "Hide {currency}", {
                currency: account.currency,
              })}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

function AddAccount({
  accounts,
  currencies,
}: {
  accounts: readonly WalletAccount[];
  currencies: readonly Currency[];
}) {
  const { t } = useSite();
  const client = useQueryClient();
  const selectId = useId();
  const [currency, setCurrency] = useState("");
  const [error, setError] = useState<string | null>(null);
  const shown = new Set(accounts.filter((item) => !item.isHidden).map((item) => item.currency));
  const offered = currencies.filter((item) => item.isEnabled && !shown.has(item.code));
  const adding = useMutation({
    mutationFn: createAccount,
    onSuccess: () => {
      setCurrency("");
      setError(null);
      void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
    },
    onError: (failure: Error) =>
      setError(
        failure instanceof ApiError
          ? (failure.fields.currency?.[0] ?? failure.message)
          : failure.message,
      ),
  });
  return (
    <section className="profile-card" aria-labelledby="wallet-add-title">
      <h2 id="wallet-add-title" className="profile-card__title">
        {t("global-components.pages.profile-wallet.addTitle", "Add an account")}
      </h2>
      <form
        className="modal-form wallet-add"
        onSubmit={(event) => {
          event.preventDefault();
          if (currency) adding.mutate(currency);
        }}
      >
        <div className="modal-form__field">
          <label className="modal-form__label" htmlFor={selectId}>
            {t("global-components.pages.profile-wallet.currency", "Currency")}
          </label>
          <select
            id={selectId}
            name="currency"
            className="modal-form__input"
            value={currency}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setCurrency(event.target.value)}
          >
            <option value="" />
            {offered.map((item) => (
              <option key={item.code} value={item.code}>
                {item.code}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="modal-button" disabled={!currency || adding.isPending}>
          {t("global-components.pages.profile-wallet.add", "Add account")}
        </button>
      </form>
    </section>
  );
}

/**
 * What can be withdrawn now, as the withdrawal form shows it (issue 31): the server's one
 * definition from the turn-over answer (nothing while a bonus owes wagering), else the account's
 * withdrawal balance.
 */
function Withdrawable({ account }: { account: WalletAccount }) {
  const { t } = useSite();
  const money = useMoney();
  const wager = useQuery(turnOverQuery(account.currency));
  const amount = wager.data?.withdrawable ?? account.withdrawalBalance;
  const owed = wager.data ? /[1-9]/.test(wager.data.turnOverWagerAmount) : false;
  return (
    <>
      {money.format(amount, account.currency)}
      {owed ? (
        <span className="wallet-table__note">
          {" "}
          {t("global-components.pages.profile-wallet.wageringOwed", "(bonus wagering owed)")}
        </span>
      ) : null}
    </>
  );
}
