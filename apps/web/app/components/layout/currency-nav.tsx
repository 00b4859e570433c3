import { useCallback, useId, useRef } from "react";
import { useModals, useSite } from "../../lib/site";
import { ChevronDownIcon, CoinsIcon, WalletIcon } from "../art/icons";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { useDismiss } from "./hooks";

/**
 * The header's currency nav (players only): the balance and account switcher. Wallet
 * accounts are not loaded yet, so it says so plainly and offers a first deposit.
 */
export function CurrencyNav({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { session, t } = useSite();
  const modals = useModals();
  const panelId = useId();
  const titleId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  useDismiss(open, close, [panelRef], toggleRef);
  if (!session.isLoggedIn) return null;

  const noAccounts = t("layout.currencyNav.noAccounts", "No accounts yet");
  return (
    <div className="currency-nav">
      <button
        ref={toggleRef}
        type="button"
        className={cx("currency-nav__toggle", open && "is-open")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        <WalletIcon />
        <span className="visually-hidden">{t("layout.header.currency", "Currency")}: </span>
        <span className="currency-nav__value">{t("layout.currencyNav.empty", "No balance")}</span>
        <ChevronDownIcon size={16} />
      </button>
      <section
        ref={panelRef}
        id={panelId}
        className="popover currency-nav__panel"
        hidden={!open}
        aria-labelledby={titleId}
      >
        <p id={titleId} className="popover__title">
          {t("layout.currencyNav.title", "Balance")}
        </p>
        <div className="balance-empty">
          <span className="balance-empty__icon" aria-hidden="true">
            <CoinsIcon size={28} />
          </span>
          <p className="balance-empty__title">{noAccounts}</p>
          <p className="balance-empty__text">
            {t(
              "layout.currencyNav.noAccountsHint",
              "Your balances in each currency show here after your first deposit.",
            )}
          </p>
        </div>
        <Button
          variant="primary"
          block
          onClick={() => {
            close();
            modals.open("wallet", "deposit");
          }}
        >
          {t("layout.userNav.addFunds", "Add funds")}
        </Button>
      </section>
    </div>
  );
}
