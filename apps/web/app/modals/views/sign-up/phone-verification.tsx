import { type ClipboardEvent, type FormEvent, useEffect, useId, useState } from "react";
import {
  CODE_LENGTH,
  completedCode,
  pastedCode,
  RESEND_SECONDS,
  typedCode,
} from "../../../forms/code-input-rules";
import { FieldError, SubmitButton } from "../../../forms/fields";
import { useSite } from "../../../lib/site";

export type ResendResult = "sent" | "limit" | { error: string };

/**
 * The phone verification step (spec §4 "Phone verification", PV-01..PV-10): a 6-digit code
 * input (digits only; a paste only when all digits; an incomplete code cannot be sent), a 60 s
 * resend countdown announced politely that restarts after each resend, the resend button at 0,
 * verify (disabled while the code is incomplete, an error shows or a request runs) and back.
 */
export function PhoneVerification({
  phone,
  initialSeconds = RESEND_SECONDS,
  onBack,
  onVerify,
  onResend,
}: {
  phone: string;
  /** Seconds left of the countdown (60 for a code just sent). */
  initialSeconds?: number;
  onBack: () => void;
  /** Resolves with an error text to show, or null when done. */
  onVerify: (code: string) => Promise<string | null>;
  onResend: () => Promise<ResendResult>;
}) {
  const { t } = useSite();
  const id = useId();
  const [digits, setDigits] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [seconds, setSeconds] = useState(initialSeconds);
  const [limitReached, setLimitReached] = useState(false);
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  const code = completedCode(digits);
  const edit = (next: string) => {
    setDigits(next);
    setError(null); // PV-09
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = pastedCode(event.clipboardData.getData("text"));
    if (pasted !== null) edit(pasted);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || error || loading) return;
    setLoading(true);
    const result = await onVerify(code);
    setLoading(false);
    if (result) setError(result);
  };
  const resend = async () => {
    setResending(true);
    const result = await onResend();
    setResending(false);
    if (result === "sent") {
      setSeconds(RESEND_SECONDS); // PV-02
      setError(null);
    } else if (result === "limit") {
      setLimitReached(true);
      setError(
        t(
          "modals.validationMessages.resendLimit",
          "You asked for too many codes. Please try again later.",
        ),
      );
    } else {
      setError(result.error);
    }
  };

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      <p className="modal-text">
        {t("modals.sign-up.verification.text", "We sent a 6-digit code to {phone}.", { phone })}
      </p>
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor={id}>
          {t("modals.sign-up.verification.codeLabel", "Verification code")}
        </label>
        <input
          id={id}
          className="modal-form__input form-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          value={digits}
          onChange={(event) => edit(typedCode(event.target.value))}
          onPaste={onPaste}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <p className="modal-text" aria-live="polite">
        {limitReached
          ? ""
          : seconds > 0
            ? t(
                "modals.sign-up.verification.countdown",
                "You can ask for a new code in {seconds} s.",
                {
                  seconds,
                },
              )
            : t("modals.sign-up.verification.canResend", "Did not get the code?")}
      </p>
      {seconds <= 0 && !limitReached ? (
        <button
          type="button"
          className="modal-button modal-button--link"
          onClick={resend}
          disabled={resending}
          aria-busy={resending || undefined}
        >
          {t("modals.sign-up.verification.resend", "Send a new code")}
        </button>
      ) : null}
      <div className="modal-form__actions">
        <SubmitButton
          busy={loading}
          disabled={!code || Boolean(error)}
          label={t("modals.sign-up.verification.verify", "Verify")}
          busyText={t("modals.sign-up.verification.verifying", "Checking the code…")}
        />
        <button type="button" className="modal-button modal-button--secondary" onClick={onBack}>
          {t("modals.sign-up.verification.back", "Back")}
        </button>
      </div>
    </form>
  );
}
