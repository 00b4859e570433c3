// game-limit-reached (MD-06; issue 6): a bet was refused because a bet or loss limit is used up
// (13110) or a cooling-off / self-exclusion is on (13111). Opened from the game-bets channel's
// game.bet.limit.reached event with the event as its value: what stopped play, the limit and
// its use (in the wallet's display units), when play opens again, and the way to the limits page.
import { GameBetLimitReachedEvent } from "@casino/contract/game";
import { Link } from "react-router";
import { useLimitTexts } from "../../features/limits/use-limit-texts";
import { displayMoney } from "../../features/wallet/wallet-rules";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** English fallbacks of modals.game-limit-reached.periods.<period> (the limit's own period). */
const PERIODS: Record<string, string> = { daily: "daily", weekly: "weekly", monthly: "monthly" };

function parse(value: string | undefined): GameBetLimitReachedEvent | null {
  if (!value) return null;
  try {
    const parsed = GameBetLimitReachedEvent.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export default function GameLimitReachedView({ value, close }: ModalViewProps) {
  const { t, href, locale } = useSite();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`modals.game-limit-reached.${key}`, fallback, vars);
  const event = parse(value);
  const limit = event?.limit;
  // Amounts in the wallet's display units, as on the limits page ("1.50000 mBTC").
  const { byCode, choice } = useLimitTexts();
  const code = limit?.currency ?? "";
  const shown = (amount: string) => displayMoney(amount, byCode(code), code, choice);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  const kind =
    limit?.definition === 1
      ? text("bet", "bet limit")
      : limit?.definition === 2
        ? text("loss", "loss limit")
        : limit?.definition === 4
          ? text("selfExclusion", "self-exclusion")
          : limit?.definition === 5
            ? text("coolingOff", "break")
            : text("limit", "limit");
  /** The period in the usage line, a content key per period ("täglich", "diário"). */
  const period = (value: string | null | undefined) =>
    value ? text(`periods.${value}`, PERIODS[value] ?? value) : "";

  return (
    <div className="modal-form">
      <p>
        {limit && (limit.definition === 4 || limit.definition === 5)
          ? text("blocked", "Play is paused during your {kind}.", { kind })
          : text("reached", "This bet would go past your {kind}.", { kind })}
      </p>
      {limit?.amount && limit.currency ? (
        <p>
          {text("usage", "{period} {kind}: {used} of {amount} {currency} used.", {
            period: period(limit.period),
            kind,
            used: shown(limit.currentAmount ?? "0").value,
            amount: shown(limit.amount).value,
            currency: shown(limit.amount).code,
          })}
        </p>
      ) : null}
      <p>
        {limit?.until
          ? text("until", "You can play again from {date}.", { date: when(limit.until) })
          : limit && limit.definition === 4
            ? text("indefinite", "Your self-exclusion has no end date.")
            : null}
      </p>
      <div className="modal-actions">
        <Link className="modal-button" to={href("/profile/limits")} onClick={close}>
          {text("limits", "View my limits")}
        </Link>
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {text("close", "Close")}
        </button>
      </div>
    </div>
  );
}
