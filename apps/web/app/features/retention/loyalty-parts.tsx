// Loyalty pieces shared by the /loyalty page and the loyalty modals (spec §3 "Loyalty account",
// §4 "Loyalty"; LY-01, LY-02): the player's account with progress to the next level, the level
// ladder, and how points are earned.
import { useQuery } from "@tanstack/react-query";
import { useSite } from "../../lib/site";
import {
  type LoyaltyAccount,
  type LoyaltyEarnRule,
  loyaltyAccountQuery,
  loyaltyLevelsQuery,
} from "./retention-api";
import "./retention.css";

const P = "global-components.pages.loyalty";

/** Share of the way from the current level's threshold to the next one, 0..1. */
export function levelShare(account: LoyaltyAccount): number {
  const from = account.currentLevel?.points ?? 0;
  const to = account.nextLevel?.points;
  if (to === undefined || to <= from) return 1;
  return Math.min(1, Math.max(0, (account.points - from) / (to - from)));
}

export function useLoyaltyAccount() {
  const { session, settings } = useSite();
  return useQuery({
    ...loyaltyAccountQuery,
    enabled: session.isLoggedIn && settings.loyalty.enabled,
  });
}

export function AccountSummary({ account }: { account: LoyaltyAccount }) {
  const { t } = useSite();
  const next = account.nextLevel;
  return (
    <section className="loyalty-account" aria-label={t(`${P}.account`, "Your loyalty account")}>
      <p className="loyalty-account__level">
        {t(`${P}.level`, "Level {order}: {name}", {
          order: account.currentLevel?.order ?? 0,
          name: account.currentLevel?.name ?? "—",
        })}
      </p>
      <p className="loyalty-account__points" data-testid="loyalty-points">
        {t(`${P}.points`, "{points} points", { points: account.points })}
      </p>
      {next ? (
        <>
          <progress
            className="loyalty-account__bar"
            max={1}
            value={levelShare(account)}
            aria-label={t(`${P}.toNext`, "{points} of {needed} points to {name}", {
              points: account.points,
              needed: next.points,
              name: next.name,
            })}
          />
          <p className="loyalty-account__next">
            {t(`${P}.next`, "{left} points to {name}", {
              left: Math.max(0, next.points - account.points),
              name: next.name,
            })}
          </p>
        </>
      ) : (
        <p className="loyalty-account__next">{t(`${P}.top`, "You are at the top level.")}</p>
      )}
    </section>
  );
}

export function LevelLadder({ currentOrder }: { currentOrder: number | null }) {
  const { t } = useSite();
  const levels = useQuery(loyaltyLevelsQuery);
  if (levels.isPending) return <p className="modal-text">{t(`${P}.loading`, "Loading levels…")}</p>;
  return (
    <table className="loyalty-levels">
      <caption>{t(`${P}.levels`, "Levels")}</caption>
      <thead>
        <tr>
          <th scope="col">{t(`${P}.order`, "Level")}</th>
          <th scope="col">{t(`${P}.name`, "Name")}</th>
          <th scope="col">{t(`${P}.threshold`, "Points needed")}</th>
        </tr>
      </thead>
      <tbody>
        {(levels.data?.data ?? []).map((level) => (
          <tr key={level.id} aria-current={level.order === currentOrder ? "true" : undefined}>
            <td>{level.order}</td>
            <td>
              <strong>{level.name}</strong>
              {level.description ? (
                <span className="loyalty-levels__text">{level.description}</span>
              ) : null}
            </td>
            <td>{level.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ruleText(t: ReturnType<typeof useSite>["t"], rule: LoyaltyEarnRule): string {
  const scope = [rule.gameType, rule.provider].filter(Boolean).join(", ");
  return t(`${P}.rule`, "{points} point per {wager} {currency} wagered{scope}", {
    points: rule.points,
    wager: rule.wager,
    currency: rule.currency,
    scope: scope ? ` (${scope})` : "",
  });
}

export function EarnRules() {
  const { t } = useSite();
  const levels = useQuery(loyaltyLevelsQuery);
  const rules = levels.data?.meta.earnRules ?? [];
  return (
    <div className="loyalty-earn">
      <p className="modal-text">
        {t(
          `${P}.earnIntro`,
          "Every settled bet earns points by the amount wagered; quests add more. Levels never go down.",
        )}
      </p>
      <ul className="loyalty-earn__list">
        {rules.map((rule) => (
          <li key={`${rule.currency}-${rule.provider}-${rule.gameType}`}>{ruleText(t, rule)}</li>
        ))}
      </ul>
    </div>
  );
}
