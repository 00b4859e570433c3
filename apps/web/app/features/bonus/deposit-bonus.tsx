// The deposit bonus selection of the wallet's deposit forms (spec §4 "Deposit bonus selection",
// §5 "Wallet rules", §9; DP-12..DP-21, CR-07): the offered bonuses (GET /api/game/bonuses with
// the amount debounced 500 ms), each with its preview "cash + FS", a decline choice and the
// promo-code panel; exactly one of the three is chosen. The choice goes to the deposit request
// (bonusId / isBonusDecline); a promo code is stored for the deposit (trigger 3) and removed
// with cancel. Loaded with the wallet chunk.
import { fractionDigits } from "@casino/money/subunit";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api/api-error";
import { useModals, useSite } from "../../lib/site";
import { useMoney } from "../../lib/use-money";
import { useAlert } from "../../toasts/use-alert";
import {
  addBonusCode,
  BONUS_CODES_KEY,
  type DepositBonus,
  deleteBonusCode,
  depositBonusesQuery,
  storedCodesQuery,
} from "./bonus-api";
import {
  BONUS_DEBOUNCE_MS,
  type BonusSelection,
  bonusCodeAlert,
  bonusPreview,
  CODE_TRIGGER,
  debounce,
  initialSelection,
  isBonusDisabled,
  previewText,
  promoSubmitDisabled,
  selectionAfterChange,
} from "./bonus-rules";
import "./bonus.css";

/** The amount as the bonus list sees it: the typed value, settled for 500 ms (DP-17). */
export function useDebouncedValue(value: string, ms = BONUS_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  const update = useRef(debounce((next: string) => setSettled(next), ms));
  useEffect(() => {
    update.current(value);
  }, [value]);
  useEffect(() => {
    const pending = update.current;
    return () => pending.cancel();
  }, []);
  return settled;
}

export function DepositBonusPicker({
  currency,
  amount,
  crypto,
  onChange,
}: {
  currency: string;
  /** The deposit amount as typed (crypto: ""). */
  amount: string;
  crypto: boolean;
  onChange: (selection: BonusSelection) => void;
}) {
  const { t, settings } = useSite();
  const modals = useModals();
  const groupName = useId();
  const defaultDecline = settings.wallet.depositDefaultDecline;
  const settledAmount = useDebouncedValue(crypto ? "" : amount);
  const bonuses = useQuery({
    ...depositBonusesQuery(currency, settledAmount),
    placeholderData: (previous) => previous,
  });
  const list = bonuses.data ?? [];
  const [selection, setSelection] = useState<BonusSelection | null>(null);
  const report = useRef(onChange);
  report.current = onChange;

  // DP-13, DP-14, CR-07 on entry; DP-15 whenever the (debounced) amount or the list changes.
  useEffect(() => {
    if (!bonuses.data) return;
    const options = { crypto, defaultDecline };
    setSelection((current) =>
      current === null
        ? initialSelection(bonuses.data, settledAmount, options)
        : selectionAfterChange(current, bonuses.data, settledAmount, options),
    );
  }, [bonuses.data, settledAmount, crypto, defaultDecline]);

  useEffect(() => {
    if (selection) report.current(selection);
  }, [selection]);
  // No list (the call failed): the deposit goes without a choice, as a declined one when
  // default-decline is configured.
  useEffect(() => {
    if (bonuses.isError && !bonuses.data) {
      report.current(defaultDecline ? { kind: "declined" } : { kind: "promo" });
    }
  }, [bonuses.isError, bonuses.data, defaultDecline]);

  if (!bonuses.data) return null;
  const choose = (next: BonusSelection) => setSelection(next);
  const legend = t("modals.wallet.bonus.title", "Deposit bonus");
  // A radiogroup (not a fieldset's group): the amount presets are the form's group.
  return (
    <div
      className="deposit-bonus"
      role="radiogroup"
      aria-labelledby={`${groupName}-label`}
      aria-busy={bonuses.isFetching}
    >
      <span id={`${groupName}-label`} className="modal-form__label">
        {legend}
      </span>
      {list.map((bonus) => (
        <BonusOption
          key={bonus.id}
          bonus={bonus}
          name={groupName}
          amount={settledAmount}
          currency={currency}
          crypto={crypto}
          checked={selection?.kind === "bonus" && selection.bonusId === bonus.id}
          onChoose={() => choose({ kind: "bonus", bonusId: bonus.id })}
          onInfo={() =>
            modals.open(
              bonus.package ? "package-bonus" : "wallet-bonus-info",
              `${bonus.id} ${currency}`,
            )
          }
        />
      ))}
      <label className="deposit-bonus__option">
        <input
          type="radio"
          name={groupName}
          checked={selection?.kind === "declined"}
          onChange={() => choose({ kind: "declined" })}
        />
        <span className="deposit-bonus__name">
          {t("modals.wallet.bonus.decline", "I don't want a bonus")}
        </span>
      </label>
      <label className="deposit-bonus__option">
        <input
          type="radio"
          name={groupName}
          checked={selection?.kind === "promo"}
          onChange={() => choose({ kind: "promo" })}
        />
        <span className="deposit-bonus__name">
          {t("modals.wallet.bonus.promo", "I have a promo code")}
        </span>
      </label>
      {selection?.kind === "promo" ? <PromoPanel /> : null}
    </div>
  );
}

