import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { isBettingAvailable } from "../../lib/routing/route-filters";
import { useSite } from "../../lib/site";
import { CategoryIcon, categoryKind } from "../art/category-art";
import {
  ChatIcon,
  ClockIcon,
  CloseIcon,
  CollapseIcon,
  CrownIcon,
  ExpandIcon,
  GiftIcon,
  HeartIcon,
  HelpIcon,
  HomeIcon,
  ProvidersIcon,
  SportsIcon,
  TrophyIcon,
} from "../art/icons";
import { Logo } from "../art/logo";
import { cx } from "../ui/cx";
import { LanguageSwitcher } from "./language-switcher";

export const DRAWER_ID = "site-drawer";

type Item = { to: string; label: string; icon: ReactNode; end?: boolean };
type Section = { id: string; title?: string; items: Item[] };

export type DrawerProps = {
  /** Overlay mode (below 768px): the drawer slides in over the page. */
  overlay: boolean;
  open: boolean;
  onClose: () => void;
  compact: boolean;
  onCompactChange: (compact: boolean) => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
};

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The side navigation. Below 768px it is an off-canvas overlay opened by the header's Menu
 * button (focus moves in, Tab stays inside, Escape or a press outside closes it and focus
 * returns to Menu). At 768px and up it is a persistent rail that can be compact (icons only).
 */
export function Drawer({
  overlay,
  open,
  onClose,
  compact,
  onCompactChange,
  menuButtonRef,
}: DrawerProps) {
  const { t, href, settings, collections, session } = useSite();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const modal = overlay && open;

  useEffect(() => {
    if (!modal) return;
    closeRef.current?.focus();
    const menuButton = menuButtonRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        onClose();
        menuButton?.focus();
        return;
      }
      if (e.key !== "Tab" || !panelRef.current) return;
      const nodes = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (n) => n.offsetParent !== null,
      );
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panelRef.current?.contains(target) || menuButton?.contains(target)) return;
      onClose();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [modal, onClose, menuButtonRef]);

  const betting = isBettingAvailable(settings);
  const sections: Section[] = [
    {
      id: "main",
      items: [
        { to: "/", label: t("layout.drawer.home", "Home"), icon: <HomeIcon />, end: true },
        ...(betting
          ? [
              {
                to: "/betting",
                label: t("layout.drawer.betting", "Sports betting"),
                icon: <SportsIcon />,
              },
            ]
          : []),
        {
          to: "/welcome-package",
          label: t("layout.drawer.promotions", "Welcome package"),
          icon: <GiftIcon />,
        },
        {
          to: "/tournaments",
          label: t("layout.drawer.tournaments", "Tournaments"),
          icon: <TrophyIcon />,
        },
        ...(settings.loyalty.enabled
          ? [{ to: "/loyalty", label: t("layout.drawer.loyalty", "Loyalty"), icon: <CrownIcon /> }]
          : []),
      ],
    },
    {
      id: "casino",
      title: t("layout.drawer.sections.casino", "Casino"),
      items: [
        ...collections.map((c) => ({
          to: `/categories/${c.slug}`,
          label: c.name,
          icon: <CategoryIcon kind={categoryKind(c.slug, c.name)} />,
        })),
        {
          to: "/providers",
          label: t("layout.drawer.providers", "Providers"),
          icon: <ProvidersIcon />,
        },
      ],
    },
    ...(session.isLoggedIn
      ? [
          {
            id: "player",
            title: t("layout.drawer.sections.player", "My games"),
            items: [
              {
                to: "/favorites",
                label: t("layout.drawer.favorites", "Favorites"),
                icon: <HeartIcon />,
              },
              {
                to: "/recently-played",
                label: t("layout.drawer.recentlyPlayed", "Recently played"),
                icon: <ClockIcon />,
              },
            ],
          },
        ]
      : []),
    {
      id: "help",
      title: t("layout.drawer.sections.help", "Help"),
      items: [
        { to: "/questions", label: t("layout.drawer.questions", "Questions"), icon: <HelpIcon /> },
        { to: "/contact", label: t("layout.drawer.contact", "Contact"), icon: <ChatIcon /> },
      ],
    },
  ];

  const railCompact = compact && !overlay;
  const toggleLabel = compact
    ? t("layout.drawer.expand", "Expand menu")
    : t("layout.drawer.collapse", "Collapse menu");

  return (
    <>
      <div className="drawer-backdrop" hidden={!modal} aria-hidden="true" />
      <div
        ref={panelRef}
        id={DRAWER_ID}
        className={cx("drawer", open && "drawer--open", railCompact && "drawer--compact")}
      >
        <div className="drawer__head">
          <Logo name={t("layout.brand.name", "Nebula Casino")} />
          <button
            ref={closeRef}
            type="button"
            className="icon-btn icon-btn--glass"
            aria-label={t("layout.drawer.close", "Close menu")}
            onClick={() => {
              onClose();
              menuButtonRef.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        </div>
        <nav className="drawer__nav" aria-label={t("layout.drawer.navLabel", "Main")}>
          {sections.map((s) => (
            <div key={s.id} className="drawer__section">
              {s.title ? <p className="drawer__section-title">{s.title}</p> : null}
              <ul className="drawer__list">
                {s.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={href(item.to)}
                      end={item.end}
                      className={({ isActive }) => cx("drawer__link", isActive && "is-active")}
                      title={railCompact ? item.label : undefined}
                      onClick={overlay ? onClose : undefined}
                    >
                      <span className="drawer__icon">{item.icon}</span>
                      <span className="drawer__label">{item.label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="drawer__foot">
          <LanguageSwitcher placement="drawer" compact={railCompact} />
          <button
            type="button"
            className="drawer__compact-toggle"
            aria-controls={DRAWER_ID}
            title={railCompact ? toggleLabel : undefined}
            onClick={() => onCompactChange(!compact)}
          >
            {compact ? <ExpandIcon /> : <CollapseIcon />}
            <span className="drawer__label">{toggleLabel}</span>
          </button>
        </div>
      </div>
    </>
  );
}
