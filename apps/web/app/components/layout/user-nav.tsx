import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useModals, useSite } from "../../lib/site";
import {
  BellIcon,
  ClockIcon,
  GiftIcon,
  HistoryIcon,
  LockIcon,
  LogoutIcon,
  ShieldIcon,
  SlidersIcon,
  UserIcon,
  WalletIcon,
} from "../art/icons";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { useDismiss } from "./hooks";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The header's user nav. Guests get Sign in and Sign up (they open those modals); a player
 * gets the Account button, which opens a panel of profile links. Opening the panel locks
 * body scroll (the layout holds the lock).
 */
export function UserNav({ open, onOpenChange }: Props) {
  const { session, t } = useSite();
  const modals = useModals();
  if (!session.isLoggedIn) {
    return (
      <div className="user-nav user-nav--guest">
        <Button variant="secondary" size="sm" onClick={() => modals.open("sign-in")}>
          {t("layout.header.signIn", "Sign in")}
        </Button>
        <Button variant="primary" size="sm" onClick={() => modals.open("sign-up")}>
          {t("layout.header.signUp", "Sign up")}
        </Button>
      </div>
    );
  }
  return (
    <div className="user-nav user-nav--player">
      <AccountMenu open={open} onOpenChange={onOpenChange} />
      <LogoutButton />
    </div>
  );
}

/** SE-07: logout, then the locale home. */
function LogoutButton() {
  const { t, href } = useSite();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      className="user-nav__logout"
      icon={<LogoutIcon size={18} />}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const { logout } = await import("../../lib/session/logout");
        await logout(queryClient, () => void navigate(href("/")));
        setBusy(false);
      }}
    >
      {t("layout.header.logout", "Log out")}
    </Button>
  );
}

function AccountMenu({ open, onOpenChange }: Props) {
  const { session, settings, t, href } = useSite();
  const modals = useModals();
  const panelId = useId();
  const titleId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  useDismiss(open, close, [panelRef], toggleRef);

  const shortId = session.profileId?.split("-")[0]?.toUpperCase();
  const links = [
    { to: "/profile/info", label: t("layout.userNav.profile", "Profile"), icon: <UserIcon /> },
    { to: "/profile/wallet", label: t("layout.userNav.wallet", "Wallet"), icon: <WalletIcon /> },
    { to: "/profile/bonuses", label: t("layout.userNav.bonuses", "Bonuses"), icon: <GiftIcon /> },
    {
      to: "/profile/history",
      label: t("layout.userNav.history", "History"),
      icon: <HistoryIcon />,
    },
    { to: "/profile/limits", label: t("layout.userNav.limits", "Limits"), icon: <SlidersIcon /> },
    {
      to: "/profile/notifications",
      label: t("layout.userNav.notifications", "Notifications"),
      icon: <BellIcon />,
    },
    {
      to: "/profile/security",
      label: t("layout.userNav.security", "Security"),
      icon: <LockIcon />,
    },
    {
      to: "/profile/verification",
      label: t("layout.userNav.verification", "Verification"),
      icon: <ShieldIcon />,
    },
  ];

  return (
    <div className="user-nav">
      <button
        ref={toggleRef}
        type="button"
        className={cx("user-nav__toggle", open && "is-open")}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("layout.header.account", "Account")}
        // Focus lands here when a modal closes and what opened it is gone (after signing in).
        data-focus-fallback=""
        onClick={() => onOpenChange(!open)}
      >
        <UserIcon size={22} />
      </button>
      <div className="popover-backdrop" hidden={!open} aria-hidden="true" />
      <section
        ref={panelRef}
        id={panelId}
        className="popover user-nav__panel"
        hidden={!open}
        aria-labelledby={titleId}
      >
        <div className="user-nav__head">
          <span className="user-nav__avatar" aria-hidden="true">
            <UserIcon size={24} />
          </span>
          <div>
            <p id={titleId} className="user-nav__title">
              {t("layout.userNav.title", "My account")}
            </p>
            {shortId ? (
              <p className="user-nav__id">
                {t("layout.userNav.playerId", "Player ID {id}", { id: shortId })}
              </p>
            ) : null}
          </div>
        </div>
        <Button
          variant="primary"
          block
          icon={<WalletIcon />}
          onClick={() => {
            close();
            modals.open("wallet", "deposit");
          }}
        >
          {t("layout.userNav.addFunds", "Add funds")}
        </Button>
        {settings.quests.enabled ? (
          <Button
            variant="secondary"
            block
            onClick={() => {
              close();
              modals.open("quests-hub");
            }}
          >
            {t("layout.userNav.quests", "Quests")}
          </Button>
        ) : null}
        <nav aria-label={t("layout.userNav.navLabel", "Account")}>
          <ul className="menu-list">
            {links.map((l) => (
              <li key={l.to}>
                <Link className="menu-list__link" to={href(l.to)} onClick={close}>
                  {l.icon}
                  <span>{l.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="user-nav__note">
          <ClockIcon size={16} />
          {t("layout.userNav.note", "Set deposit and game limits at any time under Limits.")}
        </p>
      </section>
    </div>
  );
}
