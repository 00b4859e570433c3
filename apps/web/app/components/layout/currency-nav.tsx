import { lazy, Suspense, useCallback, useId, useRef } from "react";
import { useModals, useSite } from "../../lib/site";
import { ChevronDownIcon, WalletIcon } from "../art/icons";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { useDismiss } from "./hooks";

const HeaderBalance = lazy(() =>
  import("./currency-nav-balance").then((module) => ({ default: module.HeaderBalance })),
);
const BalanceList = lazy(() =>
  import("./currency-nav-balance").then((module) => ({ default: module.BalanceList })),
);

/**
 * The header's currency nav (players only): the active account's balance on the toggle, every
 * balance in the panel, and a way to add funds. The balances load on demand with the wallet's
 * money formatting (currency-nav-balance.tsx).
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
        <Suspense fallback={<span className="currency-nav__value">…</span>}>
          <HeaderBalance />
        </Suspense>
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
        {open ? (
          <Suspense fallback={<div className="modal__loading" aria-busy="true" />}>
            <BalanceList />
          </Suspense>
        ) : null}
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
