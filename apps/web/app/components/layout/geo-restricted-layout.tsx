import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { ChatIcon, HelpIcon, InfoIcon } from "../art/icons";
import { Logo } from "../art/logo";
import { countryName } from "./content";
import { Footer } from "./footer";
import { MAIN_ID } from "./hooks";
import { LanguageSwitcher } from "./language-switcher";
import { LayoutKindContext } from "./layout-kind";

/**
 * The layout for a request country flagged restrict with restrictType 1 (spec §2, GEO-01):
 * brand header without sign-in, sign-up or wallet, a clear notice that the service is not
 * offered in the visitor's country, the page itself (content pages stay readable) and the
 * footer with its help and legal links.
 */
export function GeoRestrictedLayout({ children }: { children: ReactNode }) {
  const site = useSite();
  const { t, href, locale, country } = site;
  const titleId = useId();
  const name = countryName(locale, country);
  const text = name
    ? t(
        "layout.geo.text",
        "Our games and betting are not available in your country ({country}). You can still read our pages and get in touch with us.",
        { country: name },
      )
    : t(
        "layout.geo.textUnknown",
        "Our games and betting are not offered in your country. You can still read our pages and get in touch with us.",
      );

  return (
    <LayoutKindContext.Provider value="geo-restricted">
      <div className="shell shell--restricted">
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {t("layout.skipLink", "Skip to content")}
        </a>
        <header className="site-header">
          <div className="site-header__inner">
            <Link to={href("/")} className="site-header__brand">
              <Logo name={t("layout.brand.name", "Nebula Casino")} />
            </Link>
            <div className="site-header__actions">
              <LanguageSwitcher placement="header" />
            </div>
          </div>
        </header>
        <div className="shell__body">
          <main id={MAIN_ID} className="shell__main" tabIndex={-1}>
            <section className="geo-notice" aria-labelledby={titleId}>
              <span className="geo-notice__icon" aria-hidden="true">
                <InfoIcon size={28} />
              </span>
              <div className="geo-notice__body">
                <h2 id={titleId} className="geo-notice__title">
                  {t("layout.geo.title", "Not available in your country")}
                </h2>
                <p>{text}</p>
                <ul className="geo-notice__links">
                  <li>
                    <Link to={href("/contact")}>
                      <ChatIcon size={18} />
                      {t("layout.drawer.contact", "Contact")}
                    </Link>
                  </li>
                  <li>
                    <Link to={href("/questions")}>
                      <HelpIcon size={18} />
                      {t("layout.drawer.questions", "Questions")}
                    </Link>
                  </li>
                </ul>
              </div>
            </section>
            {children}
          </main>
          <Footer />
        </div>
      </div>
    </LayoutKindContext.Provider>
  );
}
