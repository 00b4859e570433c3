// /welcome-package: the welcome package over the first deposits (spec §1 "welcome package"; the
// package of GET /api/game/bonuses, which offers a package's next step only). A player sees the
// steps, the one their next deposit gets (with its conditions) and the steps already taken; a
// guest sees the intro, sign-up and the bonus content page.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useModals, useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { EmptyState } from "../page/empty-state";
import { accountsQuery } from "../wallet/wallet-api";
import { depositBonusesQuery } from "./bonus-api";
import { bonusFacts } from "./bonus-modals";
import "../../modals/modal.css";
import "./bonus.css";

export const WELCOME_TEXT = "global-components.pages.welcome-package";

export function WelcomePackage() {
  const { t, session, href } = useSite();
  const modals = useModals();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`${WELCOME_TEXT}.${key}`, fallback, vars);
  const intro = (
    <p className="modal-text">
      {text(
        "intro",
        "New players get a bonus with each of their first deposits. Choose it in the wallet when you deposit.",
      )}{" "}
      <Link to={href("/bonus/welcome")}>{text("conditions", "Bonus conditions")}</Link>
    </p>
  );
  if (!session.isLoggedIn) {
    return (
      <div className="profile-sections">
        <section className="profile-card">
          {intro}
          <button type="button" className="page-button" onClick={() => modals.open("sign-up")}>
            {text("signUp", "Sign up and claim it")}
          </button>
        </section>
      </div>
    );
  }
  return (
    <div className="profile-sections">
      <section className="profile-card">{intro}</section>
      <PackageSteps />
    </div>
  );
}

function PackageSteps() {
  const { t } = useSite();
  const money = useMoney();
  const modals = useModals();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`${WELCOME_TEXT}.${key}`, fallback, vars);
  const accounts = useQuery(accountsQuery);
  const currency = accounts.data?.find((account) => account.status === 1)?.currency ?? "";
  const bonuses = useQuery({ ...depositBonusesQuery(currency, ""), enabled: currency !== "" });
  if (bonuses.isPending) return <p role="status">{text("loading", "Loading…")}</p>;
  const offered = (bonuses.data ?? []).find((bonus) => bonus.package !== null) ?? null;
  if (!offered?.package) {
    return (
      <section className="profile-card">
        <EmptyState
          text={text(
            "noPackage",
            "The welcome package is not available to you (already taken, or not offered in your currency).",
          )}
        />
      </section>
    );
  }
  const current = offered.package.packageItems.find((item) => item.bonusId === offered.id);
  const steps = [...offered.package.packageItems].sort((a, b) => a.position - b.position);
  return (
    <section className="profile-card" aria-labelledby="welcome-package-title">
      <h2 id="welcome-package-title" className="profile-card__title">
        {offered.package.name}
      </h2>
      <ol className="welcome-steps">
        {steps.map((step) => {
          const state =
            step.bonusId === offered.id
              ? "next"
              : current && step.position < current.position
                ? "taken"
                : "later";
          return (
            <li
              key={step.bonusId}
              className="bonus-card"
              aria-current={state === "next" ? "step" : undefined}
            >
              <div className="bonus-card__head">
                <h3 className="bonus-card__name">
                  {text("step", "Deposit {position}: {name}", {
                    position: step.position,
                    name: step.name,
                  })}
                </h3>
                <span>
                  {state === "next"
                    ? text("next", "Your next deposit")
                    : state === "taken"
                      ? text("taken", "Taken")
                      : text("later", "Later")}
                </span>
              </div>
              {state === "next" ? (
                <>
                  <p className="modal-text">{offered.description}</p>
                  <dl className="bonus-facts">
                    {bonusFacts(offered, currency, text, money).map(([name, value]) => (
                      <div key={name} className="bonus-facts__row">
                        <dt>{name}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <button
                    type="button"
                    className="page-button"
                    onClick={() => modals.open("wallet", "deposit")}
                  >
                    {text("deposit", "Deposit now")}
                  </button>
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
