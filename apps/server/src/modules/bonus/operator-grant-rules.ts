// The rules an operator's bonus money follows (issue 24), beyond the promotions scope:
// - Bonus money without wagering (a money bonus whose wager multiplier is 0) is withdrawable
//   after one bet: a balance adjustment in disguise. Granting one, or creating or changing such a
//   definition (bonus codes and deposits hand it out), needs the adjustments' scope, payments,
//   besides promotions, and with it the same second factor (OPERATOR_SECOND_FACTOR_SCOPES holds
//   payments by default). Otherwise 403.
// - A grant worth more than OPERATOR_GRANT_APPROVAL_ABOVE (base currency, converted at the
//   site's rates) waits for a second operator (operator-grant-requests.ts).
import { parseAmount } from "@casino/money/parse";
import { convertExact } from "@casino/money/rate";
import type { AppContext } from "../../context";
import { requireAlsoScope } from "../../lib/operator-api";
import type { Currencies, CurrencyInfo } from "./definitions";

/** A money bonus (not free spins) whose wager multiplier is 0. */
export function withoutWagering(definition: { type: number; wagerMultiplier: string }): boolean {
  return definition.type !== 3 && /^0*(\.0*)?$/.test(definition.wagerMultiplier.trim());
}

/** 403 unless the calling key also holds payments (the scope of balance adjustments). */
export function requireAdjustmentScope(what: string): void {
  requireAlsoScope(
    "payments",
    `${what} without wagering is money the player may withdraw at once, like a balance adjustment: it needs the payments scope too`,
  );
}

/** Whether `amount` of `currency` is above OPERATOR_GRANT_APPROVAL_ABOVE (in the base currency). */
export function needsSecondApprover(
  ctx: AppContext,
  amount: bigint,
  currency: CurrencyInfo,
  currencies: Currencies,
): boolean {
  const threshold = ctx.config.operatorGrantApprovalAbove;
  if (threshold === null) return false;
  const { base } = currencies;
  const limit = parseAmount(threshold, Number(base.subunitToUnit));
  if (!limit.ok || limit.value === 0n) return true;
  const value = convertExact(
    amount,
    { subunitToUnit: Number(currency.subunitToUnit), rate: currency.rate },
    { subunitToUnit: Number(base.subunitToUnit), rate: base.rate },
  );
  // value > limit, exactly: numerator / denominator > limit.
  return value.numerator > limit.value * value.denominator;
}
