// The wallet modal's content (spec §2 "Wallet modal"): deposit / withdraw tabs (or a title when
// opened as deposit-only), the header with the method and a short player id, the balance block
// with the account switcher and the equivalent currency, the payment region, and the method
// list with the selected method's form.
import type { Currency } from "@casino/contract/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Tabs } from "radix-ui";
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { countryName } from "../../components/layout/content";
import { ApiError } from "../../lib/api/api-error";
import { profileQuery } from "../../lib/session/player-queries";
import { useModals, useSite } from "../../lib/site";
import { setUnitChoice, useMoney } from "../../lib/use-money";
import { useCountries } from "../../modals/views/use-countries";
import { DepositLimitNote, limitedBounds, useDepositRoom } from "../limits/deposit-limit-note";
import { LIMITS_KEY, limitsQuery } from "../limits/limits-api";
import { type DepositStop, depositStop, depositStopTexts } from "../limits/play-blocks";
import { usePlayerDate } from "../limits/use-play-block";
import { CryptoAddressForm } from "./crypto-address";
import { AwaitingInvoice, FiatDeposit, type WalletFinish } from "./deposit-form";
import { refreshWallet, useAccounts, useWalletLiveUpdates } from "./live-updates";
import { MethodLogo } from "./method-logo";
import {
  currenciesQuery,
  METHODS_KEY,
  methodsQuery,
  switchAccount,
  TURN_OVER_KEY,
  WALLET_ACCOUNTS_KEY,
} from "./wallet-api";
import {
  accountsOfTab,
  CURRENCY_TABS,
  type CurrencyTab,
  countryParam,
  equivalentAmount,
  flagImage,
  hasSubUnit,
  knownEquivalent,
  methodBounds,
  paymentRegion,
  shortPlayerId,
  showsEquivalent,
  sortAccounts,
} from "./wallet-rules";
import {
  closeQuietly,
  setEquivalentCurrency,
  useAwaitedInvoice,
  useEquivalentCurrency,
  useStoredRegion,
} from "./wallet-store";
import type { Direction, PaymentMethod, WalletAccount } from "./wallet-types";
import { WithdrawPane } from "./withdraw-form";
import "./wallet.css";

/** Spec §9: mobile breakpoint 768 px. */
const MOBILE_QUERY = "(max-width: 767.98px)";

function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(MOBILE_QUERY);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

export type WalletTab = "deposit" | "withdraw";

