// The amount of a cash limit with the wallet's amount rules (WR-01..WR-03): a text input in
// decimal mode, at most 10 characters, masked to digits.digits with the currency's decimals.
import { amountMaskFor, maskAmountInput } from "@casino/money/amount-input";
import { parseAmount } from "@casino/money/parse";
import { type ChangeEvent, type ComponentProps, type Ref, useId } from "react";
import { errorProps, FieldFrame } from "../../forms/fields";

export function LimitAmountField({
  label,
  subunitToUnit,
  error,
  hint,
  ref,
  onChange,
  ...input
}: {
  label: string;
  name: string;
  subunitToUnit: number | bigint;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
} & Omit<ComponentProps<"input">, "name" | "ref" | "onChange">) {
  const id = useId();
  const mask = amountMaskFor(subunitToUnit);
  const described = errorProps(id, error, true);
  const hintId = `${id}-hint`;
  return (
    <FieldFrame
      id={id}
      label={label}
      required
      error={error}
      hint={
        hint ? (
          <p id={hintId} className="limit-hint">
            {hint}
          </p>
        ) : null
      }
    >
      <input
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={mask.maxLength}
        className="modal-form__input"
        {...described}
        aria-describedby={
          [hint ? hintId : null, described["aria-describedby"]].filter(Boolean).join(" ") ||
          undefined
        }
        {...input}
        onChange={(event) => {
          event.target.value = maskAmountInput(event.target.value, mask);
          return onChange(event);
        }}
      />
    </FieldFrame>
  );
}

/** True for an amount above zero in the currency ("12." counts as 12). */
export function isPositiveAmount(text: string, subunitToUnit: number | bigint): boolean {
  const parsed = parseAmount(text.replace(/\.$/, ""), subunitToUnit);
  return parsed.ok && parsed.value > 0n;
}
