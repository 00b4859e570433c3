// add-cash-limit (LM-04): a bet, loss or deposit limit for a period in one of the player's
// wallet currencies, created with POST /api/player/limits. A new limit applies at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { applyFieldErrors, isApiError } from "../../forms/api-errors";
import { SelectField, SubmitButton } from "../../forms/fields";
import { useSite } from "../../lib/site";
import { FormNotice } from "../../modals/views/form-notice";
import { accountsQuery } from "../wallet/wallet-api";
import { useDepositScopeText } from "./deposit-limit-note";
import { isPositiveAmount, LimitAmountField } from "./limit-amount-field";
import { limitErrorText } from "./limit-errors";
import { CASH_DEFINITIONS, existingCashLimit, PERIODS } from "./limit-rules";
import { createLimit, limitsChanged, limitsQuery } from "./limits-api";
import { useLimitTexts } from "./use-limit-texts";
import "./limits.css";

type Values = { definition: string; period: string; currency: string; amount: string };
const FIELDS = ["definition", "period", "currency", "amount"] as const;

export function AddLimitForm({ close }: { close: () => void }) {
  const { t } = useSite();
  const texts = useLimitTexts();
  const scope = useDepositScopeText();
  const client = useQueryClient();
  const accounts = useQuery(accountsQuery);
  const limits = useQuery(limitsQuery);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: "onChange",
    defaultValues: { definition: "3", period: "daily", currency: "", amount: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const shown = (accounts.data ?? []).filter((account) => !account.isHidden);
  const active = shown.find((account) => account.status === 1) ?? shown[0];
  const values = form.watch();
  const subunit = texts.byCode(values.currency)?.subunitToUnit ?? 100;

  // The active account's currency is the default once the accounts arrive.
  useEffect(() => {
    if (active && !form.getValues("currency")) form.setValue("currency", active.currency);
  }, [active, form]);

  const clash = existingCashLimit(limits.data ?? [], {
    definition: Number(values.definition),
    currency: values.currency,
    period: values.period,
  });
  const creating = useMutation({ mutationFn: createLimit });
  const required = t("modals.validationMessages.required", "Value is required");
  const text = (key: string, fallback: string) => t(`modals.add-cash-limit.${key}`, fallback);

  const submit = form.handleSubmit(async (data) => {
    setNotice(null);
    try {
      await creating.mutateAsync({
        definition: Number(data.definition) as 1 | 2 | 3,
        period: data.period as "daily" | "weekly" | "monthly",
        currency: data.currency,
        amount: data.amount.replace(/\.$/, ""),
      });
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

  return (
    <form className="modal-form" data-view="add-cash-limit" onSubmit={submit} noValidate>
      <p className="modal-text">
        {text(
          "text",
          "A new limit applies at once. Raising or removing it later takes 24 hours and your confirmation.",
        )}
      </p>
      <SelectField
        label={text("definition", "Limit type")}
        required
        options={CASH_DEFINITIONS.map((value) => ({
          value: String(value),
          label: texts.definition(value),
        }))}
        error={errors.definition?.message}
        {...form.register("definition", { required })}
      />
      <SelectField
        label={text("period", "Period")}
        required
        options={PERIODS.map((value) => ({ value, label: texts.period(value) }))}
        error={errors.period?.message}
        {...form.register("period", { required })}
      />
      <SelectField
        label={text("currency", "Currency")}
        required
        options={shown.map((account) => ({ value: account.currency, label: account.currency }))}
        error={errors.currency?.message}
        {...form.register("currency", { required })}
      />
      {values.definition === "3" && values.currency ? (
        <p className="modal-text limit-scope" role="note">
          {scope(values.currency)}
        </p>
      ) : null}
      <LimitAmountField
        label={`${text("amount", "Amount")}${values.currency ? ` (${values.currency})` : ""}`}
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
      {clash ? (
        <p className="modal-notice" role="status">
          {texts.text(
            "errors.exists",
            "You already have a limit of this kind, currency and period. Edit that limit instead.",
          )}
        </p>
      ) : null}
      <FormNotice text={notice} />
      <div className="modal-form__actions">
        <SubmitButton
          busy={isSubmitting}
          disabled={Boolean(clash) || !values.currency}
          label={text("submit", "Set limit")}
          busyText={text("busy", "Setting the limit…")}
        />
        <button type="button" className="modal-button modal-button--secondary" onClick={close}>
          {t("modals.common.cancel", "Cancel")}
        </button>
      </div>
    </form>
  );
}
