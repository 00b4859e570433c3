import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

const TEXTS: Record<string, string> = {
  "geo-restricted-type": "Signing in and registration are not available in your country.",
  "geo-restricted-game": "This game is not available in your country.",
};

export default function GeoRestrictedView({ modalKey, close }: ModalViewProps) {
  const { t } = useSite();
  return (
    <div className="modal-form">
      <p className="modal-text">{t(`modals.${modalKey}.text`, TEXTS[modalKey] ?? "")}</p>
      <button type="button" className="modal-button" onClick={close}>
        {t("modals.common.ok", "OK")}
      </button>
    </div>
  );
}
