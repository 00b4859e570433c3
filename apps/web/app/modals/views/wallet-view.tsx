import { Tabs } from "radix-ui";
import { useModals, useSite } from "../../lib/site";
import { WALLET_TABS } from "../modal-definitions";
import type { ModalViewProps } from "../modal-view-props";

/** Wallet frame: deposit / withdraw tabs reflected in `?wallet=`; the payment flows come later. */
export default function WalletView({ value }: ModalViewProps) {
  const { t } = useSite();
  const modals = useModals();
  const tab = value === "withdraw" ? "withdraw" : "deposit";
  return (
    <Tabs.Root value={tab} onValueChange={(next) => modals.open("wallet", next)}>
      <Tabs.List className="modal-tabs__list" aria-label={t("modals.wallet.tabsLabel", "Wallet")}>
        {WALLET_TABS.map((key) => (
          <Tabs.Trigger key={key} className="modal-tabs__trigger" value={key}>
            {key === "deposit"
              ? t("modals.wallet.deposit", "Deposit")
              : t("modals.wallet.withdraw", "Withdraw")}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="deposit">
        <p className="modal-text">
          {t("modals.wallet.depositUnavailable", "Deposits are not available yet.")}
        </p>
      </Tabs.Content>
      <Tabs.Content value="withdraw">
        <p className="modal-text">
          {t("modals.wallet.withdrawUnavailable", "Withdrawals are not available yet.")}
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