export function WalletModal({
  tab,
  depositOnly,
  onTabChange,
  finish,
}: {
  tab: WalletTab;
  depositOnly: boolean;
  onTabChange: (tab: WalletTab) => void;
  finish: WalletFinish;
}) {
  const { t, session, country: requestCountry } = useSite();
  const profile = useQuery({ ...profileQuery, enabled: session.isLoggedIn });
  const client = useQueryClient();
  useWalletLiveUpdates();
  const accounts = useAccounts();
  const currencies = useQuery(currenciesQuery);
  const storedRegion = useStoredRegion();
  const region = paymentRegion(storedRegion, requestCountry, profile.data?.country ?? null);
  const country = countryParam(region, requestCountry);
  const [method, setMethod] = useState<PaymentMethod | null>(null);

  // The balances are fresh whenever the wallet opens (realtime keeps them fresh after).
  useEffect(() => {
    refreshWallet(client);
  }, [client]);

  const active = accounts.data?.find((account) => account.status === 1) ?? accounts.data?.[0];
  const currency = currencies.data?.find((item) => item.code === active?.currency);
  const direction: Direction = tab === "withdraw" ? "withdrawal" : "deposit";

  const body =
    !active || !currencies.data ? (
      accounts.isError ? (
        <p className="modal-notice" role="alert">
          {t("modals.wallet.loadFailed", "The wallet could not be loaded. Please try again.")}
        </p>
      ) : (
        <div className="modal__loading" aria-busy="true" />
      )
    ) : (
      <MethodsPane
        key={`${direction}:${active.id}:${country ?? ""}`}
        direction={direction}
        account={active}
        currency={currency}
        country={country}
        finish={finish}
        onMethod={setMethod}
      />
    );

  return (
    <div className="wallet" data-wallet-tab={tab}>
      <header className="wallet-header">
        {method ? <MethodLogo method={method} currency={currency} /> : null}
        <span className="wallet-header__title">{method?.title ?? ""}</span>
        {active ? <span className="wallet-header__currency">{active.currency}</span> : null}
        <span className="wallet-header__player">
          {t("modals.wallet.playerId", "ID")}: {shortPlayerId(session.profileId)}
        </span>
      </header>
      {active && currencies.data ? (
        <BalanceBlock accounts={accounts.data ?? []} active={active} currencies={currencies.data} />
      ) : null}
      <RegionBlock region={region} />
      {depositOnly ? (
        <div className="wallet-panel">
          <h3 className="wallet-mode-title">{t("modals.wallet.deposit", "Deposit")}</h3>
          {body}
        </div>
      ) : (
        <Tabs.Root value={tab} onValueChange={(next) => onTabChange(next as WalletTab)}>
          <Tabs.List
            className="modal-tabs__list"
            aria-label={t("modals.wallet.tabsLabel", "Wallet")}
          >
            <Tabs.Trigger className="modal-tabs__trigger" value="deposit">
              {t("modals.wallet.deposit", "Deposit")}
            </Tabs.Trigger>
            <Tabs.Trigger className="modal-tabs__trigger" value="withdraw">
              {t("modals.wallet.withdraw", "Withdraw")}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="deposit" className="wallet-panel">
            {tab === "deposit" ? body : null}
          </Tabs.Content>
          <Tabs.Content value="withdraw" className="wallet-panel">
            {tab === "withdraw" ? body : null}
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}

/** WL-08…WL-10, WL-15…WL-19: balance, switcher with currency tabs, equivalent currency. */
function BalanceBlock({
  accounts,
  active,
  currencies,
}: {
  accounts: readonly WalletAccount[];
  active: WalletAccount;
  currencies: readonly Currency[];
}) {
  const { t } = useSite();
  const modals = useModals();
  const money = useMoney();
  const client = useQueryClient();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<CurrencyTab>("all");
  const stored = useEquivalentCurrency();
  const equivalentOn = stored !== null;
  const equivalentCode = knownEquivalent(stored, currencies);
  const byCode = (code: string) => currencies.find((item) => item.code === code);
  const currency = byCode(active.currency);
  const visible = accounts.filter((account) => !account.isHidden || account.id === active.id);
  const listed = sortAccounts(accountsOfTab(visible, tab, currencies));
  const switching = useMutation({
    mutationFn: switchAccount,
    onSuccess: () => {
      // WL-14: the methods and the turn-over wager follow the new account's currency.
      void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
      void client.invalidateQueries({ queryKey: METHODS_KEY });
      void client.invalidateQueries({ queryKey: TURN_OVER_KEY });
      setOpen(false);
    },
  });
  const equivalent =
    equivalentOn && showsEquivalent(currency)
      ? equivalentAmount(active.balance, currency, byCode(equivalentCode))
      : null;

  return (
    <section className="wallet-balance" aria-label={t("modals.wallet.balance", "Balance")}>
      <div className="wallet-balance__main">
        <span className="wallet-balance__label">{t("modals.wallet.balance", "Balance")}</span>
        <strong className="wallet-balance__value" data-testid="wallet-balance">
          {money.format(active.balance, active.currency)}
        </strong>
        {equivalent !== null ? (
          <span className="wallet-balance__equivalent">
            ≈ {equivalent} {equivalentCode}
          </span>
        ) : null}
        <button
          type="button"
          className="wallet-link"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {t("modals.wallet.switchAccount", "Switch account")}
        </button>
      </div>
      <div className="wallet-equivalent">
        <label className="wallet-toggle">
          <input
            type="checkbox"
            role="switch"
            aria-checked={equivalentOn}
            checked={equivalentOn}
            onChange={(event) =>
              setEquivalentCurrency(event.target.checked ? equivalentCode : null, (code) =>
                Boolean(byCode(code)),
              )
            }
          />
          <span>
            {t("modals.wallet.showEquivalent", "Show crypto in {currency}", {
              currency: equivalentCode,
            })}
          </span>
        </label>
        <button
          type="button"
          className="wallet-link"
          onClick={() => modals.open("equivalent-currency")}
        >
          {t("modals.wallet.changeEquivalent", "Change equivalent currency")}
        </button>
        {currency && hasSubUnit(currency) ? (
          // One choice for every currency with sub-units, on every page (issue 31 item 3).
          <label className="wallet-toggle">
            <input
              type="checkbox"
              role="switch"
              aria-checked={money.choice === "sub"}
              checked={money.choice === "sub"}
              onChange={(event) => setUnitChoice(event.target.checked ? "sub" : "major")}
            />
            <span>
              {t("modals.wallet.showSubUnit", "Show {currency} in {unit}", {
                currency: currency.code,
                unit: currency.subCurrencies[0]?.code ?? currency.code,
              })}
            </span>
          </label>
        ) : null}
      </div>
      <div id={panelId} className="wallet-switcher" hidden={!open}>
        <Tabs.Root value={tab} onValueChange={(next) => setTab(next as CurrencyTab)}>
          <Tabs.List
            className="wallet-switcher__tabs"
            aria-label={t("modals.wallet.currencyTabs", "Currencies")}
          >
            {CURRENCY_TABS.map((key) => (
              <Tabs.Trigger key={key} value={key} className="wallet-chip">
                {key === "all"
                  ? t("modals.wallet.tabAll", "All")
                  : t("modals.wallet.tabCrypto", "Crypto")}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <ul className="wallet-switcher__list" aria-label={t("modals.wallet.accounts", "Accounts")}>
          {listed.map((account) => {
            const accountCurrency = byCode(account.currency);
            const eq =
              equivalentOn && showsEquivalent(accountCurrency)
                ? equivalentAmount(account.balance, accountCurrency, byCode(equivalentCode))
                : null;
            return (
              <li key={account.id}>
                <button
                  type="button"
                  className="wallet-switcher__item"
                  aria-current={account.id === active.id ? "true" : undefined}
                  disabled={switching.isPending}
                  onClick={() =>
                    account.id === active.id ? setOpen(false) : switching.mutate(account.id)
                  }
                >
                  <span>{account.currency}</span>
                  <span>{money.format(account.balance, account.currency)}</span>
                  {eq !== null ? (
                    <span className="wallet-hint">
                      ≈ {eq} {equivalentCode}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** WL-20…WL-22: the payment-methods region with its flag and a change link. */
function RegionBlock({ region }: { region: string | null }) {
  const { t, locale } = useSite();
  const modals = useModals();
  const countries = useCountries();
  // The country's name in the site's language ("Deutschland"), else the country list's name.
  const name = region
    ? (countryName(locale, region) ??
      countries.data?.find((item) => item.code === region)?.name ??
      region)
    : null;
  return (
    <div className="wallet-region">
      <span className="wallet-region__label">{t("modals.wallet.region", "Payment region")}:</span>
      {region ? (
        <span className="wallet-region__value">
          <img
            className="wallet-region__flag"
            src={flagImage(region)}
            alt=""
            width={20}
            height={15}
          />{" "}
          {name}
        </span>
      ) : (
        <span className="wallet-region__value">
          {t("modals.wallet.unknownRegion", "Unknown region")}
        </span>
      )}
      <button type="button" className="wallet-link" onClick={() => modals.open("wallet-region")}>
        {t("modals.wallet.changeRegion", "Change region")}
      </button>
    </div>
  );
}

function MethodsPane({
  direction,
  account,
  currency,
  country,
  finish,
  onMethod,
}: {
  direction: Direction;
  account: WalletAccount;
  currency: Currency | undefined;
  country: string | undefined;
  finish: WalletFinish;
  onMethod: (method: PaymentMethod | null) => void;
}) {
  const { t } = useSite();
  const money = useMoney();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const awaited = useAwaitedInvoice();
  const methods = useQuery(methodsQuery(direction, account.currency, country));
  const limits = useQuery({ ...limitsQuery, enabled: direction === "deposit" });
  const [chosen, setChosen] = useState<string | null>(null);
  const [frameUrl, setFrameUrl] = useState<string | null>(null);
  const subunit = currency?.subunitToUnit ?? 100;
  const list = methods.data ?? [];
  // WL-05: below 768 px nothing is preselected; above, the first method is.
  const selected =
    list.find((item) => item.method === chosen) ?? (mobile ? null : (list[0] ?? null));
  const limitCode =
    methods.error instanceof ApiError && methods.error.code === 13100 && direction === "deposit";
  // Which rule stops deposits (a self-exclusion, a cooling-off, a deposit limit of the currency):
  // the server answers 13100 for each, so the player's limits say which one to name.
  const stop = useMemo(
    () =>
      direction === "deposit" && limits.data
        ? depositStop(limits.data, account.currency, subunit, new Date())
        : null,
    [direction, limits.data, account.currency, subunit],
  );
  const limitReached = limitCode || stop !== null;

  useEffect(() => {
    onMethod(selected);
    return () => onMethod(null);
  }, [selected, onMethod]);

  // ER-10: code 13100 shows the limits content and reloads the limits.
  useEffect(() => {
    if (limitCode) void client.invalidateQueries({ queryKey: LIMITS_KEY });
  }, [limitCode, client]);

  if (direction === "deposit" && awaited) {
    return <AwaitingInvoice invoiceId={awaited} finish={finish} />;
  }
  if (frameUrl) {
    return (
      <iframe
        className="wallet-frame"
        src={frameUrl}
        title={t("modals.wallet.paymentFrame", "Payment")}
      />
    );
  }
  if (limitReached) {
    // After a 13100 the limits reload (below): wait for them rather than name the wrong rule.
    if (!stop && limits.isFetching) return <div className="modal__loading" aria-busy="true" />;
    return <DepositLimitCard stop={stop} />;
  }
  if (methods.isPending) return <div className="modal__loading" aria-busy="true" />;
  if (list.length === 0) {
    // WL-28 (and ER-11: any other error leaves the list empty).
    return (
      <p className="wallet-empty" role="status">
        {direction === "deposit"
          ? t(
              "modals.wallet.noDepositMethods",
              "No deposit methods are available for {currency} in your region.",
              { currency: account.currency },
            )
          : t(
              "modals.wallet.noWithdrawMethods",
              "No withdrawal methods are available for {currency} in your region.",
              { currency: account.currency },
            )}
      </p>
    );
  }
  const showList = !mobile || !selected;
  const showForm = Boolean(selected);
  return (
    <div className="wallet-columns" data-mobile={mobile ? "true" : undefined}>
      {showList ? (
        <ul className="wallet-methods" aria-label={t("modals.wallet.methods", "Payment methods")}>
          {list.map((item) => {
            return (
              <li key={item.method}>
                <button
                  type="button"
                  className="wallet-method"
                  aria-pressed={selected?.method === item.method}
                  onClick={() => setChosen(item.method)}
                >
                  <MethodLogo method={item} currency={currency} />
                  <span className="wallet-method__title">{item.title}</span>
                  <span className="wallet-method__min">
                    {t("modals.wallet.minLabel", "Min")}{" "}
                    {money.format(item.amountMin, account.currency)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {showForm && selected ? (
        <div className="wallet-form-column">
          {mobile ? (
            <button
              type="button"
              className="wallet-link wallet-back"
              onClick={() => setChosen(null)}
            >
              {t("modals.wallet.back", "Back")}
            </button>
          ) : null}
          <MethodForm
            direction={direction}
            method={selected}
            account={account}
            subunit={subunit}
            country={country}
            finish={finish}
            onFrame={setFrameUrl}
          />
        </div>
      ) : null}
    </div>
  );
}

function MethodForm({
  direction,
  method,
  account,
  subunit,
  country,
  finish,
  onFrame,
}: {
  direction: Direction;
  method: PaymentMethod;
  account: WalletAccount;
  subunit: number;
  country: string | undefined;
  finish: WalletFinish;
  onFrame: (url: string) => void;
}) {
  const room = useDepositRoom(account.currency, direction === "deposit");
  const ownBounds = useMemo(() => methodBounds(method, subunit), [method, subunit]);
  // Issue 31: a deposit is capped by what the deposit limits leave, not only the method's max.
  const bounds = useMemo(() => limitedBounds(ownBounds, room), [ownBounds, room]);
  if (direction === "withdrawal") {
    return (
      <WithdrawPane
        method={method}
        account={account}
        subunitToUnit={subunit}
        country={country}
        onDone={(frame) => (frame ? onFrame(frame) : finish())}
      />
    );
  }
  if (method.type === "address") {
    return (
      <>
        <DepositLimitNote currency={account.currency} room={room} methodBounds={null} />
        <CryptoAddressForm
          key={method.method}
          method={method}
          account={account}
          country={country}
        />
      </>
    );
  }
  return (
    <>
      <DepositLimitNote currency={account.currency} room={room} methodBounds={ownBounds} />
      <FiatDeposit
        key={method.method}
        method={method}
        account={account}
        bounds={bounds}
        country={country}
        finish={finish}
      />
    </>
  );
}

/**
 * WL-25: the card that says why deposits are refused (a self-exclusion, a cooling-off or which
 * deposit limit, and until when); 'more info' closes the wallet and opens /profile/limits.
 */
function DepositLimitCard({ stop }: { stop: DepositStop | null }) {
  const { t, href } = useSite();
  const navigate = useNavigate();
  const date = usePlayerDate();
  const money = useMoney();
  const { title, text } = depositStopTexts(stop, t, date, money.format);
  return (
    <section className="wallet-limit" aria-label={title}>
      <h3 className="wallet-mode-title">{title}</h3>
      <p className="modal-text">{text}</p>
      <button
        type="button"
        className="modal-button"
        onClick={() => {
          closeQuietly();
          // Leaving for a page without ?wallet closes the wallet too.
          void navigate(href("/profile/limits"));
        }}
      >
        {t("modals.wallet.moreInfo", "More info")}
      </button>
    </section>
  );
}
