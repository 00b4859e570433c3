// The amount input of spec §5 (WR-01…WR-10): a text input with decimal input mode and at most
// 10 characters, masked to digits.digits with leading zeros stripped, clamped into [min, max]
// on blur (deposit), with preset buttons and a min/max hint.
import { amountMaskFor, maskAmountInput } from "@casino/money/amount-input";
import { useId } from "react";
import { FieldError } from "../../forms/fields";
import { useSite } from "../../lib/site";
import { type AmountBounds, amountLabel, toMinor } from "./wallet-rules";
import type { Preset } from "./wallet-types";

export function AmountField({
  value,
  onChange,
  onBlur,
  bounds,
  currencyCode,
  presets,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  bounds: AmountBounds;
  currencyCode: string;
  presets: readonly Preset[];
  error?: string;
}) {
  const { t } = useSite();
  const id = useId();
  const hintId = `${id}-hint`;
  const mask = amountMaskFor(bounds.subunitToUnit);
  const min = amountLabel(bounds.min, bounds.subunitToUnit);
  const max = amountLabel(bounds.max, bounds.subunitToUnit);
  return (
    <div className="modal-form__field wallet-amount">
      <label className="modal-form__label" htmlFor={id}>
        {t("modals.wallet.amount", "Amount")} ({currencyCode})
      </label>
      <input
        id={id}
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={mask.maxLength}
        className="modal-form__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? `${id}-error` : null].filter(Boolean).join(" ")}
        onChange={(event) => onChange(maskAmountInput(event.target.value, mask))}
        onBlur={onBlur}
      />
      <p id={hintId} className="wallet-hint">
        {t("modals.wallet.minLabel", "Min")} {min} {currencyCode} ·{" "}
        {t("modals.wallet.maxLabel", "Max")} {max} {currencyCode}
      </p>
      {presets.length > 0 ? (
        <fieldset className="wallet-presets">
          <legend className="visually-hidden">
            {t("modals.wallet.presets", "Suggested amounts")}
          </legend>
          {presets.map((preset) => {
            const text = amountLabel(
              toMinor(preset.amount, bounds.subunitToUnit),
              bounds.subunitToUnit,
            );
            const pressed =
              toMinor(value, bounds.subunitToUnit) === toMinor(preset.amount, bounds.subunitToUnit);
            return (
              <button
                key={preset.amount}
                type="button"
                className="wallet-chip"
                aria-pressed={pressed}
                onClick={() => onChange(text)}
              >
                {text} {currencyCode}
              </button>
            );
          })}
        </fieldset>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
