import type { SessionTokens } from "@casino/contract/player";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { RESEND_SECONDS } from "../../forms/code-input-rules";
import { BoundSearchableSelect, FlagCheckbox } from "../../forms/controlled-fields";
import { InputField, PasswordStrengthMeter, SubmitButton } from "../../forms/fields";
import { PhoneInput } from "../../forms/phone-input";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { trackEvent } from "../../lib/analytics";
import { apiRequest } from "../../lib/api/api-client";
import { readBrowserCookie } from "../../lib/cookies";
import { currenciesQuery, fieldsQuery } from "../../lib/player-fields";
import { getFingerprint } from "../../lib/session/fingerprint";
import { completeSignIn } from "../../lib/session/post-login";
import { useModals, useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { type AuthTab, authTabs } from "../auth-tabs";
import type { ModalViewProps } from "../modal-view-props";
import { AuthTabSwitch } from "./auth-tab-switch";
import { FormNotice } from "./form-notice";
import { PhoneVerification, type ResendResult } from "./sign-up/phone-verification";
import {
  CHECKBOX_FIELDS,
  checkboxValue,
  type RegistrationField,
  type RegistrationValues,
  registrationBody,
  registrationRules,
  tabFields,
} from "./sign-up/registration-form";
import { useCountries } from "./use-countries";

const OTP_RESEND_LIMIT = 11005;
const OTP_INVALID = 11003;
const COUNTRY_RESTRICTED = 11010;

type Pending = { phone: string; body: Record<string, string> };
type ExternalErrors = { fields: Record<string, string[]>; seq: number };

/**
 * Sign-up (spec §2 "Sign-up modal", §4 "Sign-up", "Phone verification", §5; SU-01..SU-26,
 * PV-01..PV-10, ER-04..ER-09). Fields come from the registration field descriptors loaded at
 * start-up; e-mail registers at once, phone sends a one-time code first and registers with it.
 */
export default function SignUpView({ close }: ModalViewProps) {
  const { t, settings } = useSite();
  const modals = useModals();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const { tabs, initial } = authTabs(settings.signUp.tabsDisplay);
  const [tab, setTab] = useState<AuthTab>(initial);
  const fields = useQuery(fieldsQuery("registration"));
  const [pending, setPending] = useState<Pending | null>(null);
  const [external, setExternal] = useState<ExternalErrors | null>(null);

  const changeTab = (next: AuthTab) => {
    setTab(next);
    trackEvent("sign_up_tab", { tab: next }); // SU-05
  };

  const finish = (tokens: SessionTokens) => {
    completeSignIn(tokens, queryClient);
    alert("successRegistration");
    close();
  };

  // The last code sent: going back and submitting the same phone again within the countdown
  // returns to the verification step without asking for another code.
  const lastSent = useRef<{ phone: string; at: number } | null>(null);
  const sendCode = async (phone: string) => {
    await apiRequest("/api/player/otp/send", {
      method: "POST",
      body: { phone, reason: "registration" },
    });
    lastSent.current = { phone, at: Date.now() };
  };
  const requestCode = async (phone: string) => {
    const last = lastSent.current;
    if (last && last.phone === phone && Date.now() - last.at < RESEND_SECONDS * 1000) return;
    await sendCode(phone);
  };
  const secondsLeft = () => {
    const last = lastSent.current;
    if (!last) return RESEND_SECONDS;
    return Math.max(0, RESEND_SECONDS - Math.floor((Date.now() - last.at) / 1000));
  };

  const verify = async (code: string): Promise<string | null> => {
    if (!pending) return null;
    try {
      const body = await apiRequest<{ data: SessionTokens }>("/api/player/register/phone", {
        method: "POST",
        body: { ...pending.body, code },
      });
      finish(body.data);
      return null;
    } catch (error) {
      if (isApiError(error) && error.code === OTP_INVALID) {
        return t("modals.validationMessages.invalidCode", "The code is wrong or has expired");
      }
      if (isApiError(error) && error.status === 422) {
        // ER-07: back to the form with the field errors.
        setPending(null);
        setExternal((last) => ({ fields: error.fields, seq: (last?.seq ?? 0) + 1 }));
        return null;
      }
      return (
        (isApiError(error) && error.message) ||
        t("modals.validationMessages.cannotVerifyPhone", "Cannot verify phone number")
      );
    }
  };

  const resend = async (): Promise<ResendResult> => {
    if (!pending) return "sent";
    try {
      await sendCode(pending.phone);
      return "sent";
    } catch (error) {
      if (isApiError(error) && error.code === OTP_RESEND_LIMIT) return "limit";
      return {
        error:
          (isApiError(error) && error.message) ||
          t("modals.validationMessages.cannotVerifyPhone", "Cannot verify phone number"),
      };
    }
  };

  const descriptors = (fields.data ?? []) as RegistrationField[];

  return (
    <>
      <div hidden={pending !== null}>
        {fields.isPending ? (
          <p className="modal-text" role="status">
            {t("modals.sign-up.loading", "Loading the registration form…")}
          </p>
        ) : fields.isError ? (
          <FormNotice
            text={t("alerts.somethingWrong.description", "Please try again in a moment.")}
          />
        ) : (
          <AuthTabSwitch
            modal="sign-up"
            tabsLabel="Sign up with"
            tabs={tabs}
            tab={tab}
            onTabChange={changeTab}
          >
            {(kind) => (
              <SignUpForm
                key={kind}
                kind={kind}
                descriptors={descriptors}
                external={external}
                onRegistered={finish}
                onCodeSent={(phone, body) => setPending({ phone, body })}
                sendCode={requestCode}
                onRestricted={() => {
                  close();
                  modals.open("geo-restricted-type");
                }}
              />
            )}
          </AuthTabSwitch>
        )}
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
      </div>
      {pending ? (
        <PhoneVerification
          phone={pending.phone}
          initialSeconds={secondsLeft()}
          onBack={() => setPending(null)}
          onVerify={verify}
          onResend={resend}
        />
      ) : null}
    </>
  );
}

function SignUpForm({
  kind,
  descriptors,
  external,
  onRegistered,
  onCodeSent,
  sendCode,
  onRestricted,
}: {
  kind: AuthTab;
  descriptors: RegistrationField[];
  external: ExternalErrors | null;
  onRegistered: (tokens: SessionTokens) => void;
  onCodeSent: (phone: string, body: Record<string, string>) => void;
  sendCode: (phone: string) => Promise<unknown>;
  onRestricted: () => void;
}) {
  const { t, content, locale, country } = useSite();
  const countries = useCountries();
  const currencies = useQuery(currenciesQuery);
  const shown = useMemo(() => tabFields(descriptors, kind), [descriptors, kind]);
  const bonusDescriptor = descriptors.find((field) => field.name === "bonusCode");
  // SU-08, SU-09: the promo code sits behind its toggle (offered unless the operator hides it).
  const offersPromo = !bonusDescriptor || bonusDescriptor.isVisible;
  const fields = useMemo<RegistrationField[]>(
    () =>
      offersPromo && !shown.some((field) => field.name === "bonusCode")
        ? [
            ...shown,
            {
              name: "bonusCode",
              isRequired: false,
              isVisible: true,
              editable: true,
              position: Number.POSITIVE_INFINITY,
              value: null,
              description: null,
              rules: [],
            },
          ]
        : shown,
    [shown, offersPromo],
  );
  const names = useMemo(() => fields.map((field) => field.name), [fields]);
  const nicknameHidden = !names.includes("nickname");

  const countryList = useMemo(() => countries.data ?? [], [countries.data]);
  const detectedCountry = countryList.find((c) => c.code === country);
  // A switched-off currency opens no account: it is not offered (the server would refuse it).
  const currencyCodes = useMemo(
    () => (currencies.data ?? []).filter((c) => c.isEnabled).map((c) => c.code),
    [currencies.data],
  );
  const detectedCurrency =
    detectedCountry?.currency && currencyCodes.includes(detectedCountry.currency)
      ? detectedCountry.currency
      : "";

  const resolver = useMemo(
    () =>
      rulesResolver<RegistrationValues>(
        schemaFrom(registrationRules(fields)),
        contentMessages(content),
      ),
    [fields, content],
  );
  const fieldSettings = (content["fields-settings"]?.fields ?? {}) as Record<
    string,
    { defaultValue?: unknown } | undefined
  >;
  const form = useForm<RegistrationValues>({
    mode: "onChange",
    resolver,
    defaultValues: Object.fromEntries(
      fields.map((field) => [
        field.name,
        CHECKBOX_FIELDS.includes(field.name)
          ? checkboxValue(fieldSettings[field.name]?.defaultValue) // SU-18
          : field.name === "country"
            ? (detectedCountry?.code ?? field.value ?? "")
            : field.name === "currency"
              ? detectedCurrency || (field.value ?? "")
              : (field.value ?? ""),
      ]),
    ),
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const [promoOpen, setPromoOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // SU-15: country and currency prefilled from the request country once the lists are in.
  useEffect(() => {
    if (names.includes("country") && detectedCountry && !form.getValues("country")) {
      form.setValue("country", detectedCountry.code, { shouldValidate: true });
    }
    if (names.includes("currency") && detectedCurrency && !form.getValues("currency")) {
      form.setValue("currency", detectedCurrency, { shouldValidate: true });
    }
  }, [names, detectedCountry, detectedCurrency, form]);

  // Picking a country picks its currency (when the site offers it); the player may change it.
  useEffect(() => {
    if (!names.includes("currency")) return;
    const subscription = form.watch((values, { name }) => {
      if (name !== "country") return;
      const chosen = countryList.find((c) => c.code === values.country);
      if (chosen?.currency && currencyCodes.includes(chosen.currency)) {
        form.setValue("currency", chosen.currency, { shouldValidate: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [form, names, countryList, currencyCodes]);

  // ER-07: errors of a phone verification that sent us back here.
  useEffect(() => {
    if (!external) return;
    const rest: string[] = [];
    for (const [name, messages] of Object.entries(external.fields)) {
      if (names.includes(name)) form.setError(name, { type: "server", message: messages[0] });
      else if (messages[0]) rest.push(messages[0]);
    }
    setNotice(rest.length > 0 ? rest.join(" ") : null);
  }, [external, form, names]);

  const clearServerError = (name: string) => {
    if (errors[name]?.type === "server") {
      form.clearErrors(name);
      void form.trigger(name); // recomputes validity, which the server error had set to false
    }
    setNotice(null);
  };
  const hasServerError =
    Object.values(errors).some((error) => error?.type === "server") || notice !== null;

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    const fingerprint = await getFingerprint();
    const body = registrationBody(fields, values, {
      tab: kind,
      locale,
      promoOpen,
      nicknameHidden,
      fingerprint,
      affiliateTag: readBrowserCookie("affiliateTag"),
    });
    try {
      if (kind === "email") {
        const answer = await apiRequest<{ data: SessionTokens }>("/api/player/register", {
          method: "POST",
          body,
        });
        onRegistered(answer.data);
      } else {
        await sendCode(body.phone ?? "");
        onCodeSent(body.phone ?? "", body);
      }
    } catch (error) {
      if (!isApiError(error)) {
        setNotice(t("alerts.somethingWrong.title", "Something went wrong"));
      } else if (error.status === 422) {
        const rest = applyFieldErrors(error, names, form.setError); // ER-04
        if (rest.length > 0) setNotice(rest.join(" "));
      } else if (error.code === COUNTRY_RESTRICTED) {
        onRestricted();
      } else if (kind === "phone" && error.code === OTP_RESEND_LIMIT) {
        form.setError("phone", {
          type: "server",
          message: t(
            "modals.validationMessages.resendLimit",
            "You asked for too many codes. Please try again later.",
          ),
        }); // ER-05
      } else if (kind === "phone") {
        form.setError("phone", { type: "server", message: error.message }); // ER-06
      } else {
        setNotice(error.message);
      }
    }
  });

  const label = (field: RegistrationField) =>
    t(`fields-settings.fields.${field.name}.label`, field.description ?? field.name);
  const placeholder = (name: string) => t(`fields-settings.fields.${name}.placeholder`, "");
  const password = form.watch("password") ?? "";

  const render = (field: RegistrationField) => {
    const name = field.name;
    const error = errors[name]?.message;
    const required = field.isRequired;
    const common = {
      label: label(field),
      required,
      error,
      placeholder: placeholder(name) || undefined,
      ...form.register(name),
      onFocus: () => clearServerError(name),
    };
    switch (name) {
      case "email":
        return <InputField key={name} type="email" autoComplete="email" {...common} />;
      case "phone":
        return (
          <Controller
            key={name}
            control={form.control}
            name="phone"
            render={({ field: control }) => (
              <PhoneInput
                name="phone"
                label={label(field)}
                required
                error={error}
                onChange={control.onChange}
                onBlur={control.onBlur}
                onFocus={() => clearServerError(name)}
                inputRef={control.ref}
              />
            )}
          />
        );
      case "password":
        return (
          <InputField
            key={name}
            type="password"
            autoComplete="new-password"
            {...common}
            hint={
              <PasswordStrengthMeter
                password={password}
                texts={{
                  label: t("modals.sign-up.strength.label", "Password strength"),
                  empty: t("modals.sign-up.strength.empty", "empty"),
                  weak: t("modals.sign-up.strength.weak", "weak"),
                  good: t("modals.sign-up.strength.good", "good"),
                  strong: t("modals.sign-up.strength.strong", "strong"),
                }}
              />
            }
          />
        );
      case "password_confirmation":
        return <InputField key={name} type="password" autoComplete="new-password" {...common} />;
      case "bonusCode":
        return promoOpen ? (
          <InputField key={name} autoComplete="off" {...common} />
        ) : (
          <button
            key={name}
            type="button"
            className="modal-button modal-button--link"
            onClick={() => setPromoOpen(true)}
          >
            {t("modals.sign-up.promoToggle", "Referral/Promo Code (Optional)")}
          </button>
        );
      case "country":
      case "currency":
        return (
          <BoundSearchableSelect
            key={name}
            control={form.control}
            name={name}
            label={label(field)}
            searchLabel={
              name === "country"
                ? t("modals.sign-up.searchCountry", "Search countries")
                : t("modals.sign-up.searchCurrency", "Search currencies")
            }
            required={required}
            error={error}
            placeholder={placeholder(name)}
            options={
              name === "country"
                ? countryList.map((c) => ({ value: c.code, label: c.name }))
                : currencyCodes.map((code) => ({ value: code, label: code }))
            }
          />
        );
      default:
        if (CHECKBOX_FIELDS.includes(name)) {
          return (
            <FlagCheckbox
              key={name}
              control={form.control}
              name={name}
              label={label(field)}
              required={required}
              error={error}
              after={name === "agreements" ? <AgreementLinks /> : undefined}
            />
          );
        }
        return <InputField key={name} {...common} />;
    }
  };

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      {fields.map(render)}
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={!isValid || hasServerError}
          label={t("modals.sign-up.submit", "Sign up")}
          busyText={t("modals.sign-up.submitting", "Creating your account…")}
        />
      </div>
    </form>
  );
}

/** The documents the agreement names, opened beside the form (which keeps what was typed). */
function AgreementLinks() {
  const { t, href } = useSite();
  return (
    <>
      (
      <a href={href("/static/terms")} target="_blank" rel="noopener">
        {t("modals.sign-up.termsLink", "Terms and Conditions")}
      </a>
      {" · "}
      <a href={href("/static/privacy")} target="_blank" rel="noopener">
        {t("modals.sign-up.privacyLink", "Privacy Policy")}
      </a>
      )
    </>
  );
}
