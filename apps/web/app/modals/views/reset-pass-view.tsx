import { FIELD_RULE_DESCRIPTORS } from "@casino/validation/fields";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { InputField, SubmitButton } from "../../forms/fields";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { apiRequest } from "../../lib/api/api-client";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";
import { FormNotice } from "./form-notice";

type Values = { password: string; password_confirmation: string };
const FIELDS = ["password", "password_confirmation"] as const;

/**
 * Reset password (SI-30), opened by /password-reset/{resetCode} with the code as its value:
 * POST /api/player/passwords/confirm {resetCode, password, password_confirmation}.
 */
export default function ResetPassView({ value, close }: ModalViewProps) {
  const { t, content } = useSite();
  const modals = useModals();
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: "onChange",
    resolver: rulesResolver<Values>(
      schemaFrom({
        password: [{ rule: "required" }, ...FIELD_RULE_DESCRIPTORS.password],
        password_confirmation: FIELD_RULE_DESCRIPTORS.password_confirmation,
      }),
      contentMessages(content),
    ),
    defaultValues: { password: "", password_confirmation: "" },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const resetCode = value && value !== "true" ? value : "";

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await apiRequest("/api/player/passwords/confirm", {
        method: "POST",
        body: { resetCode, ...values },
      });
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest = applyFieldErrors(error, FIELDS, form.setError);
        if (rest.length > 0) setNotice(rest.join(" "));
      } else if (isApiError(error) && error.code === 11030) {
        setNotice(
          t(
            "modals.reset-pass.invalidCode",
            "This reset link is not valid any more. Please ask for a new one.",
          ),
        );
      } else {
        setNotice(
          (error as Error).message || t("alerts.somethingWrong.title", "Something went wrong"),
        );
      }
    }
  });

  if (done) {
    return (
      <div className="modal-form">
        <p className="modal-text" role="status">
          {t("modals.reset-pass.done", "Your password has been changed. You can sign in now.")}
        </p>
        <button
          type="button"
          className="modal-button"
          onClick={() => {
            close();
            modals.open("sign-in");
          }}
        >
          {t("modals.reset-pass.signIn", "Sign in")}
        </button>
      </div>
    );
  }

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      <InputField
        label={t("modals.reset-pass.passwordLabel", "New password")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...form.register("password", {
          onChange: () => {
            if (form.getValues("password_confirmation")) void form.trigger("password_confirmation");
          },
        })}
      />
      <InputField
        label={t("modals.reset-pass.confirmationLabel", "Repeat new password")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation?.message}
        {...form.register("password_confirmation")}
      />
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={!isValid || !resetCode}
          label={t("modals.reset-pass.submit", "Change password")}
          busyText={t("modals.reset-pass.submitting", "Saving…")}
        />
      </div>
    </form>
  );
}
