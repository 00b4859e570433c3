// edit-cash-limit (LM-05): the period and amount of one cash limit, sent with PUT
// /api/player/limits/{limitId}. Before submitting, the player is told how the change applies: a
// lower amount in the same period at once; a higher amount or another period after 24 hours and
// the player's confirmation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { SelectField, SubmitButton } from "../../forms/fields";
import { useSite } from "../../lib/site";
import { FormNotice } from "../../modals/views/form-notice";
import { isPositiveAmount, LimitAmountField } from "./limit-amount-field";
import { limitErrorText } from "./limit-errors";
import { changeTiming, isCashLimit, PERIODS, updateBody } from "./limit-rules";
import { limitsChanged, limitsQuery, type PlayerLimit, updateLimit } from "./limits-api";
import { useLimitTexts } from "./use-limit-texts";
import "./limits.css";

type Values = { period: string; amount: string };
const FIELDS = ["period", "amount"] as const;
const DAY_MS = 86_400_000;

export function EditLimitForm({ limitId, close }: { limitId: string; close: () => void }) {
  const { t } = useSite();
  const texts = useLimitTexts();
  const limits = useQuery(limitsQuery);
  const limit = limits.data?.find((item) => item.limitId === limitId && isCashLimit(item));
  if (limits.isPending) return <div className="modal__loading" aria-busy="true" />;
  if (!limit) {
    return (
      <div className="modal-form">
        <p className="modal-notice" role="alert">
          {t("modals.edit-cash-limit.missing", "This limit no longer exists.")}
        </p>
        <div className="modal-form__actions">
          <button type="button" className="modal-button" onClick={close}>
            {t("modals.common.close", "Close")}
          </button>
        </div>
      </div>
    );
  }
  return <EditForm limit={limit} texts={texts} close={close} />;
}

function EditForm({
  limit,
  texts,
  close,
}: {
  limit: PlayerLimit;
  texts: ReturnType<typeof useLimitTexts>;
  close: () => void;
}) {
  const { t } = useSite();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: "onChange",
    defaultValues: { period: limit.period ?? "daily", amount: limit.amount ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const subunit = texts.byCode(limit.currency)?.subunitToUnit ?? 100;
  const values = form.watch();
  const timing = changeTiming(limit, values, subunit);
  const updating = useMutation({
    mutationFn: (body: Values) => updateLimit(limit.limitId, updateBody(body)),
  });
  const required = t("modals.validationMessages.required", "Value is required");
  const text = (key: string, fallback: string, vars?: Record<string, string>) =>
    t(`modals.edit-cash-limit.${key}`, fallback, vars);

  const submit = form.handleSubmit(async (data) => {
    setNotice(null);
    try {
      await updating.mutateAsync(data);
      await limitsChanged(client);
      close();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const rest = applyFieldErrors(error, FIELDS, form.setError);
        if (rest.length > 0) setNotice(rest.join(" "));
      } else {
        setNotice(limitErrorText(error, texts.text));
      }
    }
  });

  const effect =
    timing === "immediate"
      ? text("immediate", "A lower limit in the same period applies at once.")
      : timing === "delayed"
        ? text(
            "delayed",
            "A higher limit or a new period waits 24 hours: it can take effect from {date}, once you confirm it. Until then your current limit stays.",
            { date: texts.date(new Date(Date.now() + DAY_MS).toISOString()) },
          )
        : text("unchanged", "Change the period or the amount.");

  return (
    <form className="modal-form" data-view="edit-cash-limit" onSubmit={submit} noValidate>
      <p className="modal-text">
        {text("current", "{limit}: now {amount} {per}.", {
          limit: texts.definition(limit.definition),
          amount: texts.money(limit.amount, limit.currency),
          per: texts.per(limit.period),
        })}
      </p>
      <SelectField
        label={text("period", "Period")}
        required
        options={PERIODS.map((value) => ({ value, label: texts.period(value) }))}
        error={errors.period?.message}
        {...form.register("period", { required })}
      />
      <LimitAmountField
        label={`${text("amount", "Amount")} (${limit.currency ?? ""})`}
        subunitToUnit={subunit}
        error={errors.amount?.message}
        {...form.register("amount", {
          validate: (value) =>
            value
              ? isPositiveAmount(value, subunit) ||
                text("amountPositive", "Enter an amount greater than zero.")
              : required,
        })}
      />
      <p className="limit-effect" role="status" data-timing={timing}>
        {effect}
      </p>
      {limit.pending ? (
        <p className="limit-hint">
          {text("replacesPending", "This replaces the change you requested earlier.")}
        </p>
      ) : null}
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={timing === "unchanged"}
          label={
            timing === "delayed"
              ? text("submitDelayed", "Request the change")
              : text("submit", "Save")
          }
          busyText={text("busy", "Saving…")}
        />
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.cancel", "Cancel")}
        </button>
      </div>
    </form>
  );
}
