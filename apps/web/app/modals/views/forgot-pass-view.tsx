import { useState } from "react";
import { useForm } from "react-hook-form";
import { InputField, SubmitButton } from "../../forms/fields";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { apiRequest } from "../../lib/api/api-client";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { FormNotice } from "./form-notice";

type Values = { login: string };

/**
 * Forgot password (SI-29): POST /api/player/passwords/reset {login}. The answer is the same
 * whether the account exists or not, and so is the confirmation shown here.
 */
export default function ForgotPassView({ close }: ModalViewProps) {
  const { t, content } = useSite();
  const modals = useModals();
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: "onChange",
    resolver: rulesResolver<Values>(
      schemaFrom({ login: [{ rule: "required" }, { rule: "email" }] }),
      contentMessages(content),
    ),
    defaultValues: { login: "" },
  });
  const { errors, isValid, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ login }) => {
    setNotice(null);
    try {
      await apiRequest("/api/player/passwords/reset", {
        method: "POST",
        body: { login: login.trim() },
      });
      setSent(true);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 429 || status === undefined) {
        setNotice(
          (error as Error).message || t("alerts.somethingWrong.title", "Something went wrong"),
        );
      } else {
        // No account enumeration: every other answer reads the same.
        setSent(true);
      }
    }
  });

  const backToSignIn = () => {
    close();
    if (!modals.stack.includes("sign-in")) modals.open("sign-in");
  };

  if (sent) {
    return (
      <div className="modal-form">
        <p className="modal-text" role="status">
          {t(
            "modals.forgot-pass.sent",
            "If an account exists for this e-mail, we have sent a link to reset the password. Please check your e-mail.",
          )}
        </p>
        <button type="button" className="modal-button" onClick={backToSignIn}>
          {t("modals.forgot-pass.back", "Back to sign in")}
        </button>
      </div>
    );
  }

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      <p className="modal-text">
        {t(
          "modals.forgot-pass.text",
          "Enter the e-mail of your account and we will send you a link to reset your password.",
        )}
      </p>
      <InputField
        label={t("modals.forgot-pass.emailLabel", "E-mail")}
        type="email"
        autoComplete="email"
        required
        error={errors.login?.message}
        {...form.register("login")}
      />
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={!isValid}
          label={t("modals.forgot-pass.submit", "Send reset link")}
          busyText={t("modals.forgot-pass.submitting", "Sending…")}
        />
        <button type="button" className="modal-button modal-button--link" onClick={backToSignIn}>
          {t("modals.forgot-pass.back", "Back to sign in")}
        </button>
      </div>
    </form>
  );
}
