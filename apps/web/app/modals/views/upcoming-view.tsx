import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/** The honest placeholder of a modal whose feature arrives in a later issue. */
export default function UpcomingView({ modalKey, close }: ModalViewProps) {
  const { t } = useSite();
  return (
    <div className="modal-form" data-view="upcoming">
      <p className="modal-text">
        {t(
          `modals.${modalKey}.text`,
          t("modals.common.notAvailable", "This feature is not available yet."),
        )}
      </p>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