function BonusOption({
  bonus,
  name,
  amount,
  currency,
  crypto,
  checked,
  onChoose,
  onInfo,
}: {
  bonus: DepositBonus;
  name: string;
  amount: string;
  currency: string;
  crypto: boolean;
  checked: boolean;
  onChoose: () => void;
  onInfo: () => void;
}) {
  const { t } = useSite();
  const money = useMoney();
  const disabled = isBonusDisabled(bonus, amount, crypto);
  // Every amount with its unit, in the unit the player chose (issue 31 item 3).
  const preview = previewText(
    bonusPreview(bonus, amount, fractionDigits(money.currency(currency)?.subunitToUnit ?? 100)),
    (value) => money.format(value, currency),
    (max) => t("global-components.money.upTo", "up to {max}", { max }),
  );
  const range =
    bonus.minDeposit || bonus.maxDeposit
      ? t("modals.wallet.bonus.depositRange", "Deposit {range}", {
          range: money.range(bonus.minDeposit, bonus.maxDeposit, currency),
        })
      : "";
  return (
    <div className="deposit-bonus__row" data-disabled={disabled || undefined}>
      <label className="deposit-bonus__option">
        <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onChoose} />
        <span className="deposit-bonus__name">{bonus.name}</span>
        {preview ? <span className="deposit-bonus__preview">{preview}</span> : null}
      </label>
      {range ? <span className="deposit-bonus__range">{range}</span> : null}
      <button
        type="button"
        className="deposit-bonus__info"
        aria-label={t("modals.wallet.bonus.info", "About {name}", { name: bonus.name })}
        onClick={onInfo}
      >
        i
      </button>
    </div>
  );
}

/**
 * DP-19..DP-21, ER-18, ER-19: the code is stored for the next deposit (trigger 3) and shown with
 * a cancel button that removes it; status 3 / 4 answers raise their alerts.
 */
function PromoPanel() {
  const { t } = useSite();
  const alert = useAlert();
  const client = useQueryClient();
  const inputId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const stored = useQuery(storedCodesQuery);
  const waiting = (stored.data ?? []).filter((item) => item.status === 1);
  const refresh = () => client.invalidateQueries({ queryKey: BONUS_CODES_KEY });
  const add = useMutation({
    mutationFn: () => addBonusCode(code.trim(), CODE_TRIGGER.deposit),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      const problem = bonusCodeAlert(answer.status);
      if (problem) alert(problem, { code: answer.bonusCode });
      else setCode("");
    },
    onError: (failure: Error) =>
      setError(
        failure instanceof ApiError
          ? (Object.values(failure.fields)[0]?.[0] ?? failure.message)
          : t("modals.wallet.bonus.failed", "Something went wrong. Please try again."),
      ),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteBonusCode(id),
    onSettled: refresh,
  });
  const busy = add.isPending;
  return (
    <div className="deposit-bonus__promo">
      {waiting.map((item) => (
        <p key={item.id} className="deposit-bonus__code" role="status">
          <span>
            {t("modals.wallet.bonus.codeStored", "Code {code} applies to this deposit.", {
              code: item.bonusCode,
            })}
          </span>
          <button
            type="button"
            className="modal-button modal-button--secondary"
            disabled={remove.isPending}
            onClick={() => remove.mutate(item.id)}
          >
            {t("modals.wallet.bonus.cancelCode", "Cancel code")}
          </button>
        </p>
      ))}
      {waiting.length === 0 ? (
        <div className="deposit-bonus__code-form">
          <label className="modal-form__label" htmlFor={inputId}>
            {t("modals.wallet.bonus.codeLabel", "Promo code")}
          </label>
          <div className="wallet-copy">
            <input
              id={inputId}
              name="bonusCode"
              className="modal-form__input"
              autoComplete="off"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={(event) => {
                // Enter adds the code, never submits the deposit.
                if (event.key === "Enter") {
                  event.preventDefault();
                  if (!promoSubmitDisabled(code, busy)) add.mutate();
                }
              }}
            />
            <button
              type="button"
              className="modal-button"
              disabled={promoSubmitDisabled(code, busy)}
              onClick={() => add.mutate()}
            >
              {busy
                ? t("modals.wallet.sending", "Sending…")
                : t("modals.wallet.bonus.addCode", "Add code")}
            </button>
          </div>
          {error ? (
            <p className="modal-notice" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
