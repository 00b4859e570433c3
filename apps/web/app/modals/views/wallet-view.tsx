import { useCallback, useEffect, useRef } from "react";
import type { WalletFinish } from "../../features/wallet/deposit-form";
import { WalletModal, type WalletTab } from "../../features/wallet/wallet-modal";
import {
  closeQuietly,
  isDepositOnly,
  markDepositOnly,
  takeDepositEntered,
  takeQuietClose,
} from "../../features/wallet/wallet-store";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/**
 * The wallet modal (spec §2): deposit / withdraw reflected in `?wallet=`. Closing it in deposit
 * mode asks for confirmation with the cancel-deposit modal (WL-29) once the player entered
 * something in the deposit form, unless the wallet closed itself on purpose (a payment window or
 * a result modal took over).
 */
export default function WalletView({ value }: ModalViewProps) {
  const modals = useModals();
  const { session } = useSite();
  const tab: WalletTab = value === "withdraw" ? "withdraw" : "deposit";
  const depositOnly = useRef(isDepositOnly()).current;
  const isOpen = modals.stack.includes("wallet");
  const wasOpen = useRef(isOpen);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const { open, close } = modals;

  useEffect(() => {
    if (wasOpen.current && !isOpen) {
      markDepositOnly(false);
      const quiet = takeQuietClose();
      const entered = takeDepositEntered();
      if (!quiet && entered && tabRef.current === "deposit" && session.isLoggedIn) {
        open("cancel-deposit");
      }
    }
    wasOpen.current = isOpen;
  }, [isOpen, open, session.isLoggedIn]);

  const finish = useCallback<WalletFinish>(
    (next) => {
      closeQuietly();
      close("wallet");
      if (next) open(next);
    },
    [close, open],
  );

  return (
    <WalletModal
      tab={tab}
      depositOnly={depositOnly && tab === "deposit"}
      onTabChange={(next) => open("wallet", next)}
      finish={finish}
    />
  );
}
