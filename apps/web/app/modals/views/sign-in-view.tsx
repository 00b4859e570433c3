import type { SessionTokens } from "@casino/contract/player";
import { signInSchemaDescriptors } from "@casino/validation/fields";
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { InputField, SubmitButton } from "../../forms/fields";
import { PhoneInput } from "../../forms/phone-input";
import { withPlus } from "../../forms/phone-rules";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { apiRequest } from "../../lib/api/api-client";
import { getFingerprint } from "../../lib/session/fingerprint";
import { completeSignIn } from "../../lib/session/post-login";
import { hasSocialEmailError, resetSocialEmailError } from "../../lib/session/social-flag";
import { useModals, useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { type AuthTab, authTabs } from "../auth-tabs";
import type { ModalViewProps } from "../modal-view-props";
import { AuthTabSwitch } from "./auth-tab-switch";
import { FormNotice } from "./form-notice";
import { SignInPromo } from "./sign-in-promo";
import { SocialButtons } from "./social-buttons";

type SignInValues = { login: string; password: string };
const FIELDS = ["login", "password"] as const;

/**
 * Sign-in (spec §2 "Sign-in modal", §4 "Sign-in", §5; SI-01..SI-22, ER-01..ER-03): e-mail /
 * phone tabs from settings.signIn.tabsDisplay, `login` and `password` checked with the sign-in
 * rules of packages/validation and the content messages `validationMessages.login`,
 * POST /api/player/sessions with the fingerprint, then the shared post-login handling.
 */
export default function SignInView({ close }: ModalViewProps) {
  const { settings } = useSite();
  const modals = useModals();
  const { tabs, initial } = authTabs(settings.signIn.tabsDisplay);
  const [tab, setTab] = useState<AuthTab>(initial);
  const emailFocused = useRef(false);
  // SI-18, SI-19: the social e-mail error shows until the form is left.
  const [socialEmailError] = useState(hasSocialEmailError);
  useEffect(() => resetSocialEmailError, []);

  const openForgotPassword = () => modals.open("forgot-pass");
  const openSignUp = () => {
    close();
    modals.open("sign-up");
  };

  return (
    <div className="auth-layout">
      <SignInPromo />
      <div>
        <AuthTabSwitch
          modal="sign-in"
          tabsLabel="Sign in with"
          tabs={tabs}
          tab={tab}
          onTabChange={setTab}
        >
          {(kind) => (
            <SignInForm
              key={kind}
              kind={kind}
              emailFocused={emailFocused}
              socialEmailError={socialEmailError}
              close={close}
              onForgotPassword={openForgotPassword}
              onSignUp={openSignUp}
            />
          )}
        </AuthTabSwitch>
      </div>
    </div>
  );
}

function SignInForm({
  kind,
  emailFocused,
  socialEmailError,
  close,
  onForgotPassword,
  onSignUp,
}: {
  kind: AuthTab;
  emailFocused: RefObject<boolean>;
  socialEmailError: boolean;
  close: () => void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}) {
  const { t, content } = useSite();
  const modals = useModals();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () =>
      rulesResolver<SignInValues>(
        schemaFrom(signInSchemaDescriptors(kind)),
        contentMessages(content, "login"),
      ),
    [kind, content],
  );
  const form = useForm<SignInValues>({
    mode: "onChange",
    resolver,
    defaultValues: { login: "", password: "" },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const [hint, setHint] = useState<string | null>(null);

  // SI-08: the e-mail field is focused the first time the e-mail tab shows.
  useEffect(() => {
    if (kind === "email" && !emailFocused.current) {
      emailFocused.current = true;
      form.setFocus("login");
    }
  }, [kind, emailFocused, form]);

  // SI-17: focusing a field clears its server error (and the form's error hint).
  const clearServerError = (name: keyof SignInValues) => {
    if (errors[name]?.type === "server") {
      form.clearErrors(name);
      void form.trigger(name); // recomputes validity, which the server error had set to false
    }
    setHint(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setHint(null);
    const fingerprint = await getFingerprint();
    const login = kind === "phone" ? withPlus(values.login) : values.login.trim();
    try {
      const body = await apiRequest<{ data: SessionTokens }>("/api/player/sessions", {
        method: "POST",
        body: { login, password: values.password, ...(fingerprint ? { fingerprint } : {}) },
      });
      completeSignIn(body.data, queryClient);
      close();
    } catch (error) {
      if (!isApiError(error)) {
        setHint(t("alerts.somethingWrong.title", "Something went wrong"));
        return;
      }
      if (error.status === 401) {
        setHint(
          t(
            "modals.validationMessages.login.invalidCredentials",
            "The login or the password is wrong",
          ),
        );
      } else if (error.status === 422) {
        const rest = applyFieldErrors(error, FIELDS, form.setError);
        if (rest.length > 0) setHint(rest.join(" "));
      } else if (error.code === 11010) {
        close();
        modals.open("geo-restricted-type");
      } else if (error.status === 403) {
        alert("accountBlocked");
      } else {
        setHint(error.message);
      }
    }
  });

  const loginError = socialEmailError
    ? t(
        "modals.validationMessages.login.emailVerification",
        "Please confirm your e-mail address first.",
      )
    : errors.login?.message;

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      {kind === "email" ? (
        <InputField
          label={t("modals.sign-in.emailLabel", "E-mail")}
          type="email"
          autoComplete="email"
          error={loginError}
          {...form.register("login")}
          onFocus={() => clearServerError("login")}
        />
      ) : (
        <Controller
          control={form.control}
          name="login"
          render={({ field }) => (
            <PhoneInput
              name="login"
              label={t("modals.sign-in.phoneLabel", "Phone")}
              error={loginError}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onFocus={() => clearServerError("login")}
              inputRef={field.ref}
            />
          )}
        />
      )}
      <InputField
        label={t("modals.sign-in.passwordLabel", "Password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
        onFocus={() => clearServerError("password")}
      />
      <button type="button" className="modal-button modal-button--link" onClick={onForgotPassword}>
        {t("modals.sign-in.forgotPassword", "Forgot password?")}
      </button>
      <FormNotice text={hint} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={!isValid}
          label={t("modals.sign-in.submit", "Log in")}
          busyText={t("modals.sign-in.submitting", "Signing in…")}
        />
        <SocialButtons />
        <button type="button" className="modal-button modal-button--secondary" onClick={onSignUp}>
          {t("modals.sign-in.registration", "Register")}
        </button>
      </div>
    </form>
  );
}
