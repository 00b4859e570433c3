import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  BONUS_ERRORS,
  BONUS_KEY,
  type BonusTarget,
  changeBonus,
  type PlayerBonus,
  parseTarget,
  playerBonusesQuery,
  targetValue,
} from "../../features/bonus/bonus-api";
import { ApiError } from "../../lib/api/api-error";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { FormNotice } from "./form-notice";

const QUESTIONS: Record<string, string> = {
  "change-active-bonus":
    "Activate this bonus instead of your active one? The active bonus is canceled and its bonus money removed.",
  "cancel-active-bonus": "Cancel your active bonus? Its bonus money will be lost.",
  "cancel-issued-bonus": "Cancel this bonus? You will not be able to activate it later.",
};

const CONFIRMS: Record<string, string> = {
  "change-active-bonus": "Activate this bonus",
  "cancel-active-bonus": "Cancel the bonus",
  "cancel-issued-bonus": "Cancel the bonus",
};

/**
 * One confirm-action view for change-active-bonus, cancel-active-bonus, cancel-issued-bonus
 * (MD-09). The value names the bonus or free spin ("bonus:12", "freespin:3"). Cancel: PUT
 * .../cancel (BN-04, BN-05); open rounds (16003) open cancel-unsettled-bonus, a lock (16004)
 * bonus-cancel-lock. Change: the active bonus of the currency is canceled, then this one activated.
 */
export default function ConfirmActionView({ modalKey, value, close }: ModalViewProps) {
  const { t } = useSite();
  const modals = useModals();
  const client = useQueryClient();
  const target = parseTarget(value);
  const [notice, setNotice] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: async (item: BonusTarget) => {
      if (modalKey !== "change-active-bonus") return changeBonus(item, "cancel");
      const current = await client.fetchQuery({ ...playerBonusesQuery([1, 2]), staleTime: 0 });
      const wanted = current.find((bonus) => bonus.id === item.id);
      const active = current.filter(
        (bonus: PlayerBonus) =>
          bonus.status === 2 &&
          bonus.id !== item.id &&
          (!wanted || item.kind !== "bonus" || bonus.currency === wanted.currency),
      );
      for (const bonus of active) await changeBonus({ kind: "bonus", id: bonus.id }, "cancel");
      return changeBonus(item, "activate");
    },
    onMutate: () => setNotice(null),
    onSuccess: () => close(),
    onError: (error: Error) => {
      if (error instanceof ApiError && error.code === BONUS_ERRORS.unsettledBets && target) {
        close();
        modals.open("cancel-unsettled-bonus", targetValue(target));
        return;
      }
      if (error instanceof ApiError && error.code === BONUS_ERRORS.cancelLocked && target) {
        close();
        modals.open("bonus-cancel-lock", targetValue(target));
        return;
      }
      setNotice(
        error instanceof ApiError
          ? error.message
          : t("modals.common.failed", "Something went wrong. Please try again."),
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: BONUS_KEY });
      void client.invalidateQueries({ queryKey: ["wallet", "accounts"] });
    },
  });
  return (
    <div className="modal-form" data-view="confirm-action">
      <p className="modal-text">{t(`modals.${modalKey}.text`, QUESTIONS[modalKey] ?? "")}</p>
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <button
          type="button"
          className="modal-button"
          disabled={!target || run.isPending}
          onClick={() => {
            if (target) run.mutate(target);
          }}
        >
          {t(`modals.${modalKey}.confirm`, CONFIRMS[modalKey] ?? "Confirm")}
        </button>
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.back", "Keep it")}
        </button>
      </div>
    </div>
  );
}
