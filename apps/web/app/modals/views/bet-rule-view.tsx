import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/**
 * max-bets (value: "amount currency" of the active bonus's maximum bet) and restricted-bets: a
 * realtime event said a bet broke the active bonus's rules (GM-12).
 */
export default function BetRuleView({ modalKey, value, close }: ModalViewProps) {
  const { t } = useSite();
  const [amount = "", currency = ""] = (value ?? "").split(" ");
  const text =
    modalKey === "max-bets"
      ? t(
          "modals.max-bets.text",
          "While your bonus is active, a bet may be at most {amount} {currency}.",
          { amount, currency },
        )
      : t("modals.restricted-bets.text", "Your active bonus does not allow this bet.");
  return (
    <div className="modal-form">
      <p className="modal-text">{text}</p>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
