import type { SessionTokens } from "@casino/contract/player";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import { apiRequest } from "../lib/api/api-client";
import { ApiError } from "../lib/api/api-error";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { currenciesQuery } from "../lib/player-fields";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { getFingerprint } from "../lib/session/fingerprint";
import { completeSignIn } from "../lib/session/post-login";
import {
  clearPendingSocialSignUp,
  type PendingSocialSignUp,
  readPendingSocialSignUp,
} from "../lib/session/social-sign-up";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import { useCountries } from "../modals/views/use-countries";
import type { Route } from "./+types/auth-social-complete";
import "../forms/forms.css";
import "../modals/modal.css";

const TITLE = "Finish signing up";

/**
 * `/auth/social/complete` (SU-23, issue 31 item 7): a first social sign-in asks once, before the
 * account exists, what the e-mail form asks: the 18+ and terms consent, the country and the
 * currency (the country preselects its currency), and the offers by e-mail (unticked). Then
 * POST /api/player/sessions/social/register, the post-login handling and the page the sign-in
 * started from. The server refuses the account without them (422 with error.fields).
 */
async function load(env: LoaderEnv) {
  await guardPage(env);
  return null;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  framePageMeta(args, "auth-social-complete", TITLE);

const text = (key: string) => `global-components.pages.auth-social-complete.${key}`;

export default function SocialCompletePage() {
  const { t, href } = useSite();
  // Session storage exists only in the browser: read it after hydration.
  const [pending, setPending] = useState<PendingSocialSignUp | null | undefined>(undefined);
  useEffect(() => setPending(readPendingSocialSignUp()), []);
  return (
    <PageFrame
      title={t(text("title"), TITLE)}
      lead={
        pending
          ? t(
              text("lead"),
              "One more step: confirm your age and choose your country and currency. Your account is created only then.",
            )
          : undefined
      }
    >
      {pending === undefined ? null : pending === null ? (
        <EmptyState
          text={t(text("expired"), "This sign-up has expired. Please sign in again.")}
          action={
            <Link className="page-button" to={href("/")}>
              {t("global-components.error.buttonLabel", "Homepage")}
            </Link>
          }
        />
      ) : (
        <CompleteForm pending={pending} />
      )}
    </PageFrame>
  );
}

function CompleteForm({ pending }: { pending: PendingSocialSignUp }) {
  const { t } = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const countries = useCountries();
  const currencies = useQuery(currenciesQuery);
  const [country, setCountry] = useState(pending.country ?? "");
  const [currency, setCurrency] = useState(pending.currency ?? "");
  const [agreed, setAgreed] = useState(false);
  const [offers, setOffers] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const offeredCountries = (countries.data ?? []).filter(
    (item) => !(item.restrict && item.restrictType === 2),
  );
  const offeredCurrencies = (currencies.data ?? []).filter((item) => item.isEnabled);
  const chooseCountry = (code: string) => {
    setCountry(code);
    const own = offeredCountries.find((item) => item.code === code)?.currency;
    if (own && offeredCurrencies.some((item) => item.code === own)) setCurrency(own);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string[]> = {};
    const required = t("modals.validationMessages.required", "Value is required");
    if (!agreed) local.agreements = [required];
    if (!country) local.country = [required];
    if (!currency) local.currency = [required];
    setErrors(local);
    setNotice(null);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const fingerprint = await getFingerprint();
      const body = await apiRequest<{ data: SessionTokens }>(
        "/api/player/sessions/social/register",
        {
          method: "POST",
          body: {
            signUpToken: pending.signUpToken,
            country,
            currency,
            agreements: "1",
            receiveEmailPromo: offers ? "1" : "",
            ...(fingerprint ? { fingerprint } : {}),
          },
        },
      );
      clearPendingSocialSignUp();
      completeSignIn(body.data, queryClient);
      await navigate(pending.back, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fields);
      else setNotice(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (name: string) =>
    errors[name]?.length ? (
      <span id={`${ids}-${name}-error`} className="form-error">
        {errors[name]?.join(" ")}
      </span>
    ) : null;
  const describedBy = (name: string) => (errors[name]?.length ? `${ids}-${name}-error` : undefined);

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      {pending.email ? <p className="page-frame__lead">{pending.email}</p> : null}
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor={`${ids}-country`}>
          {t("fields-settings.fields.country.label", "Country")}
        </label>
        <select
          id={`${ids}-country`}
          className="modal-form__input"
          value={country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={describedBy("country")}
          onChange={(event) => chooseCountry(event.target.value)}
        >
          <option value="">
            {t("fields-settings.fields.country.placeholder", "Choose your country")}
          </option>
          {offeredCountries.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
        {errorOf("country")}
      </div>
      <div className="modal-form__field">
        <label className="modal-form__label" htmlFor={`${ids}-currency`}>
          {t("fields-settings.fields.currency.label", "Currency")}
        </label>
        <select
          id={`${ids}-currency`}
          className="modal-form__input"
          value={currency}
          aria-invalid={errors.currency ? true : undefined}
          aria-describedby={describedBy("currency")}
          onChange={(event) => setCurrency(event.target.value)}
        >
          <option value="">
            {t("fields-settings.fields.currency.placeholder", "Choose a currency")}
          </option>
          {offeredCurrencies.map((item) => (
            <option key={item.code} value={item.code}>
              {item.code}
            </option>
          ))}
        </select>
        {errorOf("currency")}
      </div>
      <div className="form-check">
        <input
          id={`${ids}-agreements`}
          type="checkbox"
          checked={agreed}
          aria-invalid={errors.agreements ? true : undefined}
          aria-describedby={describedBy("agreements")}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <span>
          <label htmlFor={`${ids}-agreements`}>
            {t(
              "fields-settings.fields.agreements.label",
              "I am at least 18 years old and accept the Terms and Conditions and the Privacy Policy",
            )}
          </label>
          {errorOf("agreements")}
        </span>
      </div>
      <div className="form-check">
        <input
          id={`${ids}-offers`}
          type="checkbox"
          checked={offers}
          onChange={(event) => setOffers(event.target.checked)}
        />
        <span>
          <label htmlFor={`${ids}-offers`}>
            {t("fields-settings.fields.receiveEmailPromo.label", "Send me offers by e-mail")}
          </label>
        </span>
      </div>
      {notice ? (
        <p className="form-error" role="alert">
          {notice}
        </p>
      ) : null}
      <div className="modal-form__actions">
        <button type="submit" className="modal-button" disabled={busy}>
          {t(text("submit"), "Create account")}
        </button>
      </div>
    </form>
  );
}
