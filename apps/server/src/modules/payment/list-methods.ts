import type { MethodField, PaymentMethod } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { assertDepositsOpen } from "../risk/enforce-limits";
import { depositLimitsCountAll } from "../risk/limit-usage";
import { settingsRepository } from "../settings/repository";
import { type Direction, type MethodFieldRecord, paymentMethodsRepository } from "./repository";

/** Profile values that prefill method fields of the same key. */
export interface PrefillValues {
  phone: string | null;
  cpf_number: string | null;
}

function toField(field: MethodFieldRecord, subunit: number, prefill: PrefillValues): MethodField {
  const value = field.key === "phone" || field.key === "cpf_number" ? prefill[field.key] : null;
  return {
    key: field.key,
    labels: field.labels,
    hints: field.hints,
    isRequired: field.isRequired,
    regexp: field.regexp,
    fieldType: field.fieldType,
    value,
    options: field.options.map((option) => ({
      id: option.id ?? null,
      name: option.name,
      regex: option.regex ?? null,
      minAmount: option.minAmount ? formatAmount(BigInt(option.minAmount), subunit) : null,
      maxAmount: option.maxAmount ? formatAmount(BigInt(option.maxAmount), subunit) : null,
    })),
  };
}

/**
 * GET /api/payment/methods/deposit|withdrawal (BE-22): the methods of the currency for the
 * payment region (the `country` query when the player picked another region, else the request
 * country), amounts in the account currency. Deposit methods answer 400/13100 instead while a
 * deposit limit of the currency is used up or a self-exclusion or cooling-off is on (BE-24).
 * A switched-off currency lists withdrawal methods only.
 */
export async function listPaymentMethods(
  ctx: AppContext,
  input: {
    playerId: string;
    direction: Direction;
    currency: string;
    country: string | null;
    prefill: PrefillValues;
  },
): Promise<PaymentMethod[]> {
  const currencies = await settingsRepository(ctx.db).listCurrencies(false);
  // A switched-off currency takes no deposits, but what players hold in it can still leave.
  const currency = currencies.find(
    (item) => item.code === input.currency && (item.isEnabled || input.direction === "withdrawal"),
  );
  if (!currency) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  if (input.direction === "deposit") {
    await assertDepositsOpen(ctx.db, {
      playerId: input.playerId,
      currency: input.currency,
      now: ctx.now(),
      allCurrencies: await depositLimitsCountAll(ctx),
    });
  }
  const subunit = currency.subunitToUnit;
  const methods = await paymentMethodsRepository(ctx.db).list(
    input.direction,
    input.currency,
    input.country,
  );
  return methods.map((method) => ({
    method: method.method,
    title: method.title,
    type: method.type,
    processingType: method.processingType,
    logo: method.logo,
    amountMin: formatAmount(method.amountMin, subunit),
    amountMax: formatAmount(method.amountMax, subunit),
    presets: method.presets
      .filter((preset) => preset.amount >= method.amountMin && preset.amount <= method.amountMax)
      .map((preset) => ({ amount: formatAmount(preset.amount, subunit), default: preset.default })),
    fields: method.fields.map((field) => toField(field, subunit, input.prefill)),
    action: null,
  }));
}
