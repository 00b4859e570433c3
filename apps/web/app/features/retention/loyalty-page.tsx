// The /loyalty page body (RT-14; hidden when loyalty is off, RT-29): the signed-in player's
// account (LY-01) with live points (retention-live.ts refreshes the cache), the level ladder
// (LY-02) and a button to the loyalty-earn modal.
import { useModals, useSite } from "../../lib/site";
import { AccountSummary, LevelLadder, useLoyaltyAccount } from "./loyalty-parts";
// The "How to earn points" button is a modal-button: its styles must come with the page, not
// only with the lazy modal chunks (a direct visit of /loyalty showed it unstyled).
import "../../modals/modal.css";

export function LoyaltyPageBody() {
  const { t, session } = useSite();
  const modals = useModals();
  const account = useLoyaltyAccount();
  return (
    <div className="loyalty-page">
      {session.isLoggedIn && account.data ? <AccountSummary account={account.data} /> : null}
      <button
        type="button"
        className="modal-button modal-button--secondary loyalty-page__earn"
        onClick={() => modals.open("loyalty-earn")}
      >
        {t("global-components.pages.loyalty.howToEarn", "How to earn points")}
      </button>
      <LevelLadder currentOrder={account.data?.currentLevel?.order ?? null} />
    </div>
  );
}
