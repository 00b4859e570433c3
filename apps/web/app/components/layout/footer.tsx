import { useId } from "react";
import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { AgeMark } from "../art/age-mark";
import { ShieldIcon } from "../art/icons";
import { Logo } from "../art/logo";
import { isPaymentMarkKind, PaymentMark } from "../art/payment-marks";
import { layoutList, layoutOptionalText } from "./content";
import { LanguageSwitcher } from "./language-switcher";

const DEFAULT_MARKS = ["visa", "mastercard", "bank", "bitcoin", "ethereum", "tether", "litecoin"];
const DEFAULT_HELP = ["GamCare", "Gambling Therapy", "Gamblers Anonymous", "BeGambleAware"];

export function Footer() {
  const site = useSite();
  const { t, href } = site;
  const rgTitleId = useId();
  const paymentsTitleId = useId();
  const brand = t("layout.brand.name", "Nebula Casino");
  const operator = t("layout.footer.operator", brand);
  const licence = layoutOptionalText(site, "footer.licence");
  const marks = layoutList(site, "footer.paymentMarks", DEFAULT_MARKS).filter(isPaymentMarkKind);
  const helpOrganisations = layoutList(site, "footer.rg.helpOrganisations", DEFAULT_HELP);

  const columns = [
    {
      id: "casino",
      title: t("layout.footer.columns.casino", "Casino"),
      links: [
        { to: "/categories", label: t("layout.footer.games", "Games") },
        { to: "/providers", label: t("layout.drawer.providers", "Providers") },
        { to: "/tournaments", label: t("layout.drawer.tournaments", "Tournaments") },
        { to: "/welcome-package", label: t("layout.drawer.promotions", "Welcome package") },
      ],
    },
    {
      id: "help",
      title: t("layout.footer.columns.help", "Help"),
      links: [
        { to: "/questions", label: t("layout.drawer.questions", "Questions") },
        { to: "/contact", label: t("layout.drawer.contact", "Contact") },
        { to: "/static/about", label: t("layout.footer.about", "About us") },
      ],
    },
    {
      id: "legal",
      title: t("layout.footer.columns.legal", "Legal"),
      links: [
        { to: "/static/terms", label: t("layout.footer.terms", "Terms and conditions") },
        { to: "/static/privacy", label: t("layout.footer.privacy", "Privacy policy") },
        {
          to: "/static/responsible-gambling",
          label: t("layout.footer.responsibleGambling", "Responsible gambling"),
        },
      ],
    },
  ];

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Logo name={brand} />
            <p className="site-footer__tagline">
              {t(
                "layout.brand.tagline",
                "Casino games and sports betting, with one wallet for fiat and crypto.",
              )}
            </p>
            <LanguageSwitcher placement="footer" />
          </div>
          <nav className="site-footer__nav" aria-label={t("layout.footer.navLabel", "Footer")}>
            {columns.map((c) => (
              <div key={c.id} className="site-footer__column">
                <h2 className="site-footer__heading">{c.title}</h2>
                <ul>
                  {c.links.map((l) => (
                    <li key={l.to}>
                      <Link to={href(l.to)}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <section className="rg-panel" aria-labelledby={rgTitleId}>
          <AgeMark label={t("layout.footer.rg.ageLabel", "Adults only, 18+")} />
          <div className="rg-panel__body">
            <h2 id={rgTitleId} className="rg-panel__title">
              {t("layout.footer.rg.title", "Play responsibly")}
            </h2>
            <p>
              {t(
                "layout.footer.rg.text",
                "Gambling is for adults only and can be addictive. Set limits, take breaks, and ask for help if it stops being fun.",
              )}
            </p>
            <p className="rg-panel__help">
              <span>{t("layout.footer.rg.helpTitle", "Independent help:")}</span>{" "}
              {helpOrganisations.join(" · ")}
            </p>
          </div>
          {/* The tools themselves (limits, breaks, self-exclusion); the legal column links the
              policy page, so the footer never links one page twice. */}
          <Link className="rg-panel__link" to={href("/profile/limits")}>
            <ShieldIcon size={18} />
            {t("layout.footer.rg.more", "Responsible gambling tools")}
          </Link>
        </section>

        {marks.length > 0 ? (
          <section className="site-footer__payments" aria-labelledby={paymentsTitleId}>
            <h2 id={paymentsTitleId} className="site-footer__heading">
              {t("layout.footer.paymentsTitle", "Payment methods")}
            </h2>
            <ul className="payment-marks">
              {marks.map((kind) => (
                <li key={kind}>
                  <PaymentMark kind={kind} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="site-footer__legal">
          <p>
            {t("layout.footer.copyright", "© {year} {operator}. All rights reserved.", {
              year: new Date().getFullYear(),
              operator,
            })}
          </p>
          {licence ? <p>{licence}</p> : null}
        </div>
      </div>
    </footer>
  );
}
