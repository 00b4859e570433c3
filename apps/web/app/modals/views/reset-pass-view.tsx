import { type FormEvent, useState } from "react";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { FormNotice } from "./form-notice";
import { TextField } from "./text-field";

/** Reset-password frame (opened by /password-reset/{resetCode}); the API call comes with accounts. */
export default function ResetPassView(_props: ModalViewProps) {
  const { t } = useSite();
  const [notice, setNotice] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(t("modals.reset-pass.notAvailable", "Changing the password is not available yet."));
  };
  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      <TextField
        label={t("modals.reset-pass.passwordLabel", "New password")}
        name="password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        label={t("modals.reset-pass.confirmationLabel", "Repeat new password")}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
      />
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <button type="submit" className="modal-button">
          {t("modals.reset-pass.submit", "Change password")}
        </button>
      </div>
    </form>
  );
}
