// The withdraw form (spec §2, §4 "Withdraw success", §5 WR-11…WR-18, §8 ER-13/ER-14): amount,
// the network dropdown and the method's fields (wallet_id checked against the chosen network),
// or the turn-over wager panel when wagering is owed (WD-06).
import { amountInputState } from "@casino/money/amount-input";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { SubmitButton } from "../../forms/fields";
import { contentMessages } from "../../forms/rules-resolver";
import { ApiError } from "../../lib/api/api-error";
import { useModals, useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { useAlert } from "../../toasts/use-alert";
import { BONUS_KEY, changeBonus } from "../bonus/bonus-api";
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
import { requestWithdrawal, TURN_OVER_KEY, turnOverQuery, WALLET_ACCOUNTS_KEY } from "./wallet-api";
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
      withdrawable={wager.data?.withdrawable ?? account.withdrawalBalance}
      subunitToUnit={subunitToUnit}
      country={country}
      onDone={onDone}
    />
  );
}

/**
 * WD-06, WR-26: what is still to wager before a withdrawal, with the progress at 2 decimals, and
 * (issue 31) what can be withdrawn now, what cancelling the bonus forfeits and keeps, and a
 * button that cancels it after a confirmation (PUT /api/game/player-bonuses/{id}/cancel).
 */
function TurnOverPanel({ wager }: { wager: TurnOverWager }) {
  const { t } = useSite();
  const money = useMoney();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const progress = turnOverProgress(wager.turnOverWager, wager.total);
  const code = wager.currency;
  const bonus = wager.bonus ?? null;
  const cancelling = useMutation({
    mutationFn: (playerBonusId: number) =>
      changeBonus({ kind: "bonus", id: playerBonusId }, "cancel"),
    onMutate: () => setFailed(false),
    onError: () => setFailed(true),
    onSuccess: () => {
      setAsking(false);
      void Promise.all([
        client.invalidateQueries({ queryKey: TURN_OVER_KEY }),
        client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY }),
        client.invalidateQueries({ queryKey: BONUS_KEY }),
      ]);
    },
  });
  return (
    <section
      className="wallet-wager"
      aria-label={t("modals.wallet.wagerTitle", "Turnover requirement")}
    >
      <p className="modal-text">
        {t("modals.wallet.wagerText", "Wager {amount} {currency} more before you can withdraw.", {
          amount: wager.turnOverWagerAmount,
          currency: code,
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
        {t("modals.wallet.wagerDone", "Wagered {done} of {total} ({progress}%)", {
          done: money.format(wager.turnOverWager, code),
          total: money.format(wager.total, code),
          progress,
        })}
      </p>
      {wager.withdrawable !== undefined ? (
        <p className="wallet-hint">
          {t("modals.wallet.withdrawable", "Available to withdraw")}:{" "}
          {money.format(wager.withdrawable, code)}
        </p>
      ) : null}
      {bonus ? (
        <div className="wallet-wager__cancel">
          <p className="modal-text">
            {t(
              "modals.wallet.wagerCancelText",
              "Or cancel the bonus: you lose its {forfeits} of bonus money and keep {keeps}, which you can then withdraw.",
              {
                forfeits: money.format(bonus.forfeits, code),
                keeps: money.format(bonus.keeps, code),
              },
            )}
          </p>
          {failed ? (
            <p className="modal-notice" role="alert">
              {t("modals.wallet.wagerCancelFailed", "The bonus could not be cancelled. Try again.")}
            </p>
          ) : null}
          {asking ? (
            <fieldset className="limit-confirm">
              <legend className="limit-confirm__text">
                {t(
                  "modals.wallet.wagerCancelQuestion",
                  "Cancel the bonus? {forfeits} of bonus money is lost for good.",
                  { forfeits: money.format(bonus.forfeits, code) },
                )}
              </legend>
              <div className="modal-form__actions">
                <button
                  type="button"
                  className="modal-button"
                  disabled={cancelling.isPending}
                  onClick={() => cancelling.mutate(bonus.playerBonusId)}
                >
                  {t("modals.wallet.wagerCancelYes", "Yes, cancel the bonus")}
                </button>
                <button
                  type="button"
                  className="modal-button modal-button--secondary"
                  onClick={() => setAsking(false)}
                >
                  {t("modals.wallet.wagerCancelNo", "No, keep the bonus")}
                </button>
              </div>
            </fieldset>
          ) : (
            <button
              type="button"
              className="modal-button modal-button--secondary"
              onClick={() => setAsking(true)}
            >
              {t("modals.wallet.wagerCancel", "Cancel bonus")}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}

function WithdrawForm({
  method,
  account,
  withdrawable,
  subunitToUnit,
  country,
  onDone,
}: {
  method: PaymentMethod;
  account: WalletAccount;
  /** The server's one definition of what can be withdrawn now (issue 31). */
  withdrawable: string;
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
        {t("modals.wallet.withdrawable", "Available to withdraw")}: {withdrawable}{" "}
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
