import { lazy, type ReactNode, Suspense, useId } from "react";
import { Link } from "react-router";
import { isBettingAvailable } from "../../lib/routing/route-filters";
import { useModals, useSite } from "../../lib/site";
import { LoyaltyArt, SportsArt, WelcomeArt } from "../art/banner-art";
import { CategoryIcon, categoryKind } from "../art/category-art";
import { ChatIcon, CoinsIcon, ShieldIcon, SlidersIcon } from "../art/icons";
import { useLayoutKind } from "../layout/layout-kind";
import { Badge } from "../ui/badge";
import { Button, ButtonLink } from "../ui/button";
import { cx } from "../ui/cx";

// Search, collection rails, winners and the lobby tiles (with their illustrations) load as their
// own chunk, out of the JavaScript every page loads first. The server renders them in place.
const HomeLobby = lazy(() => import("./home-lobby-part"));

/**
 * The home page: promo banners (welcome package; sportsbook when the betting provider is
 * configured; loyalty when enabled), the category strip and lobby tiles built from the game
 * collections, and a responsible-gambling and trust strip. In the geo-restricted layout it
 * shows no sign-up or wallet calls to action.
 */
export function HomePage() {
  const { t } = useSite();
  const restricted = useLayoutKind() === "geo-restricted";
  return (
    <div className="home page">
      <h1 className="visually-hidden">
        {t("layout.home.title", "Nebula Casino: casino games and sports betting")}
      </h1>
      {restricted ? null : <PromoBanners />}
      {restricted ? null : <CategoryStrip />}
      {restricted ? null : (
        <Suspense fallback={<div className="game-rails" aria-busy="true" />}>
          <HomeLobby />
        </Suspense>
      )}
      <TrustStrip />
    </div>
  );
}

function PromoBanners() {
  const { t, href, settings, session } = useSite();
  const modals = useModals();
  const betting = isBettingAvailable(settings);
  const banners: ReactNode[] = [
    <Promo
      key="welcome"
      tone="welcome"
      badge={t("layout.home.welcome.badge", "Welcome package")}
      title={t("layout.home.welcome.title", "Your welcome package is waiting")}
      text={t(
        "layout.home.welcome.text",
        "Open an account, make your first deposit and choose the bonus that suits you.",
      )}
      art={<WelcomeArt />}
      actions={
        <>
          {session.isLoggedIn ? (
            <Button size="lg" onClick={() => modals.open("wallet", "deposit")}>
              {t("layout.home.welcome.ctaPlayer", "Choose your bonus")}
            </Button>
          ) : (
            <Button size="lg" onClick={() => modals.open("sign-up")}>
              {t("layout.home.welcome.cta", "Create account")}
            </Button>
          )}
          <ButtonLink variant="ghost" size="lg" to={href("/welcome-package")}>
            {t("layout.home.welcome.more", "Learn more")}
          </ButtonLink>
        </>
      }
    />,
  ];
  if (betting) {
    banners.push(
      <Promo
        key="sports"
        tone="sports"
        badge={t("layout.home.sports.badge", "Sportsbook")}
        title={t("layout.home.sports.title", "Bet on the game, live")}
        text={t(
          "layout.home.sports.text",
          "Pre-match and in-play markets, paid from the same wallet as your casino play.",
        )}
        art={<SportsArt />}
        actions={
          <ButtonLink size="lg" variant="secondary" to={href("/betting")}>
            {t("layout.home.sports.cta", "Open sportsbook")}
          </ButtonLink>
        }
      />,
    );
  }
  if (settings.loyalty.enabled) {
    banners.push(
      <Promo
        key="loyalty"
        tone="loyalty"
        badge={t("layout.home.loyalty.badge", "Loyalty")}
        title={t("layout.home.loyalty.title", "Climb the levels")}
        text={t(
          "layout.home.loyalty.text",
          "Every real-money bet earns points towards the next level and its rewards.",
        )}
        art={<LoyaltyArt />}
        actions={
          <ButtonLink size="lg" variant="gold" to={href("/loyalty")}>
            {t("layout.home.loyalty.cta", "Discover loyalty")}
          </ButtonLink>
        }
      />,
    );
  }
  return (
    <section
      className={cx("promos", `promos--${banners.length}`)}
      aria-label={t("layout.home.promotionsLabel", "Promotions")}
    >
      {banners}
    </section>
  );
}

function Promo({
  tone,
  badge,
  title,
  text,
  art,
  actions,
}: {
  tone: "welcome" | "sports" | "loyalty";
  badge: string;
  title: string;
  text: string;
  art: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  return (
    <article className={cx("promo", `promo--${tone}`)} aria-labelledby={titleId}>
      <div className="promo__body">
        <Badge tone={tone === "loyalty" ? "gold" : "brand"}>{badge}</Badge>
        <h2 id={titleId} className="promo__title">
          {title}
        </h2>
        <p className="promo__text">{text}</p>
        <div className="promo__actions">{actions}</div>
      </div>
      <div className="promo__art">{art}</div>
    </article>
  );
}

function CategoryStrip() {
  const { t, href, collections } = useSite();
  if (collections.length === 0) return null;
  return (
    <nav
      className="category-strip"
      aria-label={t("layout.home.categoriesLabel", "Game categories")}
    >
      <ul className="category-strip__list">
        {collections.map((c) => (
          <li key={c.id}>
            <Link className="chip" to={href(`/categories/${c.slug}`)}>
              <CategoryIcon kind={categoryKind(c.slug, c.name)} size={18} />
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TrustStrip() {
  const { t, href } = useSite();
  const items = [
    {
      id: "limits",
      icon: <SlidersIcon size={22} />,
      title: t("layout.home.trust.limits.title", "Limits you control"),
      text: t(
        "layout.home.trust.limits.text",
        "Deposit and game limits, cooling-off and self-exclusion.",
      ),
      to: "/static/responsible-gambling",
    },
    {
      id: "payments",
      icon: <CoinsIcon size={22} />,
      title: t("layout.home.trust.payments.title", "Fiat and crypto"),
      text: t(
        "layout.home.trust.payments.text",
        "One account with a wallet for each currency you play in.",
      ),
    },
    {
      id: "account",
      icon: <ShieldIcon size={22} />,
      title: t("layout.home.trust.account.title", "Your account, protected"),
      text: t(
        "layout.home.trust.account.text",
        "Identity verification and a list of your active sessions you can end at any time.",
      ),
    },
    {
      id: "support",
      icon: <ChatIcon size={22} />,
      title: t("layout.home.trust.support.title", "Help when you need it"),
      text: t(
        "layout.home.trust.support.text",
        "Answers to common questions and a team to contact.",
      ),
      to: "/contact",
    },
  ];
  return (
    <section className="trust" aria-label={t("layout.home.trust.label", "Why play with us")}>
      <ul className="trust__list">
        {items.map((item) => (
          <li key={item.id} className="trust__item">
            <span className="trust__icon">{item.icon}</span>
            <div>
              <p className="trust__title">
                {item.to ? <Link to={href(item.to)}>{item.title}</Link> : item.title}
              </p>
              <p className="trust__text">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="trust__age">
        <span className="trust__age-mark" aria-hidden="true">
          18+
        </span>
        {t(
          "layout.home.trust.age",
          "Only for players aged 18 and over. Gambling can be addictive: please play responsibly.",
        )}
      </p>
    </section>
  );
}
