import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** Opened by the verify/{confirmCode} page once the e-mail is confirmed. */
export default function ProfileConfirmedView({ close }: ModalViewProps) {
  const { t } = useSite();
  return (
    <div className="modal-form">
      <p className="modal-text" role="status">
        {t("modals.profile-confirmed.text", "Thank you: your e-mail address is confirmed.")}
      </p>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
