import type { CSSProperties } from "react";
import { useSite } from "../../lib/site";

type Advantage = { icon?: unknown; label?: unknown };

/** The sign-in promo panel: titles, desktop and mobile backgrounds, optional advantages. */
export function SignInPromo() {
  const { t, content } = useSite();
  const promo = (content.modals["sign-in"] as { promo?: { advantages?: unknown } } | undefined)
    ?.promo;
  const advantages = Array.isArray(promo?.advantages) ? (promo.advantages as Advantage[]) : [];
  const desktop = t("modals.sign-in.promo.backgroundDesktop", "/images/promo/sign-in-desktop.svg");
  const mobile = t("modals.sign-in.promo.backgroundMobile", "/images/promo/sign-in-mobile.svg");
  const style = {
    "--promo-desktop": `url("${desktop}")`,
    "--promo-mobile": `url("${mobile}")`,
  } as CSSProperties;
  return (
    <div className="auth-promo" style={style}>
      <p className="auth-promo__title">{t("modals.sign-in.promo.title", "Welcome back")}</p>
      <p className="auth-promo__second">{t("modals.sign-in.promo.secondTitle", "")}</p>
      <p className="auth-promo__additional">{t("modals.sign-in.promo.additionalTitle", "")}</p>
      {advantages.length > 0 ? (
        <ul className="auth-promo__advantages">
          {advantages.map((item) =>
            typeof item.label === "string" ? (
              <li key={item.label}>
                {typeof item.icon === "string" ? <img src={item.icon} alt="" /> : null}
                <span>{item.label}</span>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
    </div>
  );
}
