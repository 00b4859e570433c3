import type { RefObject } from "react";
import { Link, NavLink } from "react-router";
import { isBettingAvailable } from "../../lib/routing/route-filters";
import { useModals, useSite } from "../../lib/site";
import { MenuIcon, WalletIcon } from "../art/icons";
import { Logo } from "../art/logo";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { CurrencyNav } from "./currency-nav";
import { DRAWER_ID } from "./drawer";
import { NotificationsNav } from "./notifications-nav";
import { UserNav } from "./user-nav";

export type HeaderProps = {
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** The drawer is shown in full: open overlay on mobile, not compact on desktop. */
  drawerExpanded: boolean;
  onMenu: () => void;
  userNavOpen: boolean;
  onUserNavChange: (open: boolean) => void;
  currencyNavOpen: boolean;
  onCurrencyNavChange: (open: boolean) => void;
};

export function Header(p: HeaderProps) {
  const { t, href, settings, session } = useSite();
  const modals = useModals();
  const brand = t("layout.brand.name", "Nebula Casino");
  const betting = isBettingAvailable(settings);

  return (
    <header className={cx("site-header", session.isLoggedIn && "site-header--player")}>
      <div className="site-header__inner">
        <button
          ref={p.menuButtonRef}
          type="button"
          className="icon-btn icon-btn--ghost site-header__menu"
          aria-label={t("layout.header.menu", "Menu")}
          aria-expanded={p.drawerExpanded}
          aria-controls={DRAWER_ID}
          onClick={p.onMenu}
        >
          <MenuIcon size={22} />
        </button>
        <Link to={href("/")} className="site-header__brand">
          <Logo name={brand} compactBelow />
        </Link>
        {betting ? (
          <nav className="section-tabs" aria-label={t("layout.header.sections", "Sections")}>
            <NavLink
              to={href("/")}
              end
              className={({ isActive }) => cx("section-tabs__tab", isActive && "is-active")}
            >
              {t("layout.header.casino", "Casino")}
            </NavLink>
            <NavLink
              to={href("/betting")}
              className={({ isActive }) => cx("section-tabs__tab", isActive && "is-active")}
            >
              {t("layout.header.sports", "Sports")}
            </NavLink>
          </nav>
        ) : null}
        <div className="site-header__actions">
          <CurrencyNav open={p.currencyNavOpen} onOpenChange={p.onCurrencyNavChange} />
          {session.isLoggedIn ? (
            <Button
              variant="primary"
              size="sm"
              className="site-header__deposit"
              icon={<WalletIcon size={18} />}
              onClick={() => modals.open("wallet", "deposit")}
            >
              {t("layout.header.deposit", "Deposit")}
            </Button>
          ) : null}
          <NotificationsNav />
          <UserNav open={p.userNavOpen} onOpenChange={p.onUserNavChange} />
        </div>
      </div>
    </header>
  );
}
