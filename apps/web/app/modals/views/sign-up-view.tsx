import { type FormEvent, useState } from "react";
import { trackEvent } from "../../lib/analytics";
import { useModals, useSite } from "../../lib/site";
import { type AuthTab, authTabs } from "../auth-tabs";
import type { ModalViewProps } from "../modal-view-props";
import { AuthTabSwitch } from "./auth-tab-switch";
import { FormNotice } from "./form-notice";
import { PhoneField } from "./phone-field";
import { TextField } from "./text-field";

/**
 * Sign-up frame (spec §2 "Sign-up modal"): e-mail / phone tabs from settings.signUp.tabsDisplay
 * (switching sends an analytics event), the promo-code toggle, and a link to sign-in. The
 * registration fields from the server and the API calls arrive with the accounts issue.
 */
export default function SignUpView({ close }: ModalViewProps) {
  const { t, settings } = useSite();
  const modals = useModals();
  const { tabs, initial } = authTabs(settings.signUp.tabsDisplay);
  const [tab, setTab] = useState<AuthTab>(initial);
  const [promoOpen, setPromoOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(t("modals.sign-up.notAvailable", "Registration is not available yet."));
  };
  const changeTab = (next: AuthTab) => {
    setTab(next);
    trackEvent("sign_up_tab", { tab: next });
  };

  const form = (kind: AuthTab) => (
    <form className="modal-form" onSubmit={submit} noValidate>
      {kind === "email" ? (
        <TextField
          label={t("modals.sign-up.emailLabel", "E-mail")}
          name="email"
          type="email"
          autoComplete="email"
        />
      ) : (
        <PhoneField name="phone" label={t("modals.sign-up.phoneLabel", "Phone")} />
      )}
      <TextField
        label={t("modals.sign-up.passwordLabel", "Password")}
        name="password"
        type="password"
        autoComplete="new-password"
      />
      {promoOpen ? (
        <TextField
          label={t("modals.sign-up.bonusCodeLabel", "Promo code")}
          name="bonusCode"
          autoComplete="off"
        />
      ) : (
        <button
          type="button"
          className="modal-button modal-button--link"
          onClick={() => setPromoOpen(true)}
        >
          {t("modals.sign-up.promoToggle", "Referral/Promo Code (Optional)")}
        </button>
      )}
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <button type="submit" className="modal-button">
          {t("modals.sign-up.submit", "Sign up")}
        </button>
      </div>
      <p className="modal-text">
        {t("modals.sign-up.haveAccount", "Already have an account?")}{" "}
        <button
          type="button"
          className="modal-button modal-button--link"
          onClick={() => {
            close();
            modals.open("sign-in");
          }}
        >
          {t("modals.sign-up.signInLink", "Sign in")}
        </button>
      </p>
    </form>
  );

  return (
    <AuthTabSwitch
      modal="sign-up"
      tabsLabel="Sign up with"
      tabs={tabs}
      tab={tab}
      onTabChange={changeTab}
    >
      {form}
    </AuthTabSwitch>
  );
}
