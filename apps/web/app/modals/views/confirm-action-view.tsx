import { useState } from "react";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { FormNotice } from "./form-notice";

const QUESTIONS: Record<string, string> = {
  "change-active-bonus": "Activate this bonus instead of your active one?",
  "cancel-active-bonus": "Cancel your active bonus? Its bonus money will be lost.",
  "cancel-issued-bonus": "Cancel this bonus? You will not be able to activate it later.",
};

/** One confirm-action view for change-active-bonus, cancel-active-bonus, cancel-issued-bonus (MD-09). */
export default function ConfirmActionView({ modalKey, close }: ModalViewProps) {
  const { t } = useSite();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="modal-form" data-view="confirm-action">
      <p className="modal-text">{t(`modals.${modalKey}.text`, QUESTIONS[modalKey] ?? "")}</p>
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <button
          type="button"
          className="modal-button"
          onClick={() =>
            setNotice(t("modals.common.notAvailable", "This feature is not available yet."))
          }
        >
          {t("modals.common.confirm", "Confirm")}
        </button>
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.cancel", "Cancel")}
        </button>
      </div>
    </div>
  );
}
