// Decimals and the limits form as the Payments and Countries desks show them.
import type { OperatorPaymentMethod } from "@casino/contract/operator";
import { Field, listOf, text } from "./ui";

/** An exact decimal without trailing zeros ("1.0800" → "1.08", "5.00" → "5"). */
export const decimal = (value: string) =>
  value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;

type MethodCurrency = OperatorPaymentMethod["currencies"][number];

/** A method's limits and presets in one currency (major units), pre-filled from `item`. */
export function MethodLimitFields({ code, item }: { code: string; item?: MethodCurrency }) {
  return (
    <>
      <Field label={`Minimum (${code})`} name="amountMin" defaultValue={item?.amountMin} />
      <Field label={`Maximum (${code})`} name="amountMax" defaultValue={item?.amountMax} />
      <Field
        label={`Preset amounts (${code}, separated by commas)`}
        name="presets"
        required={false}
        defaultValue={item?.presets.map((each) => each.amount).join(", ") ?? ""}
      />
      <Field
        label={`Default preset (${code}, optional)`}
        name="default"
        required={false}
        defaultValue={item?.presets.find((each) => each.default)?.amount ?? ""}
      />
    </>
  );
}

/** The PUT .../currencies/{currency} body of MethodLimitFields. */
export function limitsOf(form: FormData) {
  const amounts = listOf(text(form, "presets"));
  const chosen = text(form, "default");
  if (chosen && !amounts.some((amount) => decimal(amount) === decimal(chosen))) {
    throw new Error("The default preset must be one of the preset amounts");
  }
  return {
    amountMin: text(form, "amountMin"),
    amountMax: text(form, "amountMax"),
    presets: amounts.map((amount) => ({
      amount,
      default: chosen !== "" && decimal(amount) === decimal(chosen),
    })),
  };
}
