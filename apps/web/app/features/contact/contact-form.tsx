// The /contact form (PR-07, API-06): name, e-mail, subject and the message textarea, checked
// with the contract's CONTACT_FIELD_RULES (the server answers the same through 422
// error.fields), sent with POST /api/notification/communications. The hidden `captcha` field
// (spec §3) is a trap for form-filling robots: people never see it.
import { CONTACT_FIELD_RULES, type ContactFieldName } from "@casino/contract/notification-rules";
import { type ComponentProps, type Ref, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { errorProps, FieldFrame, InputField } from "../../forms/fields";
import { FormFooter } from "../../forms/form-footer";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { apiRequest } from "../../lib/api/api-client";
import { useSite } from "../../lib/site";
import "../../modals/modal.css";

type ContactValues = Record<ContactFieldName, string> & { captcha: string };
const FIELDS = Object.keys(CONTACT_FIELD_RULES) as ContactFieldName[];
const schema = schemaFrom(CONTACT_FIELD_RULES);

function TextareaField({
  label,
  required,
  error,
  ref,
  ...textarea
}: {
  label: string;
  name: string;
  required?: boolean;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
} & Omit<ComponentProps<"textarea">, "name" | "ref">) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <textarea
        ref={ref}
        className="modal-form__input contact-form__message"
        rows={6}
        {...errorProps(id, error, required)}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function ContactForm() {
  const { t, content, locale } = useSite();
  const headingId = useId();
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    mode: "onTouched",
    resolver: rulesResolver<ContactValues>(schema, contentMessages(content)),
    defaultValues: { name: "", email: "", subject: "", message: "", captcha: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const text = (key: string, fallback: string) =>
    t(`global-components.pages.contact.${key}`, fallback);
  const label = (name: string, fallback: string) =>
    t(`fields-settings.fields.${name}.label`, fallback);
  const clearServer = (name: ContactFieldName) => {
    if (errors[name]?.type === "server") form.clearErrors(name);
    setNotice(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    setSent(false);
    try {
      await apiRequest("/api/notification/communications", {
        method: "POST",
        body: { ...values, locale },
      });
      form.reset();
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest = applyFieldErrors(error, FIELDS, form.setError);
        if (rest.length > 0) setNotice(rest.join(" "));
      } else if (isApiError(error) && error.status === 429) {
        setNotice(
          text("tooMany", "You have sent several messages already. Please try again later."),
        );
      } else {
        setNotice(t("alerts.somethingWrong.title", "Something went wrong"));
      }
    }
  });

  return (
    <section className="profile-card contact-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {text("formTitle", "Write to us")}
      </h2>
      <p className="modal-text">
        {text("intro", "Our support team answers by e-mail, usually within one working day.")}
      </p>
      <form className="modal-form" onSubmit={submit} noValidate>
        <InputField
          label={text("name", "Name")}
          autoComplete="name"
          required
          error={errors.name?.message}
          {...form.register("name")}
          onFocus={() => clearServer("name")}
        />
        <InputField
          label={label("email", "E-mail")}
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register("email")}
          onFocus={() => clearServer("email")}
        />
        <InputField
          label={text("subject", "Subject")}
          error={errors.subject?.message}
          {...form.register("subject")}
          onFocus={() => clearServer("subject")}
        />
        <TextareaField
          label={label("message", "Message")}
          required
          error={errors.message?.message}
          {...form.register("message")}
          onFocus={() => clearServer("message")}
        />
        <div className="visually-hidden" aria-hidden="true">
          <input type="text" tabIndex={-1} autoComplete="off" {...form.register("captcha")} />
        </div>
        <FormFooter
          notice={notice}
          done={
            sent ? text("sent", "Thank you. Your message has been sent to our support team.") : null
          }
          busy={isSubmitting}
          disabled={false}
          label={text("submit", "Send message")}
          busyText={text("sending", "Sending…")}
        />
      </form>
    </section>
  );
}
