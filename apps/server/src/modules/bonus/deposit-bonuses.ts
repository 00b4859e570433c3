// Deposit bonuses (BE-29, API-57, API-58, DP-17, DP-18): what a player may get with the next
// deposit, whether given bonuses are available, and issuing the selected one when the deposit
// succeeds (domain event payment.deposit.succeeded, consumer "bonus-deposits").
import type { BonusStatus, DepositBonus } from "@casino/contract/bonus";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { DomainEvent, InvoiceSucceededPayload } from "../../infra/domain-events";
import { AppError } from "../../infra/errors";
import { applyStoredCodeOnDeposit } from "./bonus-codes";
import {
  type BonusDefinition,
  type Currencies,
  depositFits,
  depositRange,
  findBonus,
  listDepositBonuses,
  listPackageSteps,
  loadCurrencies,
  toDepositBonus,
} from "./definitions";
import { issueBonus } from "./issue-bonus";

/** The bonus ids this player was ever issued (bonuses and free spins). */
async function issuedBonusIds(db: Queryable, playerId: string): Promise<Set<number>> {
  const rows = await db.query<{ bonus_id: number }>(
    `SELECT bonus_id FROM player_bonuses WHERE player_id = $1
     UNION SELECT bonus_id FROM player_freespins WHERE player_id = $1`,
    [playerId],
  );
  return new Set(rows.map((row) => row.bonus_id));
}

/** Why the player cannot get this deposit bonus now (null: available). */
export function unavailableReason(
  bonus: BonusDefinition,
  currency: string,
  currencies: Currencies,
  issued: Set<number>,
  steps: readonly BonusDefinition[],
): BonusStatus["reason"] {
  if (!bonus.isEnabled || bonus.kind !== "deposit") return "disabled";
  if (!depositRange(bonus, currency, currencies).offered) return "currency";
  if (issued.has(bonus.id)) return "used";
  if (bonus.packageId !== null) {
    const earlier = steps.filter(
      (step) => (step.packagePosition ?? 0) < (bonus.packagePosition ?? 0),
    );
    if (earlier.some((step) => !issued.has(step.id))) return "package";
  }
  return null;
}

async function stepsOf(db: Queryable, bonuses: readonly BonusDefinition[]) {
  const steps = new Map<number, BonusDefinition[]>();
  for (const bonus of bonuses) {
    if (bonus.packageId !== null && !steps.has(bonus.packageId)) {
      steps.set(bonus.packageId, await listPackageSteps(db, bonus.packageId));
    }
  }
  return steps;
}

/** GET /api/game/bonuses?currency&amount: the deposit bonuses available now (API-57). */
export async function listAvailableDepositBonuses(
  ctx: AppContext,
  playerId: string,
  currency: string,
): Promise<DepositBonus[]> {
  const currencies = await loadCurrencies(ctx.db);
  if (!currencies.of(currency)) {
    throw AppError.unprocessable({ currency: ["This currency is not available"] });
  }
  const bonuses = await listDepositBonuses(ctx.db);
  const issued = await issuedBonusIds(ctx.db, playerId);
  const steps = await stepsOf(ctx.db, bonuses);
  return bonuses
    .filter(
      (bonus) =>
        unavailableReason(
          bonus,
          currency,
          currencies,
          issued,
          steps.get(bonus.packageId ?? -1) ?? [],
        ) === null,
    )
    .map((bonus) =>
      toDepositBonus(bonus, currency, currencies, steps.get(bonus.packageId ?? -1) ?? []),
    );
}

/** GET /api/game/bonuses/status?bonusIds&currency (API-58). */
export async function bonusStatuses(
  ctx: AppContext,
  playerId: string,
  bonusIds: readonly number[],
  currency: string,
): Promise<BonusStatus[]> {
  const currencies = await loadCurrencies(ctx.db);
  const issued = await issuedBonusIds(ctx.db, playerId);
  const result: BonusStatus[] = [];
  for (const bonusId of bonusIds) {
    const bonus = await findBonus(ctx.db, bonusId);
    if (!bonus) {
      result.push({ bonusId, isAvailable: false, reason: "unknown" });
      continue;
    }
    const steps = bonus.packageId === null ? [] : await listPackageSteps(ctx.db, bonus.packageId);
    const reason = unavailableReason(bonus, currency, currencies, issued, steps);
    result.push({ bonusId, isAvailable: reason === null, reason });
  }
  return result;
}

/**
 * A deposit succeeded (in the dispatcher's transaction, once): issue the bonus the player
 * selected unless declined, when it is still available and the amount fits its trigger; then
 * apply a stored trigger-3 code.
 */
export async function onDepositSucceeded(
  tx: Queryable,
  ctx: AppContext,
  event: DomainEvent,
): Promise<void> {
  const invoice = event.payload as unknown as InvoiceSucceededPayload;
  const amount = BigInt(invoice.amount);
  if (invoice.bonusId !== null && !invoice.isBonusDecline && /^\d{1,9}$/.test(invoice.bonusId)) {
    const bonus = await findBonus(tx, Number(invoice.bonusId));
    if (bonus) {
      const currencies = await loadCurrencies(tx);
      const issued = await issuedBonusIds(tx, invoice.playerId);
      const steps = bonus.packageId === null ? [] : await listPackageSteps(tx, bonus.packageId);
      const fits =
        unavailableReason(bonus, invoice.currency, currencies, issued, steps) === null &&
        depositFits(bonus, invoice.currency, amount, currencies);
      if (fits) {
        await issueBonus(tx, ctx, {
          playerId: invoice.playerId,
          bonusId: bonus.id,
          currency: invoice.currency,
          source: `deposit:${invoice.invoiceId}`,
          depositAmount: amount,
        });
      }
    }
  }
  await applyStoredCodeOnDeposit(tx, ctx, invoice);
}
