// The withdraw form (spec §2, §4 "Withdraw success", §5 WR-11…WR-18, §8 ER-13/ER-14): amount,
// the network dropdown and the method's fields (wallet_id checked against the chosen network),
// or the turn-over wager panel when wagering is owed (WD-06).
import { amountInputState } from "@casino/money/amount-input";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { SubmitButton } from "../../forms/fields";
import { contentMessages } from "../../forms/rules-resolver";
import { ApiError } from "../../lib/api/api-error";
import { useModals, useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { AmountField } from "./amount-field";
import { refreshWallet } from "./live-updates";
import { MethodFieldControl } from "./method-fields";
import {
  initialValues,
  methodFieldValues,
  networkOptions,
  selectedNetwork,
  serverFieldErrors,
  useFieldValidity,
  useMethodForm,
} from "./use-method-form";
import { requestWithdrawal, turnOverQuery } from "./wallet-api";
import {
  amountLabel,
  CRYPTO_NETWORK,
  newIdempotencyKey,
  turnOverProgress,
  visibleFields,
  withdrawBounds,
} from "./wallet-rules";
import type { PaymentMethod, TurnOverWager, WalletAccount } from "./wallet-types";

export function WithdrawPane({
  method,
  account,
  subunitToUnit,
  country,
  onDone,
}: {
  method: PaymentMethod;
  account: WalletAccount;
  subunitToUnit: number;
  country: string | undefined;
  onDone: (frameUrl?: string) => void;
}) {
  const { settings } = useSite();
  const wager = useQuery({
    ...turnOverQuery(account.currency),
    enabled: settings.turnOverWager.enabled,
  });
  if (settings.turnOverWager.enabled && wager.isPending) {
    return <p className="wallet-hint" aria-busy="true" />;
  }
  const owed = wager.data && /[1-9]/.test(wager.data.turnOverWagerAmount) ? wager.data : null;
  if (owed) return <TurnOverPanel wager={owed} />;
  return (
    <WithdrawForm
      key={`${method.method}:${account.id}`}
      method={method}
      account={account}
      subunitToUnit={subunitToUnit}
      country={country}
      onDone={onDone}
    />
  );
}

/** WD-06, WR-26: what is still to wager before a withdrawal, with the progress at 2 decimals. */
function TurnOverPanel({ wager }: { wager: TurnOverWager }) {
  const { t } = useSite();
  const progress = turnOverProgress(wager.turnOverWager, wager.total);
  return (
    <section
      className="wallet-wager"
      aria-label={t("modals.wallet.wagerTitle", "Turnover requirement")}
    >
      <p className="modal-text">
        {t("modals.wallet.wagerText", "Wager {amount} {currency} more before you can withdraw.", {
          amount: wager.turnOverWagerAmount,
          currency: wager.currency,
        })}
      </p>
      <div
        className="wallet-wager__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(progress)}
        aria-valuetext={`${progress}%`}
        aria-label={t("modals.wallet.wagerProgress", "Turnover progress")}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <p className="wallet-hint">
        {wager.turnOverWager} / {wager.total} {wager.currency} ({progress}%)
      </p>
    </section>
  );
}

function WithdrawForm({
  method,
  account,
  subunitToUnit,
  country,
  onDone,
}: {
  method: PaymentMethod;
  account: WalletAccount;
  subunitToUnit: number;
  country: string | undefined;
  onDone: (frameUrl?: string) => void;
}) {
  const { t, settings, content } = useSite();
  const alert = useAlert();
  const modals = useModals();
  const client = useQueryClient();
  const networkId = useId();
  const messages = useMemo(() => contentMessages(content), [content]);
  const networks = networkOptions(method.fields);
  const defaults = useMemo(() => initialValues(method.fields, ""), [method.fields]);
  const boundsFor = (code: string | undefined) =>
    withdrawBounds(
      method,
      selectedNetwork(method.fields, code),
      account.withdrawalBalance,
      subunitToUnit,
    );
  const form = useMethodForm(method.fields, defaults, (values) => {
    const bounds = boundsFor(values[CRYPTO_NETWORK]);
    const state = amountInputState(values.amount ?? "", bounds);
    const fill = (template: string, vars: Record<string, string>) =>
      template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
    if (state.value === null) return messages.required ?? "Value is required";
    if (state.value < bounds.min) {
      return fill(messages.minValue ?? "The minimum value allowed is {min}", {
        min: amountLabel(bounds.min, subunitToUnit),
      });
    }
    if (state.value > bounds.max) {
      return fill(messages.maxValue ?? "The maximum value allowed is {max}", {
        max: amountLabel(bounds.max, subunitToUnit),
      });
    }
    return null;
  });
  const [sending, setSending] = useState(false);
  const { errors, isValid } = form.formState;
  const fieldIsValid = useFieldValidity(method.fields, errors);
  const network = form.watch(CRYPTO_NETWORK);
  const amount = form.watch("amount") ?? "";
  const bounds = boundsFor(network);
  const shown = visibleFields(method.fields, fieldIsValid, {
    showFilledFields: settings.wallet.showFilledFields,
    withdrawShowAllFields: settings.wallet.withdrawShowAllFields,
    direction: "withdrawal",
  });

  const submit = form.handleSubmit(async (values) => {
    setSending(true);
    const paymentWindow =
      method.processingType === "form" ? window.open("", "casino-payment") : null;
    try {
      const response = await requestWithdrawal(
        {
          method: method.method,
          currency: account.currency,
          country,
          amount: values.amount ?? "",
          accountId: account.id,
          fields: methodFieldValues(method.fields, values),
        },
        newIdempotencyKey(),
      );
      refreshWallet(client);
      if (method.processingType === "form" && response.action) {
        if (paymentWindow) paymentWindow.location.href = response.action;
        else window.location.assign(response.action);
        onDone();
      } else if (method.processingType === "iframe" && response.action) {
        onDone(response.action);
      } else {
        paymentWindow?.close();
        // WD-04: any other success closes the wallet with the withdrawalProcessed alert.
        alert("withdrawalProcessed");
        onDone();
      }
    } catch (error) {
      paymentWindow?.close();
      // WD-06: refused because a bonus's wagering is owed: the turn-over-wager modal says how much.
      if (error instanceof ApiError && error.status === 422 && settings.turnOverWager.enabled) {
        const owed = await client
          .fetchQuery({ ...turnOverQuery(account.currency), staleTime: 0 })
          .catch(() => null);
        if (owed && /[1-9]/.test(owed.turnOverWagerAmount)) {
          modals.open("turn-over-wager", account.currency);
        }
      }
      if (error instanceof ApiError && error.status === 422) {
        // ER-13: per-field messages from error.fields.
        const rest = serverFieldErrors(
          error,
          ["amount", ...method.fields.map((field) => field.key)],
          (name, value) => form.setError(name, value),
        );
        if (rest.length > 0) alert("somethingWrong");
      } else {
        // ER-14
        alert("somethingWrong");
      }
    } finally {
      setSending(false);
    }
  });

  return (
    <form className="modal-form wallet-form" onSubmit={submit} noValidate>
      <p className="wallet-hint">
        {t("modals.wallet.withdrawable", "Available to withdraw")}: {account.withdrawalBalance}{" "}
        {account.currency}
      </p>
      <AmountField
        value={amount}
        onChange={(next) => form.setValue("amount", next, { shouldValidate: true })}
        bounds={bounds}
        currencyCode={account.currency}
        presets={[]}
        error={errors.amount?.message}
      />
      {networks.length > 0 ? (
        <div className="modal-form__field">
          <label className="modal-form__label" htmlFor={networkId}>
            {t("modals.wallet.network", "Network")}
          </label>
          <select
            id={networkId}
            className="modal-form__input"
            {...form.register(CRYPTO_NETWORK, {
              // WR-18: a new network brings its own wallet_id rule.
              onChange: () => void form.trigger(["wallet_id", "amount"]),
            })}
          >
            {networks.map((item) => (
              <option key={item.code} value={item.code}>
                {item.option.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {shown.map((field) => (
        <MethodFieldControl
          key={field.key}
          field={field}
          register={form.register}
          error={errors[field.key]?.message}
        />
      ))}
      <SubmitButton
        busy={sending}
        disabled={!isValid}
        label={t("modals.wallet.withdrawButton", "Withdraw")}
        busyText={t("modals.wallet.sending", "Sending…")}
      />
    </form>
  );
}
