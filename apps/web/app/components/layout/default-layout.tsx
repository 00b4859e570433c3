import { type ReactNode, useCallback, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useSite } from "../../lib/site";
import { cx } from "../ui/cx";
import { Drawer } from "./drawer";
import { Footer } from "./footer";
import { Header } from "./header";
import {
  DESKTOP_QUERY,
  MAIN_ID,
  useBodyScrollLock,
  useDrawerCompact,
  useMediaQuery,
} from "./hooks";
import { LayoutKindContext } from "./layout-kind";

/**
 * The default layout: header (menu, brand, currency nav, user nav), drawer, the page, footer.
 * Spec §2: the user nav, currency nav and drawer each open and close; the drawer can be
 * compact (kept in localStorage); opening the user nav or the overlay drawer locks scroll.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useSite();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const { compact, restored, setCompact } = useDrawerCompact();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [userNavOpen, setUserNavOpen] = useState(false);
  const [currencyNavOpen, setCurrencyNavOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Everything closes when the page changes or the viewport crosses the breakpoint.
  const [seen, setSeen] = useState({ pathname, isDesktop });
  if (seen.pathname !== pathname || seen.isDesktop !== isDesktop) {
    setSeen({ pathname, isDesktop });
    setDrawerOpen(false);
    setUserNavOpen(false);
    setCurrencyNavOpen(false);
  }

  const overlay = !isDesktop;
  useBodyScrollLock(userNavOpen || (overlay && drawerOpen));

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const onUserNavChange = useCallback((open: boolean) => {
    setUserNavOpen(open);
    if (open) {
      setCurrencyNavOpen(false);
      setDrawerOpen(false);
    }
  }, []);
  const onCurrencyNavChange = useCallback((open: boolean) => {
    setCurrencyNavOpen(open);
    if (open) {
      setUserNavOpen(false);
      setDrawerOpen(false);
    }
  }, []);
  const onMenu = () => {
    setUserNavOpen(false);
    setCurrencyNavOpen(false);
    if (overlay) setDrawerOpen((open) => !open);
    else setCompact(!compact);
  };

  return (
    <LayoutKindContext.Provider value="default">
      <div className={cx("shell", compact && "shell--compact", restored && "shell--ready")}>
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {t("layout.skipLink", "Skip to content")}
        </a>
        <Header
          menuButtonRef={menuButtonRef}
          drawerExpanded={overlay ? drawerOpen : !compact}
          onMenu={onMenu}
          userNavOpen={userNavOpen}
          onUserNavChange={onUserNavChange}
          currencyNavOpen={currencyNavOpen}
          onCurrencyNavChange={onCurrencyNavChange}
        />
        <Drawer
          overlay={overlay}
          open={drawerOpen}
          onClose={closeDrawer}
          compact={compact}
          onCompactChange={setCompact}
          menuButtonRef={menuButtonRef}
        />
        <div className="shell__body">
          <main id={MAIN_ID} className="shell__main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
    </LayoutKindContext.Provider>
  );
}
