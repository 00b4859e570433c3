import type { PlayerSession } from "@casino/contract/player";
import { FIELD_RULE_DESCRIPTORS } from "@casino/validation/fields";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { InputField } from "../../forms/fields";
import { FormFooter } from "../../forms/form-footer";
import { contentMessages, rulesResolver, schemaFrom } from "../../forms/rules-resolver";
import { apiRequest } from "../../lib/api/api-client";
import { useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import "../../modals/modal.css";

type PasswordValues = {
  currentPassword: string;
  newPassword: string;
  repeatNewPassword: string;
};
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "repeatNewPassword"] as const;
const PER_PAGE = 10;
const SESSIONS_KEY = ["player", "sessions"] as const;

/** /profile/security (PR-04, PR-05): password change and the list of sessions. */
export function SecuritySection() {
  return (
    <div className="profile-sections">
      <PasswordChange />
      <SessionList />
    </div>
  );
}

function PasswordChange() {
  const { t, content } = useSite();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [done, setDone] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    mode: "onChange",
    resolver: rulesResolver<PasswordValues>(
      schemaFrom({
        currentPassword: FIELD_RULE_DESCRIPTORS.currentPassword,
        newPassword: FIELD_RULE_DESCRIPTORS.newPassword,
        repeatNewPassword: FIELD_RULE_DESCRIPTORS.repeatNewPassword,
      }),
      contentMessages(content),
    ),
    defaultValues: {
      currentPassword: "",
      newPassword: "",
      repeatNewPassword: "",
    },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const label = (name: string, fallback: string) =>
    t(`fields-settings.fields.${name}.label`, fallback);
  const clearServer = (name: (typeof PASSWORD_FIELDS)[number]) => {
    if (errors[name]?.type === "server") {
      form.clearErrors(name);
      void form.trigger(name); // recomputes validity, which the server error had set to false
    }
    setNotice(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    setNotice(null);
    try {
      const body = await apiRequest<{ data: { closedSessions: number } }>("/api/player/passwords", {
        method: "PUT",
        body: values,
      });
      const closed = body.data?.closedSessions ?? 0;
      setDone(
        closed > 0
          ? t(
              "global-components.pages.profile-security.changedClosed",
              "Your password has been changed and {count} other sessions were closed.",
              { count: closed },
            )
          : t(
              "global-components.pages.profile-security.changed",
              "Your password has been changed.",
            ),
      );
      form.reset();
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest = applyFieldErrors(error, PASSWORD_FIELDS, form.setError);
        if (rest.length > 0) setNotice(rest.join(" "));
      } else {
        setNotice((error as Error).message);
      }
    }
  });

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {t("global-components.pages.profile-security.passwordTitle", "Change password")}
      </h2>
      <form className="modal-form" onSubmit={submit} noValidate>
        <InputField
          label={label("currentPassword", "Current password")}
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
          onFocus={() => clearServer("currentPassword")}
        />
        <InputField
          label={label("newPassword", "New password")}
          type="password"
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...form.register("newPassword", {
            onChange: () => {
              if (form.getValues("repeatNewPassword")) void form.trigger("repeatNewPassword");
            },
          })}
          onFocus={() => clearServer("newPassword")}
        />
        <InputField
          label={label("repeatNewPassword", "Repeat new password")}
          type="password"
          autoComplete="new-password"
          required
          error={errors.repeatNewPassword?.message}
          {...form.register("repeatNewPassword")}
          onFocus={() => clearServer("repeatNewPassword")}
        />
        <FormFooter
          notice={notice}
          done={done}
          busy={isSubmitting}
          disabled={!isValid}
          label={t("global-components.pages.profile-security.submit", "Change password")}
          busyText={t("global-components.pages.profile-security.submitting", "Saving…")}
        />
      </form>
    </section>
  );
}

function SessionList() {
  const { t, locale } = useSite();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const sessions = useQuery({
    queryKey: [...SESSIONS_KEY, page],
    queryFn: () =>
      apiRequest<{ data: PlayerSession[]; meta: { page: number; perPage: number; total: number } }>(
        "/api/player/sessions",
        { query: { page, perPage: PER_PAGE } },
      ),
  });
  const close = useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/player/sessions/${encodeURIComponent(id)}/close`, { method: "PUT" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
    onError: () => alert("somethingWrong"),
  });
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`global-components.pages.profile-security.${key}`, fallback, vars);
  const date = (iso: string) => {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(iso),
      );
    } catch {
      return iso;
    }
  };
  const list = sessions.data?.data ?? [];
  const total = sessions.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="profile-card__title">
        {text("sessionsTitle", "Active sessions")}
      </h2>
      {sessions.isPending ? (
        <p role="status">{t("global-components.pages.profile-info.loading", "Loading…")}</p>
      ) : sessions.isError ? (
        <p role="alert">{t("alerts.somethingWrong.title", "Something went wrong")}</p>
      ) : (
        <div className="profile-table-wrap">
          <table className="form-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{text("device", "Device")}</th>
                <th scope="col">{text("ip", "IP address")}</th>
                <th scope="col">{text("country", "Country")}</th>
                <th scope="col">{text("created", "Signed in")}</th>
                <th scope="col">{text("lastSeen", "Last active")}</th>
                <th scope="col">{text("actions", "Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((session) => (
                <tr key={session.id} aria-current={session.isCurrent || undefined}>
                  <td>{session.device}</td>
                  <td>{session.ip ?? ""}</td>
                  <td>{session.country ?? ""}</td>
                  <td>{date(session.createdAt)}</td>
                  <td>{date(session.lastSeenAt)}</td>
                  <td>
                    {session.isCurrent ? (
                      text("current", "This device")
                    ) : (
                      <button
                        type="button"
                        className="modal-button modal-button--secondary"
                        aria-label={text(
                          "closeLabel",
                          "Close the session on {device} from {date}",
                          {
                            device: session.device,
                            date: date(session.createdAt),
                          },
                        )}
                        disabled={close.isPending && close.variables === session.id}
                        onClick={() => close.mutate(session.id)}
                      >
                        {text("close", "Close")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <div className="profile-pager">
              <button
                type="button"
                className="modal-button modal-button--secondary"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {text("previous", "Previous")}
              </button>
              <button
                type="button"
                className="modal-button modal-button--secondary"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {text("next", "Next")}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
