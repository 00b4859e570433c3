// The fiat deposit form (spec §2 "Deposit forms", §4 "Deposit submit", §5 "Wallet rules") and
// what follows a submit by processingType: a payment window (form), the payment frame (iframe),
// the QR (qr), the deposit-pending modal (message) or the wait for an async invoice's QR.
import { amountInputState, amountOnBlur } from "@casino/money/amount-input";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { SubmitButton } from "../../forms/fields";
import { ApiError } from "../../lib/api/api-error";
import { profileQuery } from "../../lib/session/player-queries";
import { useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { type BonusSelection, depositBonusFields } from "../bonus/bonus-rules";
import { DepositBonusPicker } from "../bonus/deposit-bonus";
import { AmountField } from "./amount-field";
import { onInvoiceUpdate, useInvoiceWatch } from "./live-updates";
import { MethodFieldControl } from "./method-fields";
import { QrCode } from "./qr-code";
import {
  initialValues,
  methodFieldValues,
  serverFieldErrors,
  useFieldValidity,
  useMethodForm,
} from "./use-method-form";
import { requestDeposit } from "./wallet-api";
import {
  type AmountBounds,
  amountLabel,
  defaultAmount,
  newIdempotencyKey,
  presetsInRange,
  visibleFields,
} from "./wallet-rules";
import { markDepositEntered, setAwaitedInvoice, setOutcomeMessage } from "./wallet-store";
import type { DepositResponse, PaymentMethod, WalletAccount } from "./wallet-types";

export type WalletFinish = (
  next?: "deposit-redirect" | "deposit-pending" | "deposit-success" | "deposit-error",
) => void;

/**
 * Where the payment pages send the player back to: the profile wallet page (it reads `deposit`),
 * or, for a payment window the site opened, the window's own return page, which closes it
 * (routes/payment-return.tsx) while this tab shows the result.
 */
export function returnUrls(href: (path: string) => string, inPaymentWindow = false) {
  const base = `${window.location.origin}${href(inPaymentWindow ? "/payment/return" : "/profile/wallet")}`;
  return {
    redirectSuccessUrl: `${base}?deposit=success`,
    redirectErrorUrl: `${base}?deposit=error`,
    redirectUrl: base,
  };
}

const WINDOW_NAME = "casino-payment";

/** DP-05: the payment window is navigated to the response's action (posting its fields, if any). */
function navigateWindow(
  target: Window | null,
  response: { action: string | null; fields: Record<string, string> },
) {
  if (!response.action) return;
  if (!target) {
    window.location.assign(response.action);
    return;
  }
  const names = Object.keys(response.fields);
  if (names.length === 0) {
    target.location.href = response.action;
    return;
  }
  const form = document.createElement("form");
  form.method = "post";
  form.action = response.action;
  form.target = WINDOW_NAME;
  for (const name of names) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = response.fields[name] ?? "";
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}

type Stage =
  | { kind: "form" }
  | { kind: "iframe"; url: string; invoiceId: string }
  | { kind: "qr"; payload: string; invoiceId: string };

export function FiatDeposit({
  method,
  account,
  bounds,
  country,
  finish,
}: {
  method: PaymentMethod;
  account: WalletAccount;
  bounds: AmountBounds;
  country: string | undefined;
  finish: WalletFinish;
}) {
  const [stage, setStage] = useState<Stage>({ kind: "form" });
  if (stage.kind === "iframe") return <PaymentFrame stage={stage} finish={finish} />;
  if (stage.kind === "qr") return <PaymentQr stage={stage} finish={finish} />;
  return (
    <FiatDepositForm
      key={`${method.method}:${account.id}`}
      method={method}
      account={account}
      bounds={bounds}
      country={country}
      finish={finish}
      onStage={setStage}
    />
  );
}

function FiatDepositForm({
  method,
  account,
  bounds,
  country,
  finish,
  onStage,
}: {
  method: PaymentMethod;
  account: WalletAccount;
  bounds: AmountBounds;
  country: string | undefined;
  finish: WalletFinish;
  onStage: (stage: Stage) => void;
}) {
  const { t, settings, href } = useSite();
  const alert = useAlert();
  const profile = useQuery(profileQuery);
  const presets = useMemo(() => presetsInRange(method.presets, bounds), [method.presets, bounds]);
  const defaults = useMemo(
    () => initialValues(method.fields, defaultAmount(method.presets, bounds)),
    [method.fields, method.presets, bounds],
  );
  const form = useMethodForm(method.fields, defaults);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // DP-12..DP-18: the deposit bonus choice (default-decline until the bonus list answered).
  const bonusChoice = useRef<BonusSelection>(
    settings.wallet.depositDefaultDecline ? { kind: "declined" } : { kind: "promo" },
  );
  const [bonusReady, setBonusReady] = useState(false);
  const { errors, isValid } = form.formState;
  const fieldIsValid = useFieldValidity(method.fields, errors);
  const amount = form.watch("amount") ?? "";
  const state = amountInputState(amount, bounds);
  const shown = visibleFields(method.fields, fieldIsValid, {
    showFilledFields: settings.wallet.showFilledFields,
    direction: "deposit",
  });

  const submit = form.handleSubmit(async (values) => {
    setNotice(null);
    // DP-03: a limited profile is refused here, before any request.
    if (profile.data?.status === 2) {
      alert("limitedDeposit");
      return;
    }
    const key = newIdempotencyKey();
    const paymentWindow = method.processingType === "form" ? window.open("", WINDOW_NAME) : null;
    setSending(true);
    try {
      const response: DepositResponse = await requestDeposit(
        {
          method: method.method,
          currency: account.currency,
          country,
          amount: values.amount ?? "",
          accountId: account.id,
          ...returnUrls(href, paymentWindow !== null),
          // DP-18: the selected bonus, or the decline.
          ...depositBonusFields(bonusChoice.current),
          fields: methodFieldValues(method.fields, values),
        },
        key,
      );
      switch (method.processingType) {
        case "form":
          setOutcomeMessage(null, response.invoiceId);
          navigateWindow(paymentWindow, response);
          finish("deposit-redirect");
          break;
        case "iframe":
          if (response.action)
            onStage({ kind: "iframe", url: response.action, invoiceId: response.invoiceId });
          break;
        case "qr":
          if (response.qr)
            onStage({ kind: "qr", payload: response.qr, invoiceId: response.invoiceId });
          break;
        case "message":
          setOutcomeMessage(null, response.invoiceId);
          finish("deposit-pending");
          break;
        case "asyncRedirect":
          setAwaitedInvoice(response.invoiceId);
          break;
      }
    } catch (error) {
      paymentWindow?.close();
      if (error instanceof ApiError && error.status === 422) {
        const rest = serverFieldErrors(
          error,
          ["amount", ...method.fields.map((f) => f.key)],
          (name, value) => form.setError(name, value),
        );
        if (rest.length > 0) setNotice(rest.join(" "));
      } else {
        // DP-11, ER-12: the deposit failed.
        setOutcomeMessage(error instanceof Error ? error.message : null, null);
        finish("deposit-error");
      }
    } finally {
      setSending(false);
    }
  });

  const label = `${t("modals.wallet.depositButton", "Deposit")} ${amountLabel(state.clamped, bounds.subunitToUnit)} ${account.currency}`;
  return (
    <form
      className="modal-form wallet-form"
      onSubmit={submit}
      onInput={markDepositEntered}
      noValidate
    >
      <AmountField
        value={amount}
        onChange={(next) => {
          markDepositEntered();
          form.setValue("amount", next, { shouldValidate: true });
        }}
        onBlur={() =>
          form.setValue("amount", amountOnBlur(amount, bounds), { shouldValidate: true })
        }
        bounds={bounds}
        currencyCode={account.currency}
        presets={presets}
        error={errors.amount?.message}
      />
      {shown.map((field) => (
        <MethodFieldControl
          key={field.key}
          field={field}
          register={form.register}
          error={errors[field.key]?.message}
          disabled={field.key === "agentNumber"}
        />
      ))}
      <div className="wallet-bonus-slot" data-slot="deposit-bonus">
        <DepositBonusPicker
          currency={account.currency}
          amount={amount}
          crypto={false}
          onChange={(selection) => {
            bonusChoice.current = selection;
            setBonusReady(true);
          }}
        />
      </div>
      {notice ? (
        <p className="modal-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <SubmitButton
        busy={sending}
        disabled={!isValid || !state.inRange || !bonusReady}
        label={label}
        busyText={t("modals.wallet.sending", "Sending…")}
      />
    </form>
  );
}

/** Settles a shown payment: success or failure closes the wallet into the result modal. */
function useSettled(invoiceId: string, finish: WalletFinish) {
  const invoice = useInvoiceWatch(invoiceId, { type: 1 });
  useEffect(() => {
    if (invoice?.status === 2) finish("deposit-success");
    else if (invoice?.status === 3) finish("deposit-error");
  }, [invoice?.status, finish]);
  useEffect(
    () =>
      onInvoiceUpdate((update) => {
        if (update.id !== invoiceId) return;
        if (update.status === 2) finish("deposit-success");
        else if (update.status === 3) finish("deposit-error");
      }),
    [invoiceId, finish],
  );
  // The payment page inside the frame comes back to the site, which tells the wallet (routes/profile-wallet.tsx).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: string; result?: string } | null;
      if (data?.type !== "casino:deposit-result") return;
      finish(data.result === "success" ? "deposit-success" : "deposit-error");
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [finish]);
}

/** DP-07: the payment frame. */
function PaymentFrame({
  stage,
  finish,
}: {
  stage: { url: string; invoiceId: string };
  finish: WalletFinish;
}) {
  const { t } = useSite();
  useSettled(stage.invoiceId, finish);
  return (
    <div className="wallet-stage">
      <iframe
        className="wallet-frame"
        src={stage.url}
        title={t("modals.wallet.paymentFrame", "Payment")}
      />
    </div>
  );
}

/** DP-06: the QR to scan, and a link for paying on this device. */
export function PaymentQr({
  stage,
  finish,
}: {
  stage: { payload: string; invoiceId: string };
  finish: WalletFinish;
}) {
  const { t } = useSite();
  useSettled(stage.invoiceId, finish);
  const isLink = /^https?:\/\//.test(stage.payload);
  return (
    <div className="wallet-stage">
      <p className="modal-text">
        {t("modals.wallet.scanQr", "Scan the QR code with your payment app to pay.")}
      </p>
      <QrCode payload={stage.payload} label={t("modals.wallet.qrLabel", "Payment QR code")} />
      {isLink ? (
        <a
          className="modal-button modal-button--link"
          href={stage.payload}
          target="_blank"
          rel="noreferrer"
        >
          {t("modals.wallet.openPaymentPage", "Open the payment page")}
        </a>
      ) : null}
      <p className="wallet-hint" role="status">
        {t("modals.wallet.waitingPayment", "Waiting for your payment…")}
      </p>
    </div>
  );
}

/**
 * DP-09, DP-10: the awaiting-async-invoice view. The invoice id is in session storage; the QR
 * arrives with an invoice event (realtime) or, as a fallback, with the next poll.
 */
export function AwaitingInvoice({
  invoiceId,
  finish,
}: {
  invoiceId: string;
  finish: WalletFinish;
}) {
  const { t } = useSite();
  const polled = useInvoiceWatch(invoiceId, { type: 1, untilQr: true, intervalMs: 1500 });
  const [pushed, setPushed] = useState<string | null>(null);
  useEffect(
    () =>
      onInvoiceUpdate((invoice) => {
        if (invoice.id === invoiceId && invoice.status === 1 && invoice.publicData.qr) {
          setPushed(invoice.publicData.qr);
        }
      }),
    [invoiceId],
  );
  const settledFinish = useMemo<WalletFinish>(
    () => (next) => {
      setAwaitedInvoice(null);
      finish(next);
    },
    [finish],
  );
  useEffect(() => {
    // A settled or declined invoice is not awaited any more.
    if (polled && polled.status !== 1 && !(polled.status === 2 || polled.status === 3)) {
      setAwaitedInvoice(null);
    }
  }, [polled]);
  const qr = pushed ?? polled?.publicData.qr ?? null;
  if (qr) return <PaymentQr stage={{ payload: qr, invoiceId }} finish={settledFinish} />;
  return (
    <div className="wallet-stage" aria-busy="true">
      <span className="form-spinner wallet-stage__spinner" aria-hidden="true" />
      <p className="modal-text" role="status">
        {t("modals.wallet.awaitingInvoice", "Preparing your payment… This takes a few seconds.")}
      </p>
      <button
        type="button"
        className="modal-button modal-button--secondary"
        onClick={() => setAwaitedInvoice(null)}
      >
        {t("modals.wallet.startOver", "Choose another method")}
      </button>
    </div>
  );
}
