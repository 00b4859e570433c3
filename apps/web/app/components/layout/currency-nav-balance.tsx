// The balances in the header's currency nav. Loaded on demand (currency-nav.tsx): the money
// formatting is the wallet's (BTC and ETH in milli-units, WL-19), which the shell's first load
// does not carry. The accounts query is the one post-login handling loads (SI-21); realtime
// events invalidate it (lib/realtime/realtime-query-sync.ts), so the balance moves live.
import type { WalletAccount } from "@casino/contract/wallet";
import { useQuery } from "@tanstack/react-query";
import { walletAccountsQuery } from "../../lib/session/player-queries";
import { useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { CoinsIcon } from "../art/icons";

function useBalances() {
  const { session } = useSite();
  const accounts = useQuery({ ...walletAccountsQuery, enabled: session.isLoggedIn });
  // The amounts in the unit the player chose (mBTC or BTC), as every page shows them.
  const money = useMoney();
  const list = ((accounts.data ?? []) as WalletAccount[]).filter((account) => !account.isHidden);
  const format = (account: WalletAccount) => money.format(account.balance, account.currency);
  return { list, active: list.find((account) => account.status === 1) ?? null, format };
}

/** The active account's balance, as the toggle's text. */
export function HeaderBalance() {
  const { t } = useSite();
  const { active, format } = useBalances();
  return (
    <span className="currency-nav__value" data-balance={active ? "" : undefined}>
      {active ? format(active) : t("layout.currencyNav.empty", "No balance")}
    </span>
  );
}

/** Every visible account with its balance, the active one first and marked. */
export function BalanceList() {
  const { t } = useSite();
  const { list, active, format } = useBalances();
  if (list.length === 0) {
    return (
      <div className="balance-empty">
        <span className="balance-empty__icon" aria-hidden="true">
          <CoinsIcon size={28} />
        </span>
        <p className="balance-empty__title">
          {t("layout.currencyNav.noAccounts", "No accounts yet")}
        </p>
        <p className="balance-empty__text">
          {t(
            "layout.currencyNav.noAccountsHint",
            "Your balances in each currency show here after your first deposit.",
          )}
        </p>
      </div>
    );
  }
  const ordered = active ? [active, ...list.filter((account) => account !== active)] : list;
  return (
    <ul className="balance-list" aria-label={t("layout.currencyNav.accounts", "Your balances")}>
      {ordered.map((account) => (
        <li
          key={account.id}
          className="balance-list__item"
          aria-current={account === active ? "true" : undefined}
        >
          <span className="balance-list__currency">{account.currency}</span>
          <span className="balance-list__amount">{format(account)}</span>
          {account === active ? (
            <span className="balance-list__active">{t("layout.currencyNav.active", "Active")}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
