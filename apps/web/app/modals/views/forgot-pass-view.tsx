import { type FormEvent, useState } from "react";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { FormNotice } from "./form-notice";
import { TextField } from "./text-field";

/** Forgot-password frame: e-mail and submit; the reset request arrives with accounts. */
export default function ForgotPassView({ close }: ModalViewProps) {
  const { t } = useSite();
  const modals = useModals();
  const [notice, setNotice] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(t("modals.forgot-pass.notAvailable", "Password recovery is not available yet."));
  };
  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      <p className="modal-text">
        {t(
          "modals.forgot-pass.text",
          "Enter the e-mail of your account and we will send you a link to reset your password.",
        )}
      </p>
      <TextField
        label={t("modals.forgot-pass.emailLabel", "E-mail")}
        name="email"
        type="email"
        autoComplete="email"
      />
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <button type="submit" className="modal-button">
          {t("modals.forgot-pass.submit", "Send reset link")}
        </button>
        <button
          type="button"
          className="modal-button modal-button--link"
          onClick={() => {
            close();
            if (!modals.stack.includes("sign-in")) modals.open("sign-in");
          }}
        >
          {t("modals.forgot-pass.back", "Back to sign in")}
        </button>
      </div>
    </form>
  );
}
