import { type FormEvent, useEffect, useRef, useState } from "react";
import { useModals, useSite } from "../../lib/site";
import { type AuthTab, authTabs } from "../auth-tabs";
import type { ModalViewProps } from "../modal-view-props";
import { AuthTabSwitch } from "./auth-tab-switch";
import { FormNotice } from "./form-notice";
import { PhoneField } from "./phone-field";
import { SignInPromo } from "./sign-in-promo";
import { SocialButtons } from "./social-buttons";
import { TextField } from "./text-field";

/**
 * Sign-in frame (spec §2 "Sign-in modal"): e-mail / phone tabs from settings.signIn.tabsDisplay,
 * fields `login` and `password`, log-in, forgot-password, social and registration buttons, and
 * the promo panel. The accounts issue wires the API call; until then submitting says so.
 */
export default function SignInView({ close }: ModalViewProps) {
  const { t, settings } = useSite();
  const modals = useModals();
  const { tabs, initial } = authTabs(settings.signIn.tabsDisplay);
  const [tab, setTab] = useState<AuthTab>(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const emailFocused = useRef(false);

  // The e-mail field is focused the first time the e-mail tab shows.
  useEffect(() => {
    if (tab === "email" && !emailFocused.current && emailRef.current) {
      emailFocused.current = true;
      emailRef.current.focus();
    }
  }, [tab]);

  const notAvailable = () =>
    setNotice(t("modals.sign-in.notAvailable", "Signing in is not available yet."));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    notAvailable();
  };
  // Forgot-password opens on top (closing it returns here); registration replaces sign-in.
  const openForgotPassword = () => modals.open("forgot-pass");
  const openSignUp = () => {
    close();
    modals.open("sign-up");
  };

  const form = (kind: AuthTab) => (
    <form className="modal-form" onSubmit={submit} noValidate>
      {kind === "email" ? (
        <TextField
          ref={emailRef}
          label={t("modals.sign-in.emailLabel", "E-mail")}
          name="login"
          type="email"
          autoComplete="email"
        />
      ) : (
        <PhoneField name="login" label={t("modals.sign-in.phoneLabel", "Phone")} />
      )}
      <TextField
        label={t("modals.sign-in.passwordLabel", "Password")}
        name="password"
        type="password"
        autoComplete="current-password"
      />
      <button
        type="button"
        className="modal-button modal-button--link"
        onClick={openForgotPassword}
      >
        {t("modals.sign-in.forgotPassword", "Forgot password?")}
      </button>
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <button type="submit" className="modal-button">
          {t("modals.sign-in.submit", "Log in")}
        </button>
        <SocialButtons onPick={notAvailable} />
        <button type="button" className="modal-button modal-button--secondary" onClick={openSignUp}>
          {t("modals.sign-in.registration", "Register")}
        </button>
      </div>
    </form>
  );

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
          {form}
        </AuthTabSwitch>
      </div>
    </div>
  );
}
