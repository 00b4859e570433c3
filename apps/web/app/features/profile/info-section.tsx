import type { FieldDescriptor } from "@casino/contract/player";
import type { Constants } from "@casino/contract/settings";
import type { RuleDescriptor } from "@casino/validation/rule";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { BoundSearchableSelect, FlagCheckbox } from "../../forms/controlled-fields";
import { InputField, SelectField } from "../../forms/fields";
import { FormFooter } from "../../forms/form-footer";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { apiRequest } from "../../lib/api/api-client";
import { fieldsQuery } from "../../lib/player-fields";
import { PROFILE_KEY, profileQuery } from "../../lib/session/player-queries";
import { useSite } from "../../lib/site";
import { useCountries } from "../../modals/views/use-countries";
import { useAlert } from "../../toasts/use-alert";
import "../../modals/modal.css";

type Values = Record<string, string>;
const CHECKBOXES = ["receiveEmailPromo", "receiveSmsPromo", "receiveBonus"];

const constantsQuery = {
  queryKey: ["settings", "constants"] as const,
  queryFn: () =>
    apiRequest<{ data: Constants }>("/api/settings/constants").then((body) => body.data),
  staleTime: 5 * 60_000,
};

/**
 * /profile/info (PR-01..PR-03, PR-06): the profile form built from the profile-scenario field
 * descriptors (required marked with *, re-checked on submit), PUT /api/player/profile; time
 * zones from constants player.timeZone; the e-mail confirmation status with a resend button.
 */
export function InfoSection() {
  const fields = useQuery(fieldsQuery("profile"));
  const { t } = useSite();
  return (
    <div className="profile-sections">
      <EmailConfirmation />
      {fields.data ? (
        <ProfileForm descriptors={fields.data} />
      ) : fields.isError ? (
        <p role="alert">{t("alerts.somethingWrong.title", "Something went wrong")}</p>
      ) : (
        <p role="status">{t("global-components.pages.profile-info.loading", "Loading…")}</p>
      )}
    </div>
  );
}

function EmailConfirmation() {
  const { t } = useSite();
  const alert = useAlert();
  const headingId = useId();
  const profile = useQuery(profileQuery);
  const [busy, setBusy] = useState(false);
  const email = profile.data?.email;
  if (!email) return null;
  const resend = async () => {
    setBusy(true);
    try {
      await apiRequest("/api/player/profile/confirmations/email/resend", { method: "POST" });
      alert("resentVerification"); // ER-17
    } catch {
      alert("somethingWrong"); // ER-16
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {t("global-components.pages.profile-info.emailTitle", "E-mail confirmation")}
      </h2>
      {profile.data?.emailConfirmed ? (
        <p>
          {t(
            "global-components.pages.profile-info.confirmed",
            "Your e-mail address {email} is confirmed.",
            { email },
          )}
        </p>
      ) : (
        <>
          <p>
            {t(
              "global-components.pages.profile-info.notConfirmed",
              "Your e-mail address {email} is not confirmed yet.",
              { email },
            )}
          </p>
          <button
            type="button"
            className="modal-button modal-button--secondary"
            onClick={resend}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {t("global-components.pages.profile-info.resend", "Resend")}
          </button>
        </>
      )}
    </section>
  );
}

function ProfileForm({ descriptors }: { descriptors: FieldDescriptor[] }) {
  const { t, content } = useSite();
  const queryClient = useQueryClient();
  const countries = useCountries();
  const constants = useQuery(constantsQuery);
  const headingId = useId();
  const fields = useMemo(
    () =>
      [...descriptors].filter((field) => field.isVisible).sort((a, b) => a.position - b.position),
    [descriptors],
  );
  const names = useMemo(() => fields.map((field) => field.name), [fields]);
  const resolver = useMemo(
    () =>
      rulesResolver<Values>(
        schemaFrom(
          Object.fromEntries(
            fields
              .filter((field) => field.editable)
              .map((field) => [field.name, field.rules as RuleDescriptor[]]),
          ),
        ),
        contentMessages(content),
      ),
    [fields, content],
  );
  const form = useForm<Values>({
    mode: "onChange",
    resolver,
    defaultValues: Object.fromEntries(
      fields.map((field) => [
        field.name,
        CHECKBOXES.includes(field.name)
          ? field.value === "1" || field.value === "true"
            ? "1"
            : ""
          : (field.value ?? ""),
      ]),
    ),
  });
  const { errors, isSubmitting } = form.formState;
  const [saved, setSaved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    setNotice(null);
    const body: Record<string, string | null> = {};
    for (const field of fields) {
      if (!field.editable) continue;
      const value = values[field.name] ?? "";
      body[field.name] = CHECKBOXES.includes(field.name) ? value : value === "" ? null : value;
    }
    try {
      await apiRequest("/api/player/profile", { method: "PUT", body });
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      void queryClient.invalidateQueries({ queryKey: ["player", "fields", "profile"] });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest = applyFieldErrors(error, names, form.setError);
        if (rest.length > 0) setNotice(rest.join(" "));
      } else {
        setNotice((error as Error).message);
      }
    }
  });

  const label = (field: FieldDescriptor) =>
    t(`fields-settings.fields.${field.name}.label`, field.description ?? field.name);
  const timeZones = constants.data?.player.timeZone ?? [];

  const render = (field: FieldDescriptor) => {
    const name = field.name;
    const error = errors[name]?.message;
    const required = field.isRequired;
    const disabled = !field.editable;
    if (CHECKBOXES.includes(name)) {
      return (
        <FlagCheckbox
          key={name}
          control={form.control}
          name={name}
          label={label(field)}
          required={required}
          error={error}
          disabled={disabled}
        />
      );
    }
    if (name === "timeZone") {
      return (
        <SelectField
          key={name}
          label={label(field)}
          required={required}
          error={error}
          disabled={disabled}
          options={timeZones.map((zone) => ({ value: zone.id, label: zone.name }))}
          {...form.register(name)}
        />
      );
    }
    if (name === "country" || name === "nationality") {
      return (
        <BoundSearchableSelect
          key={name}
          control={form.control}
          name={name}
          label={label(field)}
          searchLabel={t("modals.sign-up.searchCountry", "Search countries")}
          required={required}
          error={error}
          disabled={disabled}
          options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
        />
      );
    }
    const type =
      name === "email"
        ? "email"
        : name === "phone"
          ? "tel"
          : name === "birthdate"
            ? "date"
            : name === "age"
              ? "number"
              : "text";
    return (
      <InputField
        key={name}
        label={label(field)}
        type={type}
        inputMode={name === "age" ? "numeric" : undefined}
        required={required}
        error={error}
        readOnly={disabled}
        aria-readonly={disabled || undefined}
        {...form.register(name)}
        onFocus={() => {
          if (errors[name]?.type === "server") {
            form.clearErrors(name);
            void form.trigger(name);
          }
        }}
      />
    );
  };

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {/* Not the page's own title: the page's region is named that, and two landmarks of one
            name cannot be told apart. */}
        {t("global-components.pages.profile-info.detailsTitle", "Your details")}
      </h2>
      <form className="modal-form" onSubmit={submit} noValidate>
        {fields.map(render)}
        <FormFooter
          notice={notice}
          done={
            saved
              ? t("global-components.pages.profile-info.saved", "Your details have been saved.")
              : null
          }
          busy={isSubmitting}
          disabled={false}
          label={t("global-components.pages.profile-info.submit", "Save")}
          busyText={t("global-components.pages.profile-info.submitting", "Saving…")}
        />
      </form>
    </section>
  );
}
